;;; constructs typed at the prompt: deftemplate, deffacts, defglobal, deffunction; reset asserts deffacts; pretty-printing
(deftemplate car (slot make (type SYMBOL) (default ford)) (slot year (type INTEGER)) (multislot owners))
(deffacts cars (car (make vw) (year 1970)) (car (year 2001) (owners ann bob)))
(defglobal ?*count* = 0)
(deffunction bump (?n) (bind ?*count* (+ ?*count* ?n)))
(defrule count-car (car (year ?y)) => (bump 1) (printout t "car from " ?y crlf))
(reset)
(facts 1)
(run)
?*count*
(bump 10)
?*count*
(ppdeftemplate car)
(ppdeffacts cars)
(ppdeffunction bump)
(reset)
?*count*
(facts 1)
(exit)
