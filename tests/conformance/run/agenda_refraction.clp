;;; refraction: activation fires once even if other facts change; retract+reassert same fact gives a new activation
(deffacts start (item a) (item b) (phase 1))
(defrule show (item ?x) => (printout t "item " ?x crlf))
(defrule phase
   ?p <- (phase ?n&:(< ?n 4))
   =>
   (retract ?p)
   (printout t "phase " ?n crlf)
   (assert (phase (+ ?n 1))))
(defrule reassert
   (declare (salience 10))
   ?i <- (item b)
   (phase 2)
   (not (reasserted))
   =>
   (printout t "retract and reassert item b" crlf)
   (retract ?i)
   (assert (item b) (reasserted)))
(defrule duplicate-is-noop
   (declare (salience 10))
   (phase 3)
   =>
   (printout t "asserting existing item a" crlf)
   (assert (item a)))
