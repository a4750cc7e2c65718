;;; refraction: a rule fires once per fact combination; modify makes a new fact so rules fire again
(deftemplate counter (slot n))
(deffacts start (counter (n 0)))
(defrule count
   ?c <- (counter (n ?n&:(< ?n 3)))
   =>
   (printout t "count " ?n crlf)
   (modify ?c (n (+ ?n 1))))
(defrule watch-n (counter (n ?n)) => (printout t "seen " ?n crlf))
(defrule no-refire (counter) => (printout t "any counter" crlf))
