;;; activations removed by retract before firing; not CE activated by retraction; order with retract-created activations
(deffacts f (block a) (block b) (block c) (clear c))
(defrule unstack
   ?c <- (clear ?x)
   ?b <- (block ?x)
   =>
   (printout t "remove " ?x crlf)
   (retract ?c ?b))
(defrule none-clear
   (not (clear ?))
   (block ?x)
   =>
   (printout t "no clear, block " ?x crlf))
(defrule block-seen (block ?x) => (printout t "block " ?x crlf))
