;;; mea strategy: activations ordered by the recency of the fact matching the first pattern, then lex
(defrule p1 (first ?x) (second ?y) => (printout t "p1 first=" ?x " second=" ?y crlf))
(defrule p2 (second ?y) (first ?x) => (printout t "p2 second=" ?y " first=" ?x crlf))
(defrule p3 (third ?z) => (printout t "p3 third=" ?z crlf))
(defrule setup
   (declare (salience 100))
   (strategy ?s)
   =>
   (set-strategy ?s)
   (printout t "== strategy " (get-strategy) crlf)
   (assert (first a))
   (assert (second b))
   (assert (third c))
   (assert (first d))
   (assert (second e)))
(deffacts go (strategy mea))
