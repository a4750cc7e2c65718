(load "../../../examples/teaching/ce-test.clp")
(reset)
(run)
(facts)
