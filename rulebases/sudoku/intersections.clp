;;; Level 2 — locked candidates (intersections). When a value's places in one unit all lie in a
;;; second unit, the value must go in the intersection, so the rest of the second unit loses it.

(defrule locked-candidates-pointing
  "Locked candidates (pointing): within a box, a value's places all lie in one row, column or diagonal, so the rest of that line loses the value"
  (declare (salience -10))
  (unit (id ?b) (kind box))
  (spot (unit ?b) (cell ?c) (value ?v))
  (member (unit ?l&~?b) (cell ?c))
  (not (and (spot (unit ?b) (cell ?o) (value ?v))
            (not (member (unit ?l) (cell ?o)))))
  (spot (unit ?l) (cell ?t) (value ?v))
  (not (member (unit ?b) (cell ?t)))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))

(defrule locked-candidates-claiming
  "Locked candidates (claiming): within a row, column or diagonal, a value's places all lie in one box, so the rest of that box loses the value"
  (declare (salience -10))
  (unit (id ?l) (kind ~box))
  (spot (unit ?l) (cell ?c) (value ?v))
  (member (unit ?b&~?l) (kind box) (cell ?c))
  (not (and (spot (unit ?l) (cell ?o) (value ?v))
            (not (member (unit ?b) (cell ?o)))))
  (spot (unit ?b) (cell ?t) (value ?v))
  (not (member (unit ?l) (cell ?t)))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))
