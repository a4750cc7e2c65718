;;; static salience: higher first, negative salience, ties by strategy, salience beats recency
(defrule low (declare (salience -5)) (f ?x) => (printout t "low " ?x crlf))
(defrule high (declare (salience 100)) (f ?x) => (printout t "high " ?x crlf))
(defrule zero (f ?x) => (printout t "zero " ?x crlf))
(defrule zero2 (declare (salience 0)) (f ?x) => (printout t "zero2 " ?x crlf))
(defrule maker (declare (salience 50)) (f 1) => (assert (f 2)) (printout t "maker" crlf))
(deffacts start (f 1))
