(load "../../../examples/teaching/family.clp")
(reset)
(run)
(facts)
