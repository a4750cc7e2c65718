;;; errors that halt the run: nth$ with bad index type, fact-slot-value of a retracted fact, retract of an unknown index is not an error
(deffunction pick (?i ?m) (nth$ ?i ?m))
(defrule first
   (declare (salience 10))
   =>
   (printout t "retract of missing index 99: " (retract 99) crlf)
   (bind ?f (assert (tmp 1)))
   (retract ?f)
   (printout t "fact-existp retracted: " (fact-existp ?f) crlf))
(defrule second
   =>
   (printout t "nth$ 2: " (pick 2 (create$ a b)) crlf)
   (printout t "nth$ bad: " (pick (nth$ 1 (create$ x)) (create$ a b)) crlf)
   (printout t "not reached" crlf))
