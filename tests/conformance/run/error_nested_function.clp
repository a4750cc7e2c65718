;;; an error inside a deffunction called from a rule aborts the deffunction and the rule, and halts the run
(deffunction divide (?a ?b) (printout t "dividing " ?a " by " ?b crlf) (bind ?r (/ ?a ?b)) (printout t "quotient " ?r crlf) ?r)
(deffacts d (pair 10 2) (pair 1 0) (pair 8 4))
(defrule calc
   (pair ?a ?b)
   =>
   (printout t "calc " ?a " " ?b " -> " (divide ?a ?b) crlf))
