;;; classic planning: blocks world with a goal stack (move-to goals pushed and popped), as in the CLIPS examples
(deftemplate on (slot upper) (slot lower))
(deftemplate goal (slot move) (slot on-top-of))
(deffacts initial-state
   (stack A B C)
   (stack D E F)
   (goal (move C) (on-top-of E))
   (stack))
(defrule move-directly
   ?goal <- (goal (move ?block1) (on-top-of ?block2))
   ?stack-1 <- (stack ?block1 $?rest1)
   ?stack-2 <- (stack ?block2 $?rest2)
   =>
   (retract ?goal ?stack-1 ?stack-2)
   (assert (stack $?rest1))
   (assert (stack ?block1 ?block2 $?rest2))
   (printout t ?block1 " moved on top of " ?block2 "." crlf))
(defrule move-to-floor
   ?goal <- (goal (move ?block1) (on-top-of floor))
   ?stack-1 <- (stack ?block1 $?rest)
   =>
   (retract ?goal ?stack-1)
   (assert (stack ?block1))
   (assert (stack $?rest))
   (printout t ?block1 " moved on top of floor." crlf))
(defrule clear-upper-block
   (goal (move ?block1))
   (stack ?top $? ?block1 $?)
   (not (goal (move ?top)))
   =>
   (assert (goal (move ?top) (on-top-of floor))))
(defrule clear-lower-block
   (goal (on-top-of ?block1))
   (stack ?top $? ?block1 $?)
   (not (goal (move ?top)))
   =>
   (assert (goal (move ?top) (on-top-of floor))))
(defrule done
   (declare (salience -10))
   =>
   (printout t "final stacks:" crlf)
   (do-for-all-facts ((?s stack)) (> (length$ ?s:implied) 0)
      (printout t "  " ?s:implied crlf)))
