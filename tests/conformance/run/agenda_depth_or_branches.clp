;;; depth: a rule with an or CE is several rules; activation order of the branches when facts arrive together or apart
(defrule any-sign (or (sign a) (sign b) (sign c)) => (printout t "any-sign" crlf))
(defrule which (or (sign ?s&a) (sign ?s&b)) => (printout t "which " ?s crlf))
(defrule plain (sign ?s) => (printout t "plain " ?s crlf))
(defrule start
   (declare (salience 10))
   =>
   (assert (sign b) (sign a))
   (assert (sign c)))
