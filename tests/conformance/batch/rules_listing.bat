;;; (rules), (ppdefrule), (list-defrules), (undefrule) for rules defined inline
(defrule greet
   (person ?name)
   =>
   (printout t "Hello " ?name crlf))
(defrule   bye   "says goodbye"
   (declare (salience -10))
   ?p <- (person ?name&~admin)
   (not (staying ?name))
   =>
   (retract ?p) (printout t "Bye " ?name crlf))
(rules)
(ppdefrule greet)
(ppdefrule bye)
(list-defrules)
(undefrule greet)
(rules)
(exit)
