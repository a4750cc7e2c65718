;;; classic recursion with rules: towers of hanoi using a goal stack of ordered facts (move n from to via)
(deffacts start (goal-stack (create$ move 3 A C B)) (step 0))
(defrule expand
   ?g <- (goal-stack move ?n&:(> ?n 1) ?from ?to ?via $?rest)
   =>
   (retract ?g)
   (assert (goal-stack move (- ?n 1) ?from ?via ?to
                       disk ?n ?from ?to
                       move (- ?n 1) ?via ?to ?from $?rest)))
(defrule move-one
   ?g <- (goal-stack move 1 ?from ?to ?via $?rest)
   ?s <- (step ?k)
   =>
   (retract ?g ?s)
   (printout t (+ ?k 1) ": disk 1 " ?from " -> " ?to crlf)
   (assert (step (+ ?k 1)) (goal-stack $?rest)))
(defrule move-disk
   ?g <- (goal-stack disk ?n ?from ?to $?rest)
   ?s <- (step ?k)
   =>
   (retract ?g ?s)
   (printout t (+ ?k 1) ": disk " ?n " " ?from " -> " ?to crlf)
   (assert (step (+ ?k 1)) (goal-stack $?rest)))
(defrule done
   (goal-stack)
   (step ?k)
   =>
   (printout t "done in " ?k " moves" crlf))
