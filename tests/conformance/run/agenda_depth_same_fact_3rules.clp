;;; depth strategy: three rules activated by the same fact fire in an order fixed by definition order
(defrule r1 (go) => (printout t "r1" crlf))
(defrule r2 (go) => (printout t "r2" crlf))
(defrule r3 (go) => (printout t "r3" crlf))
(deffacts start (go))
