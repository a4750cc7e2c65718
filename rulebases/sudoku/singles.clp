;;; Level 1 — singles. Also the bookkeeping every later level relies on: the eliminations a
;;; placed value causes, contradiction detection and the `solved` mark. A value's places in a
;;; unit are the unit's `member` cells that still have it as a `candidate`: they are matched,
;;; not stored, so an elimination is one retraction (hypothesis branches make and undo
;;; thousands of them). These rules live in module SINGLES and take the focus
;;; whenever they are activated, so they always run before the techniques of later levels
;;; (rules of MAIN, ordered by salience, easiest first); hypothesis branches run SINGLES alone.

;;; Later levels compare lists of values (or of positions in a unit) as sets.

(deffunction distinct-count ($?xs)
  "The number of distinct values among the arguments (lists are spliced in)"
  (bind ?seen (create$))
  (foreach ?x ?xs
    (if (not (member$ ?x ?seen)) then (bind ?seen (create$ ?seen ?x))))
  (length$ ?seen))

(defmodule SINGLES
  "Singles and the bookkeeping every level needs"
  (import MAIN ?ALL))

(defrule cell-without-candidate
  "Contradiction: a cell has no candidate left"
  (declare (salience 40) (auto-focus TRUE))
  (cell (id ?c) (row ?r) (column ?k))
  (not (candidate (cell ?c)))
  =>
  (assert (contradiction (reason (str-cat "r" ?r "c" ?k " has no candidate")))))

(defrule value-without-place
  "Contradiction: a value has no place left in a unit"
  (declare (salience 40) (auto-focus TRUE))
  (unit (id ?u))
  (digit (value ?v))
  (not (and (member (unit ?u) (cell ?c)) (candidate (cell ?c) (value ?v))))
  =>
  (assert (contradiction (reason (str-cat ?v " has no place in " ?u)))))

(defrule placed-cell-loses-other-values
  "A cell that holds a value has no other candidate"
  (declare (salience 30) (auto-focus TRUE))
  (placed (cell ?c) (value ?v))
  ?x <- (candidate (cell ?c) (value ~?v))
  =>
  (retract ?x))

(defrule placed-value-leaves-peers
  "A value placed in a cell is no longer a candidate of the other cells of its units"
  (declare (salience 30) (auto-focus TRUE))
  (placed (cell ?c) (value ?v))
  (member (unit ?u) (cell ?c))
  (member (unit ?u) (cell ?p&~?c))
  ?x <- (candidate (cell ?p) (value ?v))
  =>
  (retract ?x))

(defrule naked-single
  "Naked single: a cell has only one candidate left, so it holds that value"
  (declare (salience 10) (auto-focus TRUE))
  (candidate (cell ?c) (value ?v))
  (not (candidate (cell ?c) (value ~?v)))
  (not (placed (cell ?c)))
  =>
  (assert (placed (cell ?c) (value ?v))))

(defrule hidden-single
  "Hidden single: a value has only one place left in a row, column, box or diagonal"
  (declare (salience 5) (auto-focus TRUE))
  (candidate (cell ?c) (value ?v))
  (member (unit ?u) (cell ?c))
  (not (and (member (unit ?u) (cell ?p&~?c)) (candidate (cell ?p) (value ?v))))
  (not (placed (cell ?c)))
  =>
  (assert (placed (cell ?c) (value ?v))))

(defrule solved
  "Every cell holds a value"
  (declare (salience -1000) (auto-focus TRUE))
  (not (contradiction))
  (not (solved))
  (forall (cell (id ?c)) (placed (cell ?c)))
  =>
  (assert (solved)))
