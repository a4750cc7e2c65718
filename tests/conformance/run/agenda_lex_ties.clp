;;; lex: ties between activations with identical fact recency (several rules on one fact) and between 1- and 2-fact matches
(defrule solo-1 (p ?x) => (printout t "solo-1 " ?x crlf))
(defrule solo-2 (p ?x) => (printout t "solo-2 " ?x crlf))
(defrule duo (p ?x) (q ?x) => (printout t "duo " ?x crlf))
(defrule duo-rev (q ?x) (p ?x) => (printout t "duo-rev " ?x crlf))
(defrule setup
   (declare (salience 100))
   =>
   (set-strategy lex)
   (assert (q 1))
   (assert (p 1))
   (assert (p 2))
   (assert (q 2)))
(defrule restore (declare (salience -100)) => (set-strategy depth))
