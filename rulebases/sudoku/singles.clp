;;; Level 1 — singles. Also the bookkeeping every later level relies on: the places (spots) of
;;; each candidate in its units, the eliminations a placed value causes, contradiction
;;; detection and the `solved` mark. Salience orders the work: contradictions first, then
;;; eliminations, then the techniques from the easiest down (each level file uses lower salience).

;;; Lists of values or positions are kept ascending; later levels combine them with these.

(deffunction union-of (?a ?b)
  "The ascending union of two ascending lists of integers"
  (bind ?out (create$))
  (while (or (> (length$ ?a) 0) (> (length$ ?b) 0))
    (if (or (= (length$ ?b) 0)
            (and (> (length$ ?a) 0) (< (nth$ 1 ?a) (nth$ 1 ?b))))
     then (bind ?out (create$ ?out (nth$ 1 ?a))) (bind ?a (rest$ ?a))
     else (if (and (> (length$ ?a) 0) (= (nth$ 1 ?a) (nth$ 1 ?b)))
           then (bind ?a (rest$ ?a)))
          (bind ?out (create$ ?out (nth$ 1 ?b))) (bind ?b (rest$ ?b))))
  ?out)

(deffunction union-size (?a ?b)
  "The number of distinct values in two ascending lists"
  (length$ (union-of ?a ?b)))

(defrule spot
  "Bookkeeping: a candidate is a possible place for its value in each unit of its cell"
  (declare (salience 50))
  (logical (candidate (cell ?c) (value ?v))
           (member (unit ?u) (cell ?c)))
  =>
  (assert (spot (unit ?u) (cell ?c) (value ?v))))

(defrule cell-without-candidate
  "Contradiction: a cell has no candidate left"
  (declare (salience 40))
  (cell (id ?c) (row ?r) (column ?k))
  (not (candidate (cell ?c)))
  =>
  (assert (contradiction (reason (str-cat "r" ?r "c" ?k " has no candidate")))))

(defrule value-without-place
  "Contradiction: a value has no place left in a unit"
  (declare (salience 40))
  (unit (id ?u))
  (digit (value ?v))
  (not (spot (unit ?u) (value ?v)))
  =>
  (assert (contradiction (reason (str-cat ?v " has no place in " ?u)))))

(defrule placed-cell-loses-other-values
  "A cell that holds a value has no other candidate"
  (declare (salience 30))
  (placed (cell ?c) (value ?v))
  ?x <- (candidate (cell ?c) (value ~?v))
  =>
  (retract ?x))

(defrule placed-value-leaves-peers
  "A value placed in a cell is no longer a candidate of the other cells of its units"
  (declare (salience 30))
  (placed (cell ?c) (value ?v))
  (member (unit ?u) (cell ?c))
  (spot (unit ?u) (cell ?p&~?c) (value ?v))
  ?x <- (candidate (cell ?p) (value ?v))
  =>
  (retract ?x))

(defrule naked-single
  "Naked single: a cell has only one candidate left, so it holds that value"
  (declare (salience 10))
  (candidate (cell ?c) (value ?v))
  (not (candidate (cell ?c) (value ~?v)))
  (not (placed (cell ?c)))
  =>
  (assert (placed (cell ?c) (value ?v))))

(defrule hidden-single
  "Hidden single: a value has only one place left in a row, column, box or diagonal"
  (declare (salience 5))
  (spot (unit ?u) (cell ?c) (value ?v))
  (not (spot (unit ?u) (cell ~?c) (value ?v)))
  (not (placed (cell ?c)))
  =>
  (assert (placed (cell ?c) (value ?v))))

(defrule solved
  "Every cell holds a value"
  (declare (salience -1000))
  (not (contradiction))
  (not (solved))
  (forall (cell (id ?c)) (placed (cell ?c)))
  =>
  (assert (solved)))
