;;; (matches rule) lists partial matches per pattern, partial joins and activations
(defrule pair (a ?x) (b ?x) (c ?y) => (printout t "pair " ?x " " ?y crlf))
(assert (a 1) (a 2) (b 1) (c 9))
(matches pair)
(assert (b 2))
(matches pair)
(exit)
