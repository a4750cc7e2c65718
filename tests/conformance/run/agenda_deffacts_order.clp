;;; reset asserts deffacts in definition order, facts within a deffacts in order; rules defined before and after
(defrule early (item ?x) => (printout t "early " ?x crlf))
(deffacts first-group (item a) (item b))
(deffacts second-group (item c))
(defrule late (item ?x) => (printout t "late " ?x crlf))
(deffacts third-group (item d) (other))
(defrule report
   (declare (salience 10))
   (other)
   =>
   (printout t "facts at start:" crlf)
   (facts 1))
