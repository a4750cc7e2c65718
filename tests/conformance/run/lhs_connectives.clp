;;; field constraints with connectives & | ~ combined with variables, literals and predicates
(deffacts data
   (light red) (light green) (light yellow) (light blue)
   (num 1) (num 4) (num 7) (num -2) (num 2.5) (num foo))
(defrule stop-or-go (light ?c&red|green) => (printout t "stop-or-go " ?c crlf))
(defrule not-red (light ?c&~red) => (printout t "not-red " ?c crlf))
(defrule neither (light ?c&~red&~green) => (printout t "neither " ?c crlf))
(defrule odd-positive (num ?n&:(integerp ?n)&:(> ?n 0)&:(oddp ?n)) => (printout t "odd-positive " ?n crlf))
(defrule non-number (num ?n&~:(numberp ?n)) => (printout t "non-number " ?n crlf))
(defrule small-or-foo (num ?n&:(numberp ?n)&:(< ?n 3)|foo) => (printout t "small-or-foo " ?n crlf))
(defrule literal-or (num 4|7) => (printout t "num is 4 or 7" crlf))
