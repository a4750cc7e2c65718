;;; sort: a function name that is not a symbol halts the rule and the run
(defrule not-a-symbol
   =>
   (bind ?name (nth$ 1 (create$ ">")))
   (printout t "before" crlf)
   (printout t (sort ?name 2 1) crlf)
   (printout t "not printed" crlf))
(defrule later
   (declare (salience -10))
   =>
   (printout t "not printed either" crlf))
