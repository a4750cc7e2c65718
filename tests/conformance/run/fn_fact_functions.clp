;;; fact-index, fact-slot-value (template and implied slot), fact-existp, fact-relation, fact-slot-names
(deftemplate car (slot make) (multislot options))
(deffacts d (car (make vw) (options radio ac)) (color red green))
(defrule go
   ?c <- (car)
   ?o <- (color $?)
   =>
   (printout t "index " (fact-index ?c) " " (fact-index ?o) crlf)
   (printout t "slot make " (fact-slot-value ?c make) " options " (fact-slot-value ?c options) crlf)
   (printout t "implied " (fact-slot-value ?o implied) crlf)
   (printout t "relation " (fact-relation ?c) " " (fact-relation ?o) crlf)
   (printout t "slot names " (fact-slot-names ?c) " " (fact-slot-names ?o) crlf)
   (printout t "exists " (fact-existp ?c) " " (fact-existp 2) " " (fact-existp 99) crlf)
   (retract ?o)
   (printout t "after retract " (fact-existp ?o) crlf))
