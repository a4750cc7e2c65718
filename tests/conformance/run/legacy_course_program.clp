;;; an old course program (shopping list) written with length, member and nth in rule patterns and actions
(deffacts shopping
   (list milk eggs bread)
   (have eggs)
   (budget 3))
(defrule too-long
   (list $?items&:(> (length $?items) 2))
   (budget ?b)
   =>
   (printout t "list has " (length $?items) " items, budget " ?b crlf))
(defrule already-have
   ?l <- (list $?items)
   (have ?x&:(member ?x $?items))
   =>
   (printout t "already have " ?x " at position " (member ?x $?items) crlf)
   (retract ?l)
   (assert (list (mv-delete (member ?x $?items) $?items))))
(defrule first-item
   (declare (salience -10))
   (list $?items)
   =>
   (printout t "buy first: " (nth 1 $?items) ", then " (mv-subseq 2 (length $?items) $?items) crlf))
