;;; Level 6 — simple colouring. A value with exactly two places in a unit is a strong link:
;;; one of the two cells holds it. Following strong links from a root cell alternately colours
;;; cells 0 and 1: one colour holds the value everywhere, the other nowhere. Two cells of one
;;; colour in a unit refute that colour (colour wrap); a cell that sees both colours cannot
;;; hold the value (colour trap).

(defrule MAIN::colour-root
  "Bookkeeping: a cell on a strong link of a value roots a colouring"
  (declare (salience -51))
  (spots (unit ?u) (value ?v) (places ?p1 ?))
  (member (unit ?u) (position ?p1) (cell ?c))
  =>
  (assert (colour (value ?v) (root ?c) (cell ?c) (parity 0))))

(defrule colour-spread
  "Bookkeeping: the other end of a strong link takes the opposite colour"
  (declare (salience -51))
  (colour (value ?v) (root ?r) (cell ?c) (parity ?p))
  (member (unit ?u) (position ?pc) (cell ?c))
  (spots (unit ?u) (value ?v) (places $?l&:(= (length$ ?l) 2)&:(member$ ?pc ?l)))
  (member (unit ?u) (position ?pd&~?pc&:(member$ ?pd ?l)) (cell ?d))
  (not (colour (value ?v) (root ?r) (cell ?d)))
  =>
  (assert (colour (value ?v) (root ?r) (cell ?d) (parity (- 1 ?p)))))

(defrule colour-wrap
  "Simple colouring (colour wrap): two cells of the same colour share a unit, so that colour is false and all its cells lose the value"
  (declare (salience -52))
  (colour (value ?v) (root ?r) (cell ?a) (parity ?p))
  (member (unit ?u) (cell ?a))
  (member (unit ?u) (cell ?b&~?a))
  (colour (value ?v) (root ?r) (cell ?b) (parity ?p))
  (colour (value ?v) (root ?r) (cell ?t) (parity ?p))
  ?e <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?e))

(defrule colour-trap
  "Simple colouring (colour trap): a cell sees cells of both colours, one of which holds the value, so it loses the value"
  (declare (salience -53))
  (colour (value ?v) (root ?r) (cell ?a) (parity 0))
  (member (unit ?ua) (cell ?a))
  (member (unit ?ua) (cell ?t&~?a))
  ?e <- (candidate (cell ?t) (value ?v))
  (not (colour (value ?v) (root ?r) (cell ?t)))
  (colour (value ?v) (root ?r) (cell ?b) (parity 1))
  (member (unit ?ub) (cell ?b))
  (member (unit ?ub) (cell ?t))
  =>
  (retract ?e))
