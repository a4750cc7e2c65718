;;; depth: one assert call with several facts vs separate asserts; two rules matching each fact; salience ties
(defrule rx (a ?v) => (printout t "rx " ?v crlf))
(defrule ry (a ?v) => (printout t "ry " ?v crlf))
(defrule go1
   (declare (salience 10))
   (phase 1)
   =>
   (assert (a 1) (a 2) (a 3)))
(defrule go2
   (declare (salience 5))
   (phase 1)
   =>
   (printout t "-- separate asserts" crlf)
   (assert (a 4))
   (assert (a 5)))
(deffacts start (phase 1))
