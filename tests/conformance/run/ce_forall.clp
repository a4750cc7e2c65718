;;; forall CE: satisfied vacuously, broken by a counter-example, restored when it is fixed
(deffacts d (task a) (task b) (done a) (phase 1))
(defrule all-done
   (phase ?p)
   (forall (task ?t) (done ?t))
   =>
   (printout t "phase " ?p ": all tasks done" crlf))
(defrule progress
   ?ph <- (phase ?p&:(< ?p 4))
   =>
   (retract ?ph)
   (switch ?p
      (case 1 then (printout t "finishing b" crlf) (assert (done b)))
      (case 2 then (printout t "adding task c" crlf) (assert (task c)))
      (case 3 then (printout t "removing task c" crlf) (do-for-fact ((?f task)) (eq (nth$ 1 (fact-slot-value ?f implied)) c) (retract ?f))))
   (assert (phase (+ ?p 1))))
