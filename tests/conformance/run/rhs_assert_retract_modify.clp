;;; assert (several facts, return values), retract (several, by index), modify and duplicate of template facts
(deftemplate emp (slot name) (slot salary) (multislot skills))
(deffacts d (emp (name ann) (salary 100) (skills c lisp)))
(defrule go
   ?e <- (emp (name ann) (salary 100))
   =>
   (bind ?r (assert (x 1) (x 2) (x 3)))
   (printout t "assert returned " ?r crlf)
   (bind ?d (duplicate ?e (name bob) (skills)))
   (printout t "duplicate returned fact " (fact-index ?d) " name " (fact-slot-value ?d name) crlf)
   (bind ?m (modify ?e (salary 120) (skills c lisp clips)))
   (printout t "new salary " (fact-slot-value ?m salary) " skills " (fact-slot-value ?m skills) crlf)
   (retract 2 3)
   (printout t "x facts left: " (find-all-facts ((?f x)) TRUE) crlf))
(defrule emp-seen (emp (name ?n) (salary ?s)) => (printout t "emp " ?n " " ?s crlf))
