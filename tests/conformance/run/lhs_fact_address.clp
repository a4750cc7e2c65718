;;; ?f <- pattern binds the fact address; printing addresses; retract by address and by index
(deffacts d (task write) (task read) (task test) (done read))
(defrule finish
   ?t <- (task ?x)
   ?d <- (done ?x)
   =>
   (printout t "retracting " ?t " and " ?d " indices " (fact-index ?t) " " (fact-index ?d) crlf)
   (retract ?t ?d))
(defrule by-index
   (declare (salience -1))
   ?t <- (task test)
   =>
   (printout t "retract by index " (fact-index ?t) crlf)
   (retract (fact-index ?t)))
(defrule report
   (declare (salience -2))
   =>
   (facts 1))
