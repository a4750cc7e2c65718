;;; funcall calls built-ins, deffunctions and commands by a name (symbol, string or computed), multifield arguments stay one argument; timer evaluates its actions and returns a float
(deffunction f (?a $?b) (create$ ?b ?a))
(deffunction twice (?x) (* 2 ?x))
(defrule go
  =>
  (printout t (funcall + 1 2) crlf)
  (printout t (funcall length$ (create$ a b c)) crlf)
  (printout t (funcall "str-cat" a b) crlf)
  (printout t (funcall (sym-cat str- cat) x y) crlf)
  (printout t (funcall f 1 2 (create$ 3 4)) crlf)
  (printout t (funcall twice 21) crlf)
  (funcall printout t "from printout" crlf)
  (printout t (funcall create$ (create$ a b) c) crlf)
  (printout t (funcall and TRUE FALSE) " " (funcall or FALSE 1) crlf)
  (printout t (funcall upcase abc) crlf)
  (bind ?t (timer (printout t "timed" crlf) (+ 1 2)))
  (printout t (>= ?t 0) " " (floatp ?t) crlf)
  (printout t (type (timer)) crlf)
  (printout t (type (timer (create$ 1 2))) crlf))
