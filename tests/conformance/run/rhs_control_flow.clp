;;; RHS control: if/then/else nesting, while with break, loop-for-count with and without variable, return values
(defrule go
   =>
   (bind ?i 0)
   (while (< ?i 10) do
      (bind ?i (+ ?i 1))
      (if (= (mod ?i 2) 0) then (printout t "even " ?i crlf)
       else (if (> ?i 6) then (printout t "big odd " ?i crlf) (break))))
   (printout t "after while i=" ?i crlf)
   (loop-for-count 3 do (printout t "x"))
   (printout t crlf)
   (loop-for-count (?j 2 5) do (printout t "j=" ?j " "))
   (printout t crlf)
   (loop-for-count (?k 3) (printout t "k=" ?k " "))
   (printout t crlf)
   (loop-for-count (?a 1 2) do
      (loop-for-count (?b ?a 3) do (printout t ?a "-" ?b " ")))
   (printout t crlf)
   (loop-for-count (?m 5 4) do (printout t "never"))
   (printout t "if returns: " (if (> 1 2) then yes else no) crlf)
   (printout t "while returns: " (while FALSE do 1) crlf)
   (bind ?n 0)
   (while TRUE (bind ?n (+ ?n 1)) (if (>= ?n 4) then (break)))
   (printout t "n=" ?n crlf))
