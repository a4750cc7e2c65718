;;; logical support from two rules: a fact stays while any support remains; unconditional assert removes TMS retraction
(deffacts d (a) (b) (c))
(defrule from-a (logical (a)) => (assert (derived)) (printout t "from-a" crlf))
(defrule from-b (logical (b)) => (assert (derived)) (printout t "from-b" crlf))
(defrule from-c (logical (c)) => (assert (soft)) (printout t "from-c" crlf))
(defrule steps
   (declare (salience -10))
   ?fa <- (a) ?fb <- (b) ?fc <- (c)
   =>
   (retract ?fa)
   (printout t "after retracting a, derived exists: " (any-factp ((?x derived)) TRUE) crlf)
   (retract ?fb)
   (printout t "after retracting b, derived exists: " (any-factp ((?x derived)) TRUE) crlf)
   (assert (soft))
   (retract ?fc)
   (printout t "soft asserted unconditionally survives: " (any-factp ((?x soft)) TRUE) crlf))
