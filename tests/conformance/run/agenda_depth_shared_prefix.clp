;;; depth: rules sharing leading patterns (shared joins) activated by one fact
(defrule long (a ?x) (b ?x) (c ?x) => (printout t "long " ?x crlf))
(defrule short (a ?x) (b ?x) => (printout t "short " ?x crlf))
(defrule other (b ?x) (c ?x) => (printout t "other " ?x crlf))
(defrule single (c ?x) => (printout t "single " ?x crlf))
(defrule first-a (a ?x) => (printout t "first-a " ?x crlf))
(defrule go
   (declare (salience 10))
   =>
   (assert (a 1) (b 1) (c 1))
   (printout t "-- then c 2, b 2, a 2" crlf)
   (assert (c 2) (b 2) (a 2)))
