;;; eval of expressions built as strings, build of new constructs from the RHS (a built rule fires in the same run)
(defrule go
   =>
   (printout t "eval: " (eval "(+ 1 2)") " " (eval "(create$ a b)") " " (eval "sym") crlf)
   (bind ?op "*")
   (printout t "eval built: " (eval (str-cat "(" ?op " 6 7)")) crlf)
   (printout t "build deftemplate: " (build "(deftemplate point (slot x) (slot y))") crlf)
   (printout t "build rule: " (build "(defrule on-point (point (x ?x) (y ?y)) => (printout t \"point \" ?x \",\" ?y crlf))") crlf)
   (printout t "build deffunction: " (build "(deffunction sq (?n) (* ?n ?n))") crlf)
   (printout t "eval sq: " (eval "(sq 9)") crlf)
   (assert (trigger)))
(defrule later
   (trigger)
   =>
   (eval "(assert (point (x 1) (y 2)))")
   (printout t "asserted point" crlf))
