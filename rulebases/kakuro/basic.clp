;;; Kakuro level 1 — basic: candidates, sum bounds, the even two-cell sum, unique-sum runs,
;;; singles, a placed digit leaving its runs and the last empty cell of a run.
;;; Salience layers: 100 set-up, 90 bookkeeping, 80 contradictions, 50..41 this level's
;;; techniques; stronger levels use lower salience so that they fire only when this one is stuck.

;;; ---------------------------------------------------------------- combinations (deffunctions)

(deffunction kakuro-combinations (?length ?sum ?from)
   "Every set of ?length distinct digits from ?from to 9 that sums to ?sum, each a string of its
    digits in increasing order separated by spaces (read one back with explode$)"
   (if (= ?length 0) then
      (if (= ?sum 0) then (return (create$ "")) else (return (create$))))
   (bind ?out (create$))
   (loop-for-count (?d ?from 9)
      (if (<= ?d ?sum) then
         (foreach ?rest (kakuro-combinations (- ?length 1) (- ?sum ?d) (+ ?d 1))
            (bind ?out (create$ ?out (str-cat ?d " " ?rest))))))
   ?out)

(deffunction kakuro-min-sum (?length)
   "The smallest sum of ?length distinct digits"
   (div (* ?length (+ ?length 1)) 2))

(deffunction kakuro-max-sum (?length)
   "The largest sum of ?length distinct digits"
   (div (* ?length (- 19 ?length)) 2))

;;; ---------------------------------------------------------------- set-up and bookkeeping

(deftemplate run-progress "How many cells of a run are placed, and their sum"
   (slot run (type SYMBOL))
   (slot count (type INTEGER) (default 0))
   (slot sum (type INTEGER) (default 0))
   (multislot done (type SYMBOL)))

(deftemplate unique-sum "Run `run` can only be made with the digits `digits`"
   (slot run (type SYMBOL))
   (multislot digits (type INTEGER)))

(deftemplate candidates-listed "The candidate facts of cell `cell` were made"
   (slot cell (type SYMBOL)))

(defrule initial-candidates "Every white cell starts with a candidate fact per value it allows (1 to 9)"
   (declare (salience 100))
   (cell (id ?c) (values $?vs))
   (not (candidates-listed (cell ?c)))
   =>
   (assert (candidates-listed (cell ?c)))
   (foreach ?v ?vs (assert (candidate (cell ?c) (value ?v)))))

(defrule initial-progress "Every run starts with no cell placed"
   (declare (salience 100))
   (run (id ?r))
   =>
   (assert (run-progress (run ?r))))

(defrule mirror-candidates "Keep the cell's list of values equal to its candidates"
   (declare (salience 90))
   ?f <- (cell (id ?c) (values $?a ?v $?b))
   (not (candidate (cell ?c) (value ?v)))
   =>
   (modify ?f (values ?a ?b)))

(defrule count-placed "A placed cell adds its digit to each of its runs' progress"
   (declare (salience 90))
   (placed (cell ?c) (value ?v))
   (in-run (cell ?c) (run ?r))
   ?p <- (run-progress (run ?r) (count ?n) (sum ?s) (done $?d&:(not (member$ ?c ?d))))
   =>
   (modify ?p (count (+ ?n 1)) (sum (+ ?s ?v)) (done ?d ?c)))

;;; ---------------------------------------------------------------- contradictions and the end

(defrule no-candidate-left "A cell without candidates is a contradiction"
   (declare (salience 80))
   (cell (id ?c) (values))
   (not (contradiction))
   =>
   (assert (contradiction (reason "cell has no candidate") (where ?c))))

(defrule wrong-run-sum "A filled run whose digits miss its clue is a contradiction"
   (declare (salience 80))
   (run (id ?r) (length ?n) (clue ?s))
   (run-progress (run ?r) (count ?n) (sum ?t&~?s))
   (not (contradiction))
   =>
   (assert (contradiction (reason "run sums to the wrong total") (where ?r))))

(defrule all-placed "Every cell placed without contradiction: the puzzle is solved"
   (declare (salience -100))
   (forall (cell (id ?c)) (placed (cell ?c)))
   (not (contradiction))
   (not (solved))
   =>
   (assert (solved)))

;;; ---------------------------------------------------------------- singles

(defrule naked-single "A cell with one candidate left holds that digit"
   (declare (salience 50))
   (cell (id ?c) (values ?v))
   (not (placed (cell ?c)))
   =>
   (assert (placed (cell ?c) (value ?v))))

(defrule placed-cell "A placed cell keeps no other candidate"
   (declare (salience 50))
   (placed (cell ?c) (value ?v))
   ?k <- (candidate (cell ?c) (value ~?v))
   =>
   (retract ?k))

(defrule placed-value-leaves-run "A placed digit cannot appear again in the cell's runs"
   (declare (salience 50))
   (placed (cell ?c) (value ?v))
   (in-run (cell ?c) (run ?r))
   (in-run (run ?r) (cell ?o&~?c))
   ?k <- (candidate (cell ?o) (value ?v))
   =>
   (retract ?k))

(defrule last-empty-cell "The last empty cell of a run holds the clue minus the placed digits"
   (declare (salience 48))
   (run (id ?r) (length ?n) (clue ?s))
   (run-progress (run ?r) (count ?k&:(= ?k (- ?n 1))) (sum ?t) (done $?d))
   (in-run (run ?r) (cell ?c&:(not (member$ ?c ?d))))
   ?x <- (candidate (cell ?c) (value ?v&:(<> ?v (- ?s ?t))))
   =>
   (retract ?x))

;;; ---------------------------------------------------------------- clue arithmetic

(defrule sum-bounds "A digit too large or too small for the clue, whatever distinct digits the other cells take"
   (declare (salience 46))
   (run (id ?r) (length ?n) (clue ?s))
   (in-run (run ?r) (cell ?c))
   ?x <- (candidate (cell ?c)
            (value ?v&:(or (> (+ ?v (kakuro-min-sum (- ?n 1))) ?s)
                           (< (+ ?v (kakuro-max-sum (- ?n 1))) ?s))))
   =>
   (retract ?x))

(defrule even-two-cell-sum "A two-cell run with an even clue cannot hold half the clue twice"
   (declare (salience 46))
   (run (id ?r) (length 2) (clue ?s&:(= (mod ?s 2) 0)))
   (in-run (run ?r) (cell ?c))
   ?x <- (candidate (cell ?c) (value ?v&:(= (* 2 ?v) ?s)))
   =>
   (retract ?x))

(defrule unique-sum-run "A clue that only one set of distinct digits makes"
   (declare (salience 45))
   (run (id ?r) (length ?n) (clue ?s))
   (test (= (length$ (kakuro-combinations ?n ?s 1)) 1))
   =>
   (assert (unique-sum (run ?r) (digits (explode$ (nth$ 1 (kakuro-combinations ?n ?s 1)))))))

(defrule unique-sum-digits "The cells of a unique-sum run take only its digits"
   (declare (salience 45))
   (unique-sum (run ?r) (digits $?d))
   (in-run (run ?r) (cell ?c))
   ?x <- (candidate (cell ?c) (value ?v&:(not (member$ ?v ?d))))
   =>
   (retract ?x))
