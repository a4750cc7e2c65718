;;; set-reset-globals / get-reset-globals: (reset) keeps the globals' values while FALSE; the setting returns its old value and survives (clear)
(defglobal ?*x* = 1 ?*y* = (+ 10 1))
(get-reset-globals)
(bind ?*x* 5)
(bind ?*y* 50)
(set-reset-globals FALSE)
(set-reset-globals FALSE)
(get-reset-globals)
(reset)
?*x*
?*y*
(set-reset-globals TRUE)
(reset)
?*x*
?*y*
(set-reset-globals 7)
(get-reset-globals)
(set-reset-globals FALSE)
(clear)
(get-reset-globals)
(set-reset-globals TRUE)
(exit)
