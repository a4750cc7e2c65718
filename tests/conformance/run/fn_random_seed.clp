;;; seeded random numbers: (seed N) then (random) and (random lo hi) give a fixed sequence
(defrule go
   =>
   (seed 42)
   (loop-for-count 5 (printout t (random 1 100) " "))
   (printout t crlf)
   (seed 42)
   (printout t "repeat: " (random 1 100) crlf)
   (seed 7)
   (bind ?r (random))
   (printout t "integer: " (integerp ?r) crlf)
   (printout t "in range: " (and (>= (random 5 6) 5) (<= (random 5 6) 6)) crlf))
