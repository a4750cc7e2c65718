;;; logical CE: facts asserted with logical support are retracted when the support goes away
(deffacts d (raining) (outside tom) (outside ann))
(defrule wet
   (logical (raining) (outside ?p))
   =>
   (printout t ?p " gets wet" crlf)
   (assert (wet ?p)))
(defrule umbrella
   (logical (wet ?p))
   =>
   (assert (needs-umbrella ?p)))
(defrule show-wet (wet ?p) => (printout t "wet: " ?p crlf))
(defrule go-inside
   (declare (salience -10))
   ?o <- (outside tom)
   =>
   (printout t "tom goes inside" crlf)
   (retract ?o)
   (facts 1))
(defrule stop-rain
   (declare (salience -20))
   ?r <- (raining)
   =>
   (printout t "rain stops" crlf)
   (retract ?r)
   (facts 1))
