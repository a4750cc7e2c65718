;;; a defglobal's value may bind and read variables (progn, loop-for-count): each value is evaluated once when defined and again by (reset); the variables it binds are the prompt's
(defglobal ?*x* = (progn (bind ?a 1) (printout t "eval x" crlf) (+ ?a 1)))
(defglobal ?*y* = (loop-for-count (?i 1 3) (printout t ?i crlf)))
(defglobal ?*z* = ?q)
(defglobal ?*w* = (+ ?*x* 1) ?*v* = ?a)
?a
?*w*
(bind ?b 5)
(defglobal ?*u* = ?b)
?*u*
(reset)
(show-defglobals)
(bind ?a 10)
(bind ?*v*)
?*v*
(deffunction get-v () (bind ?*v*) ?*v*)
(bind ?a 20)
(get-v)
(exit)
