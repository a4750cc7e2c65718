; (run) inside a rule's actions does nothing while a run is going on (CLIPS's AlreadyRunning guard).
(defrule a (n ?x&:(< ?x 5)) => (printout t "a " ?x crlf) (assert (n (+ ?x 1))) (printout t "run returned " (run) crlf))
(deffacts d (n 0))
