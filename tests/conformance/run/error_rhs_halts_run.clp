;;; a runtime error in an RHS stops that rule's actions and halts the run; output before the error is kept
(deffunction as-symbol (?x) (nth$ 1 (create$ ?x)))
(deffacts d (n 1) (n 2) (n 3))
(defrule show
   (n ?x)
   =>
   (printout t "before " ?x crlf)
   (if (= ?x 2) then (printout t "result " (+ 1 (as-symbol abc)) crlf))
   (printout t "after " ?x crlf))
(defrule never (declare (salience -10)) => (printout t "never reached" crlf))
