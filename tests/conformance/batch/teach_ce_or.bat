(load "../../../examples/teaching/ce-or.clp")
(reset)
(run)
(facts)
