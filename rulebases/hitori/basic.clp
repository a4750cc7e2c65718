;;; Hitori, level 1 (basic): the local techniques of every Hitori guide, and the two local
;;; contradictions. Every rule works on any grid: lines are `place` facts, neighbours are
;;; `adjacent` facts, and no rule names a row, a column or a puzzle.

;;; ---------------------------------------------------------------- contradictions

(defrule two-white-copies
   "Two white cells with the same number in one line: contradiction"
   (declare (salience 20))
   (place (line ?l) (pos ?p) (value ?v) (row ?r) (col ?c))
   (place (line ?l) (pos ?q&:(> ?q ?p)) (value ?v) (row ?r2) (col ?c2))
   (cell (row ?r) (col ?c) (state white))
   (cell (row ?r2) (col ?c2) (state white))
   =>
   (assert (contradiction (reason (str-cat "two white " ?v "s in line " ?l)) (row ?r2) (col ?c2))))

(defrule touching-shaded-cells
   "Two shaded cells touch side by side: contradiction"
   (declare (salience 20))
   (cell (row ?r) (col ?c) (state black))
   (adjacent (row ?r) (col ?c) (nrow ?nr) (ncol ?nc))
   (cell (row ?nr) (col ?nc) (state black))
   =>
   (assert (contradiction (reason "two shaded cells touch") (row ?nr) (col ?nc))))

;;; ---------------------------------------------------------------- starting techniques

(defrule adjacent-triplet
   "Adjacent triplet: of three equal numbers in a row, both ends are shaded"
   (declare (salience 5))
   (place (line ?l) (pos ?p) (value ?v))
   (place (line ?l) (pos =(+ ?p 1)) (value ?v))
   (place (line ?l) (pos =(+ ?p 2)) (value ?v))
   (place (line ?l) (pos ?e&:(or (= ?e ?p) (= ?e (+ ?p 2)))) (row ?r) (col ?c))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state black)))

(defrule sandwich
   "Sandwich: a cell between two equal numbers stays white"
   (place (line ?l) (pos ?p) (value ?v))
   (place (line ?l) (pos =(+ ?p 2)) (value ?v))
   (place (line ?l) (pos =(+ ?p 1)) (row ?r) (col ?c))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state white)))

(defrule pair-induction
   "Pair induction: two adjacent equal numbers shade every other copy in their line"
   (place (line ?l) (pos ?p) (value ?v))
   (place (line ?l) (pos =(+ ?p 1)) (value ?v))
   (place (line ?l) (pos ?q&:(or (< ?q ?p) (> ?q (+ ?p 1)))) (value ?v) (row ?r) (col ?c))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state black)))

;;; ---------------------------------------------------------------- basic techniques

(defrule shaded-neighbours-white
   "Cells around a shaded cell are white"
   (cell (row ?r) (col ?c) (state black))
   (adjacent (row ?r) (col ?c) (nrow ?nr) (ncol ?nc))
   ?x <- (cell (row ?nr) (col ?nc) (state unknown))
   =>
   (modify ?x (state white)))

(defrule white-shades-copies
   "A white cell shades the other copies of its number in its row and column"
   (cell (row ?r) (col ?c) (value ?v) (state white))
   (place (line ?l) (row ?r) (col ?c) (pos ?p))
   (place (line ?l) (value ?v) (pos ~?p) (row ?r2) (col ?c2))
   ?x <- (cell (row ?r2) (col ?c2) (state unknown))
   =>
   (modify ?x (state black)))

(defrule unique-number-white
   "A number with no unshaded copy left in its row and column stays white"
   ?x <- (cell (row ?r) (col ?c) (value ?v) (state unknown))
   (not (cell (row ?r) (col ~?c) (value ?v) (state ~black)))
   (not (cell (row ~?r) (col ?c) (value ?v) (state ~black)))
   =>
   (modify ?x (state white)))
