;;; a program written for 6.30 matches (initial-fact): as 6.30 did, reset asserts it as f-0 when a rule mentions it (6.4 has no initial-fact; recorded with 6.30)
(defrule uses-initial-fact (initial-fact) => (printout t "matched initial-fact" crlf))
(defrule empty-lhs => (printout t "empty LHS fires once" crlf))
(defrule count
   (declare (salience -10))
   =>
   (printout t "facts: " (length$ (get-fact-list)) crlf)
   (facts))
(deffacts d (user-fact))
