;;; Sudoku facts. The grid is described entirely by facts, so that one rulebase serves every
;;; size (4x4, 9x9, 16x16, 25x25) and variant (Sudoku-X adds two diagonal units).
;;; Cells are numbered row-major from 0; values are integers 1..N. The templates live in MAIN and
;;; are exported, so that the rule modules (SINGLES, and MAIN's own technique rules) share them.

(defmodule MAIN (export ?ALL))

(deftemplate grid "The puzzle's side N: the number of values and of cells per unit"
  (slot size (type INTEGER)))

(deftemplate cell "One cell, with its 1-based row and column (used only to name it)"
  (slot id (type INTEGER))
  (slot row (type INTEGER))
  (slot column (type INTEGER)))

(deftemplate unit "A set of N cells that holds every value once: a row, column, box or diagonal"
  (slot id (type SYMBOL))
  (slot kind (type SYMBOL) (allowed-symbols row column box diagonal)))

(deftemplate member "Cell `cell` is the `position`-th cell (from 1) of unit `unit` of kind `kind`"
  (slot unit (type SYMBOL))
  (slot kind (type SYMBOL))
  (slot position (type INTEGER))
  (slot cell (type INTEGER)))

(deftemplate overlap "Units `unit` and `other` share at least two cells: those at `positions` of `unit`"
  (slot unit (type SYMBOL))
  (slot other (type SYMBOL))
  (multislot positions))

(deftemplate digit "A value 1..N that every unit must hold"
  (slot value (type INTEGER)))

(deftemplate candidate "Value `value` is still possible in cell `cell` (the pencil marks)"
  (slot cell (type INTEGER))
  (slot value (type INTEGER)))

(deftemplate placed "Cell `cell` holds `value`"
  (slot cell (type INTEGER))
  (slot value (type INTEGER)))

(deftemplate cands "Summary: the candidates of cell `cell`, ascending"
  (slot cell (type INTEGER))
  (multislot values))

(deftemplate spots "Summary: the positions in unit `unit` where `value` may still go, ascending"
  (slot unit (type SYMBOL))
  (slot value (type INTEGER))
  (multislot places))

(deftemplate colour "Simple colouring: in the chain of strong links of `value` grown from `root`, `cell` has colour `parity`"
  (slot value (type INTEGER))
  (slot root (type INTEGER))
  (slot cell (type INTEGER))
  (slot parity (type INTEGER)))

(deftemplate xy-link "XY-chain: if cell `start` does not hold `start-value`, then cell `cell` holds `value`"
  (slot start (type INTEGER))
  (slot start-value (type INTEGER))
  (slot cell (type INTEGER))
  (slot value (type INTEGER)))

(deftemplate contradiction "The grid cannot be completed: says why"
  (slot reason (type STRING)))

(deftemplate solved "Every cell holds a value")
