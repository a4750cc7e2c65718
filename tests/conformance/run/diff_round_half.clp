;;; round of exact halves: 6.4 rounds half away from zero; 6.30 rounds halves toward negative infinity
(defrule go
   =>
   (foreach ?x (create$ 0.5 1.5 2.5 3.5 -0.5 -1.5 -2.5 2.49 2.51)
      (printout t ?x " -> " (round ?x) crlf)))
