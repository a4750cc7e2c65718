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

(deftemplate search-check "The fillings of run `run` are being searched"
   (slot run (type SYMBOL)))

(deffunction kakuro-filling-uses (?v ?cell ?clue ?cells)
   "True when some filling of the run (cell facts ?cells, clue ?clue) puts digit ?v in the cell
    named ?cell"
   (bind ?others (create$))
   (foreach ?f ?cells
      (if (neq (fact-slot-value ?f id) ?cell) then (bind ?others (create$ ?others ?f))))
   (kakuro-fill (- ?clue ?v) (create$ ?v) ?others))

(defrule search-watch "A change of a cell's candidates calls for a new search of its runs"
   (declare (salience 85))
   (cell (across ?a) (down ?d) (values $?))
   =>
   (assert (search-due (run ?a)) (search-due (run ?d))))

(defrule search-start "The fillings of a changed run are searched, one run at a time"
   (declare (salience 18))
   ?d <- (search-due (run ?r))
   =>
   (retract ?d)
   (assert (search-check (run ?r))))

(defrule run-search "A digit that no complete filling of the run uses"
   (declare (salience 20))
   (search-check (run ?r))
   (run (id ?r) (clue ?s) (cell-facts $?fs))
   (in-run (run ?r) (cell ?c))
   ?k <- (candidate (cell ?c) (value ?v))
   (test (not (kakuro-filling-uses ?v ?c ?s ?fs)))
   =>
   (retract ?k))

(defrule search-done "The run's fillings are searched"
   (declare (salience 19))
   ?d <- (search-check)
   =>
   (retract ?d))
