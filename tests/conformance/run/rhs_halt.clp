;;; halt stops the run after the current rule's actions complete; remaining activations stay on the agenda
(deffacts d (n 1) (n 2) (n 3) (n 4))
(defrule show
   (n ?x)
   =>
   (printout t "n " ?x crlf)
   (if (= ?x 3) then (halt) (printout t "actions after halt still run" crlf)))
