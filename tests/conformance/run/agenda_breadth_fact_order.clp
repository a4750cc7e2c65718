;;; breadth strategy: activations fire oldest first, including those created by RHS asserts
(deffacts nums (n 1) (n 2) (n 3))
(defrule show (n ?x) => (printout t "n " ?x crlf))
(defrule more
   (declare (salience 5))
   (n 3)
   =>
   (assert (n 10) (n 11))
   (assert (n 12)))
(defrule r1 (n 2) => (printout t "r1 on n 2" crlf))
(defrule setup (declare (salience 100)) => (set-strategy breadth) (printout t "strategy " (get-strategy) crlf))
(defrule teardown (declare (salience -100)) => (set-strategy depth) (printout t "strategy " (get-strategy) crlf))
