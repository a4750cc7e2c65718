;;; depth: activations created by an RHS fire before older ones of equal salience; interleaving of a chain
(deffacts start (step 0) (other x) (other y))
(defrule advance
   ?f <- (step ?n&:(< ?n 3))
   =>
   (retract ?f)
   (printout t "advance " ?n crlf)
   (assert (step (+ ?n 1))))
(defrule report (step ?n) => (printout t "report " ?n crlf))
(defrule other (other ?x) => (printout t "other " ?x crlf))
