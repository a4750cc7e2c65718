;;; how the prompt prints command results: numbers, floats, strings (quoted), symbols, multifields, fact addresses, void
(+ 1 2)
(/ 10 4)
(* 1.0 3)
1e20
0.1
-0.0
(str-cat "a" "b")
"with \"quotes\" inside"
(sym-cat a b)
(create$ a "b c" 1 2.0)
(create$)
(eq a a)
(printout t "printout returns nothing" crlf)
(assert (x 1))
(bind ?v (create$ 1 2))
?v
(nth$ 3 ?v)
(length$ ?v)
nil
(exit)
