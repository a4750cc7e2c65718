;;; 6.30 asserts (initial-fact) as f-0 on reset and rules may match it; 6.4 has no initial-fact
(defrule uses-initial-fact (initial-fact) => (printout t "matched initial-fact" crlf))
(defrule empty-lhs => (printout t "empty LHS fires once" crlf))
(defrule count
   (declare (salience -10))
   =>
   (printout t "facts: " (length$ (get-fact-list)) crlf)
   (facts))
(deffacts d (user-fact))
