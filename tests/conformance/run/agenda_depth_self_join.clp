;;; depth: a rule whose two patterns match the same relation; new fact entering as first and as second pattern
(defrule order (n ?x) (n ?y&:(< ?x ?y)) => (printout t ?x " < " ?y crlf))
(defrule adder
   (declare (salience 10))
   ?s <- (step ?k&:(<= ?k 3))
   =>
   (retract ?s)
   (printout t "add " (* ?k 10) crlf)
   (assert (n (* ?k 10)) (step (+ ?k 1))))
(deffacts start (n 15) (n 5) (step 1))
