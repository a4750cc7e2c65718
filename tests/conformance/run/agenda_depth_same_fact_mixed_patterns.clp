;;; depth: rules with 1, 2 and 3 patterns completed by the same last fact; tie order vs definition order
(defrule three (a) (b) (c) => (printout t "three" crlf))
(defrule one (c) => (printout t "one" crlf))
(defrule two (b) (c) => (printout t "two" crlf))
(defrule two-rev (c) (b) => (printout t "two-rev" crlf))
(defrule trigger
   (declare (salience 10))
   =>
   (assert (a))
   (assert (b))
   (printout t "asserting c" crlf)
   (assert (c)))
