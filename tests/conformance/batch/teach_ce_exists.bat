(load "../../../examples/teaching/ce-exists.clp")
(reset)
(run)
(facts)
