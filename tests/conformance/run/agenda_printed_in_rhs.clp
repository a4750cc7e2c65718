;;; (agenda) called from an RHS lists the remaining activations (salience, rule, fact indices) of the current module
(defrule first (declare (salience 20)) (a ?x) => (printout t "first " ?x crlf) (agenda))
(defrule second (declare (salience 10)) (a ?x) (b ?x) => (printout t "second " ?x crlf))
(defrule third (a ?x) => (printout t "third " ?x crlf))
(deffacts d (a 1) (b 1) (a 2))
