(load "../../../examples/teaching/ce-forall.clp")
(reset)
(run)
(facts)
