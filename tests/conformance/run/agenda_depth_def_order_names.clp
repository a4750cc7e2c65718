;;; depth: tie order follows definition order, not rule names; rules with different first patterns sharing the fact
(defrule zeta (x ?v) => (printout t "zeta " ?v crlf))
(defrule alpha (x ?v) => (printout t "alpha " ?v crlf))
(defrule mid (y) (x ?v) => (printout t "mid " ?v crlf))
(defrule beta (x ?v) (y) => (printout t "beta " ?v crlf))
(defrule gamma (x 1) => (printout t "gamma" crlf))
(deffacts start (y) (x 1))
