(load "../../../examples/teaching/ce-not.clp")
(reset)
(run)
(facts)
