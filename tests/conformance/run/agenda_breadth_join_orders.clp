;;; breadth: two-pattern rules, partial matches completed by different facts; oldest activations first
(defrule pair (left ?x) (right ?y) => (printout t "pair " ?x " " ?y crlf))
(defrule same (left ?x) (right ?x) => (printout t "same " ?x crlf))
(defrule phase1
   (declare (salience 10))
   =>
   (set-strategy breadth)
   (assert (left 1) (left 2))
   (assert (right 1))
   (assert (left 3))
   (assert (right 2) (right 3)))
(defrule restore (declare (salience -10)) => (set-strategy depth))
