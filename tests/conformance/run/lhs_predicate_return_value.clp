;;; predicate constraints :(...) and return-value constraints =(...), test CE, variables compared across patterns
(deffacts d (age tom 30) (age ann 31) (age bob 45) (limit 40) (pair 3 6) (pair 4 9) (pair 5 10))
(defrule older-than-limit (limit ?l) (age ?n ?a&:(> ?a ?l)) => (printout t ?n " is over " ?l crlf))
(defrule one-year-apart (age ?x ?a) (age ?y =(+ ?a 1)) => (printout t ?y " is one year older than " ?x crlf))
(defrule doubles (pair ?a =(* 2 ?a)) => (printout t ?a " doubled is the second" crlf))
(defrule not-double (pair ?a ?b&~=(* 2 ?a)) => (printout t ?b " is not twice " ?a crlf))
(defrule test-ce (pair ?a ?b) (test (> (+ ?a ?b) 12)) => (printout t "sum of " ?a " and " ?b " above 12" crlf))
(defrule test-ce-first (test (> 2 1)) (limit ?l) => (printout t "test first, limit " ?l crlf))
