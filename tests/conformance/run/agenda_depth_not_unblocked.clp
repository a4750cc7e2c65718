;;; depth: retracting one blocker activates several not-CE rules at once; order relative to other activations
(defrule free-a (slot ?s) (not (taken ?s)) => (printout t "free-a " ?s crlf))
(defrule free-b (not (taken ?s)) (slot ?s) => (printout t "free-b " ?s crlf))
(defrule counted (slot ?s) => (printout t "slot " ?s crlf))
(defrule release
   (declare (salience 10))
   ?t <- (taken ?s)
   (release ?s)
   =>
   (printout t "releasing " ?s crlf)
   (retract ?t))
(deffacts start (slot 1) (slot 2) (taken 1) (taken 2) (release 2) (release 1))
