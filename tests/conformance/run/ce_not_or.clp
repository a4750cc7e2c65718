;;; (not (or A B)): neither alternative may match; retracting a blocker frees the token
(deffacts d (a 1) (a 2) (a 3) (b 2) (c 3))
(defrule r (a ?x) (not (or (b ?x) (c ?x))) => (printout t "free " ?x crlf))
(defrule s (declare (salience -1)) ?f <- (b ?) => (retract ?f) (printout t "retracted b" crlf))
