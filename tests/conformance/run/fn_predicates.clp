;;; eq/neq vs =, and/or/not, type predicates on every value type
(deffacts d (f))
(defrule go
   (f)
   =>
   (printout t "eq " (eq a a) " " (eq 1 1.0) " " (eq "a" a) " " (eq 1 1 1) " " (eq a a b) crlf)
   (printout t "neq " (neq a b) " " (neq 1 1.0) " " (neq a b a) crlf)
   (printout t "!= " (!= 1 2) crlf)
   (printout t "and " (and TRUE TRUE) " " (and TRUE FALSE) " " (and 1 2) " or " (or FALSE FALSE) " " (or FALSE 0) crlf)
   (printout t "not " (not FALSE) " " (not TRUE) " " (not 0) crlf)
   (foreach ?v (create$ 1 1.5 abc "str" (create$ x y))
      (printout t ?v ": num " (numberp ?v) " int " (integerp ?v) " float " (floatp ?v)
                  " sym " (symbolp ?v) " str " (stringp ?v) " lex " (lexemep ?v) crlf))
   (printout t "multifieldp " (multifieldp (create$ a b)) " " (multifieldp a) " " (multifieldp (create$)) crlf)
   (printout t "evenp " (evenp 4) " " (evenp 3) " oddp " (oddp 3) " " (oddp -3) crlf))
