;;; Level 2 — locked candidates (intersections). When a value's places in one unit all lie in a
;;; second unit, the value must go in the intersection, so the rest of the second unit loses it.
;;; This level also keeps the summaries `cands` (a cell's candidates) and `spots` (a value's
;;; places in a unit) up to date for itself and the levels after it.

(defrule MAIN::cands-of-placed-cell
  "Bookkeeping: a placed cell needs no candidate list"
  (declare (salience 35))
  (placed (cell ?c))
  ?f <- (cands (cell ?c))
  =>
  (retract ?f))

(defrule spots-of-placed-value
  "Bookkeeping: a value placed in a unit needs no list of places there"
  (declare (salience 35))
  (placed (cell ?c) (value ?v))
  (member (unit ?u) (cell ?c))
  ?f <- (spots (unit ?u) (value ?v))
  =>
  (retract ?f))

(defrule cands-drop
  "Bookkeeping: a cell's candidate list loses an eliminated value"
  (declare (salience -5))
  ?f <- (cands (cell ?c) (values $?a ?v $?b))
  (not (candidate (cell ?c) (value ?v)))
  =>
  (modify ?f (values ?a ?b)))

(defrule spots-drop
  "Bookkeeping: a value's list of places in a unit loses an eliminated place"
  (declare (salience -5))
  ?f <- (spots (unit ?u) (value ?v) (places $?a ?p $?b))
  (member (unit ?u) (position ?p) (cell ?c))
  (not (candidate (cell ?c) (value ?v)))
  =>
  (modify ?f (places ?a ?b)))

(defrule locked-candidates-pointing
  "Locked candidates (pointing): within a box, a value's places all lie in one row, column or diagonal, so the rest of that line loses the value"
  (declare (salience -10))
  (spots (unit ?b) (value ?v) (places $?p&:(> (length$ ?p) 1)))
  (unit (id ?b) (kind box))
  (overlap (unit ?b) (other ?l) (positions $?o&:(subsetp ?p ?o)))
  (member (unit ?l) (cell ?t))
  (not (member (unit ?b) (cell ?t)))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))

(defrule locked-candidates-claiming
  "Locked candidates (claiming): within a row, column or diagonal, a value's places all lie in one box, so the rest of that box loses the value"
  (declare (salience -10))
  (spots (unit ?l) (value ?v) (places $?p&:(> (length$ ?p) 1)))
  (unit (id ?l) (kind ~box))
  (overlap (unit ?l) (other ?b) (positions $?o&:(subsetp ?p ?o)))
  (unit (id ?b) (kind box))
  (member (unit ?b) (cell ?t))
  (not (member (unit ?l) (cell ?t)))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))
