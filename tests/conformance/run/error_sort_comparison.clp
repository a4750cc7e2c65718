;;; sort: an error inside the comparison function halts the rule and the run
(deffunction bad> (?a ?b) (> ?a ?b))
(defrule a-compare-fails
   =>
   (printout t "before" crlf)
   (printout t (sort bad> 3 x 1) crlf)
   (printout t "not printed" crlf))
(defrule later
   (declare (salience -10))
   =>
   (printout t "not printed either" crlf))
