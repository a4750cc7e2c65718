;;; depth: one rule, several facts; activations from later facts fire first; deffacts order and RHS assert order
(deffacts nums (n 1) (n 2) (n 3))
(defrule show (n ?x) => (printout t "n " ?x crlf))
(defrule more
   (declare (salience 5))
   (n 3)
   =>
   (assert (n 10) (n 11))
   (assert (n 12)))
