;;; printout of every value type: symbols, strings (no quotes), numbers, multifields, fact addresses, crlf and tab
(deffacts d (thing "a \"quoted\" string" sym 1 2.0))
(defrule go
   ?f <- (thing $?all)
   =>
   (printout t "string: " "hello" " symbol: " hello crlf)
   (printout t "multifield: " ?all crlf)
   (printout t "nested create$: " (create$ "x y" z (create$ 1 2)) crlf)
   (printout t "empty mf: " (create$) "|" crlf)
   (printout t "fact: " ?f crlf)
   (printout t "int " 7 " float " 7.0 " neg " -3 " " -0.5 crlf)
   (printout t "tab:" tab "after tab" crlf)
   (printout t "no-space" "joined" 1 2 crlf)
   (printout t "escaped backslash \\ and quote \"" crlf)
   (printout t "crlf twice" crlf crlf)
   (printout t "bool " TRUE " " FALSE " nil " nil crlf))
