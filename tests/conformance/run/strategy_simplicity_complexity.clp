;;; simplicity and complexity strategies: specificity of rules (number of comparisons) decides ties
(defrule simple (item ?x) => (printout t "simple " ?x crlf))
(defrule medium (item ?x&:(> ?x 0)) => (printout t "medium " ?x crlf))
(defrule complex (item ?x&:(> ?x 0)&:(< ?x 10)) (test (integerp ?x)) => (printout t "complex " ?x crlf))
(defrule literal (item 5) => (printout t "literal 5" crlf))
(defrule run-with
   (declare (salience 100))
   ?f <- (use ?s)
   =>
   (retract ?f)
   (set-strategy ?s)
   (printout t "== " (get-strategy) crlf)
   (assert (item 5)))
(defrule next
   (declare (salience -50))
   ?i <- (item 5)
   ?p <- (pending ?s)
   =>
   (retract ?i ?p)
   (assert (use ?s)))
(defrule restore (declare (salience -100)) (not (pending ?)) => (set-strategy depth))
(deffacts start (use simplicity) (pending complexity))
