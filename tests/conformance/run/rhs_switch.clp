;;; switch/case/default on symbols, numbers and strings; switch value; no matching case without default
(deffunction classify (?x)
   (switch ?x
      (case red then stop)
      (case green then go)
      (case 1 then one)
      (case "str" then string-case)
      (default other)))
(defrule go
   =>
   (foreach ?v (create$ red green 1 1.0 "str" str blue)
      (printout t ?v " -> " (classify ?v) crlf))
   (printout t "no default -> " (switch 5 (case 1 then one)) crlf)
   (switch (+ 1 1)
      (case 2 then (printout t "two, first action" crlf) (printout t "two, second action" crlf))
      (default (printout t "default" crlf))))
