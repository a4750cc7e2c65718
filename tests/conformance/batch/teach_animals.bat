(load "../../../examples/teaching/animals.clp")
(reset)
(run)
maybe
yes
no
(facts)
(exit)
