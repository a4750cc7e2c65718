;;; Kakuro level 4 — per-run search: a candidate stays only if some filling of its whole run
;;; (distinct digits from the cells' candidates, summing to the clue) uses it.

(deftemplate search-due "Run `run` changed since its fillings were last searched"
   (slot run (type SYMBOL)))

(deffunction kakuro-fill (?rest ?used ?cells)
   "True when the cell facts ?cells can take distinct candidates, none in ?used, summing to ?rest"
   (bind ?n (length$ ?cells))
   (if (= ?n 0) then (return (= ?rest 0)))
   (if (or (< ?rest (kakuro-min-sum ?n)) (> ?rest (kakuro-max-sum ?n))) then (return FALSE))
   (foreach ?d (fact-slot-value (nth$ 1 ?cells) values)
      (if (and (<= ?d ?rest) (not (member$ ?d ?used))) then
         (if (kakuro-fill (- ?rest ?d) (create$ ?used ?d) (rest$ ?cells)) then
            (return TRUE))))
   FALSE)

(defrule search-watch "A change of a cell's candidates calls for a new search of its runs"
   (declare (salience 85))
   (cell (id ?c) (values $?))
   (in-run (cell ?c) (run ?r))
   =>
   (assert (search-due (run ?r))))

(defrule run-search "A digit that no complete filling of the run uses"
   (declare (salience 20))
   ?d <- (search-due (run ?r))
   (run (id ?r) (clue ?s) (cell-facts $?fs))
   =>
   (retract ?d)
   (loop-for-count (?i 1 (length$ ?fs))
      (bind ?f (nth$ ?i ?fs))
      (bind ?others (delete$ ?fs ?i ?i))
      (foreach ?v (fact-slot-value ?f values)
         (if (not (kakuro-fill (- ?s ?v) (create$ ?v) ?others)) then
            (assert (eliminate (cell (fact-slot-value ?f id)) (value ?v)))))))
