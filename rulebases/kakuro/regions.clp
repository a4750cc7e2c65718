;;; Kakuro level 5 — region sums: a set of parallel runs and the runs crossing them cover the
;;; same cells except for some outside cells, whose sum is therefore known (sum of the crossing
;;; clues minus the sum of the parallel clues). When one outside cell is undecided, that sum
;;; pins it: the "square with one extra cell" pattern, grown run by run to any shape.

(deftemplate region-due "A cell was decided since the region sums were last scanned")

(deffunction kakuro-region-pin (?seed ?side ?other ?limit)
   "Grows a set of parallel runs from run fact ?seed (?side names the cell slot holding a cell's
    run in that direction, ?other the crossing one), at most ?limit runs. Returns (cell-fact digit)
    when the crossing runs' cells outside the set leave exactly one undecided cell, else ()"
   (bind ?inner (create$ ?seed))
   (loop-for-count ?limit
      (bind ?cells (create$))
      (bind ?inner-sum 0)
      (foreach ?r ?inner
         (bind ?inner-sum (+ ?inner-sum (fact-slot-value ?r clue)))
         (bind ?cells (create$ ?cells (fact-slot-value ?r cell-facts))))
      (bind ?crossing (create$))
      (bind ?crossing-sum 0)
      (foreach ?c ?cells
         (bind ?x (fact-slot-value ?c ?other))
         (if (not (member$ ?x ?crossing)) then
            (bind ?crossing (create$ ?crossing ?x))
            (bind ?crossing-sum (+ ?crossing-sum (fact-slot-value ?x clue)))))
      (bind ?open (create$))
      (bind ?known 0)
      (foreach ?x ?crossing
         (foreach ?c (fact-slot-value ?x cell-facts)
            (if (not (member$ ?c ?cells)) then
               (bind ?vs (fact-slot-value ?c values))
               (if (= (length$ ?vs) 1)
                  then (bind ?known (+ ?known (nth$ 1 ?vs)))
                  else (bind ?open (create$ ?open ?c))))))
      (if (= (length$ ?open) 1) then
         (return (create$ (nth$ 1 ?open) (- ?crossing-sum ?inner-sum ?known))))
      (if (= (length$ ?open) 0) then (return (create$)))
      (bind ?inner (create$ ?inner (fact-slot-value (nth$ 1 ?open) ?side))))
   (create$))

(defrule region-start "The region sums are scanned once at the start"
   (declare (salience 85))
   (exists (run))
   =>
   (assert (region-due)))

(defrule region-watch "A decided cell calls for a new scan of the region sums"
   (declare (salience 85))
   (cell (values ?))
   =>
   (assert (region-due)))

(defrule region-sum "Parallel runs and the runs crossing them differ by one undecided cell, whose digit is the difference of their clue sums"
   (declare (salience 10))
   ?d <- (region-due)
   =>
   (retract ?d)
   (do-for-all-facts ((?r run)) TRUE
      (bind ?across (eq ?r:dir across))
      (bind ?pin (kakuro-region-pin ?r (if ?across then across-fact else down-fact)
                                       (if ?across then down-fact else across-fact) 6))
      (if (= (length$ ?pin) 2) then
         (bind ?cell (fact-slot-value (nth$ 1 ?pin) id))
         (if (member$ (nth$ 2 ?pin) (fact-slot-value (nth$ 1 ?pin) values))
            then (assert (placed (cell ?cell) (value (nth$ 2 ?pin))))
            else (assert (contradiction (reason "a region sum needs a digit the cell cannot take")
                                        (where ?cell)))))))
