;;; multifield values as function arguments: a wildcard parameter flattens them, a single parameter binds the whole multifield; expand$
(deffacts d (nums 1 2 3 4))
(deffunction count-args ($?args) (length$ ?args))
(deffunction first-arg (?a $?rest) ?a)
(deffunction sum ($?xs) (bind ?s 0) (foreach ?x ?xs (bind ?s (+ ?s ?x))) ?s)
(defrule go
   (nums $?n)
   =>
   (printout t "count $?n " (count-args $?n) " count ?n " (count-args ?n) " count expand$ " (count-args (expand$ ?n)) crlf)
   (printout t "first-arg $?n " (first-arg $?n) " first-arg expand$ " (first-arg (expand$ ?n)) crlf)
   (printout t "sum " (sum ?n) " " (sum (expand$ ?n)) crlf)
   (printout t "create$ " (create$ 0 $?n 5) " length " (length$ (create$ ?n ?n)) crlf)
   (printout t "str-cat " (str-cat (expand$ ?n)) " implode$ " (implode$ ?n) crlf))
