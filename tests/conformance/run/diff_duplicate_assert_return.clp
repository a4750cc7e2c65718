;;; return value of asserting a duplicate fact (6.4: the existing fact's address, 6.30: FALSE) and of retracting twice
(deffacts d (a 1))
(defrule go
   ?f <- (a 1)
   =>
   (printout t "dup: " (assert (a 1)) crlf)
   (printout t "new: " (assert (a 2)) crlf)
   (retract ?f)
   (printout t "exists after retract: " (fact-existp ?f) crlf)
   (printout t "reassert: " (assert (a 3)) crlf))
