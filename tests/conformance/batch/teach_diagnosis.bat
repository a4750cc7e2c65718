(load "../../../examples/teaching/diagnosis.clp")
(reset)
(run)
(facts)
