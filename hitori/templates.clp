;;; Hitori fact templates, loaded before any rule file.
;;;
;;; The crate asserts one `grid` fact, one `cell` fact per cell (state unknown), two `place`
;;; facts per cell (the cell seen from its row and from its column) and one `adjacent` fact
;;; per ordered pair of side-by-side cells. Rules decide cells by modifying their state.

(deftemplate grid "The puzzle's size"
   (slot rows (type INTEGER))
   (slot cols (type INTEGER)))

(deftemplate cell "One cell: its position, its number and what is known of its shading"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot value (type INTEGER))
   (slot state (type SYMBOL) (allowed-symbols unknown white black) (default unknown)))

(deftemplate place "A cell seen from one of its lines: the line (r3 = row 3, c5 = column 5) and the position along it"
   (slot line (type SYMBOL))
   (slot pos (type INTEGER))
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot value (type INTEGER)))

(deftemplate adjacent "Cell (nrow, ncol) touches cell (row, col) side by side"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot nrow (type INTEGER))
   (slot ncol (type INTEGER)))

(deftemplate contradiction "The shading breaks a rule of Hitori: there is no solution from here"
   (slot reason (type STRING))
   (slot row (type INTEGER) (default 0))
   (slot col (type INTEGER) (default 0)))
