(defrule r (x ?y&:(clear)) =>)
(assert (x 1))
(assert (x 2))
(facts)
