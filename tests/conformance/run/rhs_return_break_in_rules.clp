;;; return inside a rule RHS ends the rule's actions (rule-level return); break leaves only the innermost loop
(deffacts d (n 1) (n 2) (n 3))
(defrule r
   (n ?x)
   =>
   (printout t "start " ?x crlf)
   (loop-for-count (?i 1 3)
      (if (= ?i 2) then (break))
      (printout t "  loop " ?i crlf))
   (if (= ?x 2) then (return))
   (printout t "end " ?x crlf))
