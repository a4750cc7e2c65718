;;; foreach and progn$ over multifields with the ?var-index variable, nested, break inside foreach
(defrule go
   =>
   (foreach ?x (create$ a b c) (printout t ?x "@" ?x-index " "))
   (printout t crlf)
   (progn$ (?y (create$ 10 20 30)) (printout t ?y "@" ?y-index " "))
   (printout t crlf)
   (progn$ (create$ 1 2) (printout t "body "))
   (printout t crlf)
   (foreach ?x (create$ 1 2 3 4 5)
      (if (= ?x 4) then (break))
      (foreach ?y (create$ a b) (printout t ?x ?y " ")))
   (printout t crlf)
   (foreach ?e (create$) (printout t "never"))
   (printout t "foreach returns: " (foreach ?z (create$ p q) ?z) crlf)
   (bind ?sum 0)
   (progn$ (?v (create$ 1 2 3 4)) (bind ?sum (+ ?sum (* ?v ?v-index))))
   (printout t "weighted sum " ?sum crlf))
