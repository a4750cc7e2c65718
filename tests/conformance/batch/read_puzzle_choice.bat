;;; (read) on t in batch mode consumes the next lines of the batch file (a course program asking which puzzle to solve)
(deffacts puzzles (puzzle 1 easy) (puzzle 2 medium) (puzzle 3 hard))
(defrule ask
   =>
   (printout t "Which puzzle (1-3)? ")
   (bind ?n (read))
   (assert (chosen ?n)))
(defrule solve
   (chosen ?n)
   (puzzle ?n ?level)
   =>
   (printout t "Solving puzzle " ?n " (" ?level ")" crlf))
(defrule bad-choice
   (chosen ?n)
   (not (puzzle ?n ?))
   =>
   (printout t "No puzzle " ?n crlf))
(reset)
(run)
2
(reset)
(run)
7
(reset)
(run)
easy
(bind ?x (read))
"a string"
(stringp ?x)
(exit)
