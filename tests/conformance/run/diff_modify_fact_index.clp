;;; modify keeps the fact index in 6.4 (6.30 retracts and asserts a new fact with a new index)
(deftemplate emp (slot name) (slot salary))
(deffacts d (emp (name ann) (salary 100)) (other))
(defrule raise
   ?e <- (emp (name ann) (salary 100))
   =>
   (bind ?m (modify ?e (salary 120)))
   (printout t "old index " (fact-index ?e) " new index " (fact-index ?m) " old exists " (fact-existp ?e) crlf)
   (facts 1))
