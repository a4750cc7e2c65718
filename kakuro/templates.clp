;;; Kakuro fact templates. The Rust side asserts `cell`, `run` and `in-run` facts for the puzzle;
;;; the rule levels in rulebases/kakuro/ create and remove the rest.

(deftemplate cell "A white cell; `values` mirrors its remaining candidate facts; the *-fact
   slots hold the addresses of its run facts"
   (slot id (type SYMBOL))
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot across (type SYMBOL))
   (slot down (type SYMBOL))
   (slot across-fact)
   (slot down-fact)
   (multislot values (type INTEGER) (default 1 2 3 4 5 6 7 8 9)))

(deftemplate run "A clued run: its digits are distinct and sum to `clue`; `cell-facts` holds
   the addresses of its cell facts"
   (slot id (type SYMBOL))
   (slot dir (allowed-symbols across down))
   (slot clue (type INTEGER) (range 1 45))
   (slot length (type INTEGER) (range 1 9))
   (multislot cells (type SYMBOL))
   (multislot cell-facts))

(deftemplate in-run "Cell `cell` belongs to run `run`"
   (slot run (type SYMBOL))
   (slot cell (type SYMBOL)))

(deftemplate candidate "Digit `value` is still possible in cell `cell` (the hypothesis alternatives)"
   (slot cell (type SYMBOL))
   (slot value (type INTEGER) (range 1 9)))

(deftemplate placed "Cell `cell` holds digit `value`"
   (slot cell (type SYMBOL))
   (slot value (type INTEGER) (range 1 9)))

(deftemplate contradiction "The candidates left cannot be completed (used by hypotheses)"
   (slot reason (type STRING))
   (slot where (type SYMBOL)))

(deftemplate solved "Every cell is placed and no contradiction was found")
