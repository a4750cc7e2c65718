;;; slot constraint violations detected at run time with dynamic constraint checking on: the run halts
(deftemplate reading (slot value (type INTEGER) (range 0 100)) (slot unit (allowed-symbols c f)))
(deffunction make (?v ?u) (assert (reading (value ?v) (unit ?u))))
(defrule go
   =>
   (printout t "default checking: " (get-dynamic-constraint-checking) crlf)
   (make 50 c)
   (printout t "unchecked bad value accepted: " (fact-index (make 500 c)) crlf)
   (set-dynamic-constraint-checking TRUE)
   (make 60 f)
   (printout t "about to violate" crlf)
   (make 70 k)
   (printout t "not reached" crlf))
(defrule after (declare (salience -10)) => (printout t "not reached either" crlf))
