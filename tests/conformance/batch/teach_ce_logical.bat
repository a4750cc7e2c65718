(load "../../../examples/teaching/ce-logical.clp")
(reset)
(run)
(facts)
