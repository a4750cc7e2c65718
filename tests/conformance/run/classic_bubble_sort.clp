;;; classic rule-based sorting: swap adjacent out-of-order elements of a multifield fact until sorted; count swaps
(deffacts data (numbers 5 3 9 1 7 2) (swaps 0))
(defrule swap
   ?f <- (numbers $?b ?x ?y&:(< ?y ?x) $?a)
   ?s <- (swaps ?n)
   =>
   (retract ?f ?s)
   (assert (numbers ?b ?y ?x ?a) (swaps (+ ?n 1))))
(defrule sorted
   (declare (salience -10))
   (numbers $?all)
   (swaps ?n)
   =>
   (printout t "sorted " ?all " after " ?n " swaps" crlf))
