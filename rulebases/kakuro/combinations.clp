;;; Kakuro level 2 — combinations: each run's digit sets (computed by kakuro-combinations of
;;; level 1), pruned by the candidates, and the values no remaining set uses.

(deftemplate combination "A set of distinct digits that still may fill run `run`"
   (slot run (type SYMBOL))
   (multislot digits (type INTEGER)))

(deffunction kakuro-shares-any (?digits ?values)
   "True when the multifields ?digits and ?values have a common element"
   (foreach ?d ?digits (if (member$ ?d ?values) then (return TRUE)))
   FALSE)

(defrule list-combinations "Every set of distinct digits that makes the clue is a possible combination"
   (declare (salience 100))
   (run (id ?r) (length ?n) (clue ?s))
   =>
   (foreach ?set (kakuro-combinations ?n ?s 1)
      (assert (combination (run ?r) (digits (explode$ ?set))))))

(defrule combination-without-room "A combination needs a digit that no cell of the run can take"
   (declare (salience 40))
   ?k <- (combination (run ?r) (digits $? ?d $?))
   (not (and (in-run (run ?r) (cell ?c)) (candidate (cell ?c) (value ?d))))
   =>
   (retract ?k))

(defrule combination-misfits-cell "A combination offers none of the digits a cell of the run can take"
   (declare (salience 40))
   ?k <- (combination (run ?r) (digits $?ds))
   (in-run (run ?r) (cell ?c))
   (cell (id ?c) (values $?vs&:(not (kakuro-shares-any ?ds ?vs))))
   =>
   (retract ?k))

(defrule value-in-no-combination "A digit that no remaining combination of the run contains"
   (declare (salience 40))
   (in-run (run ?r) (cell ?c))
   (combination (run ?r))
   ?x <- (candidate (cell ?c) (value ?v))
   (not (combination (run ?r) (digits $? ?v $?)))
   =>
   (retract ?x))

(defrule no-combination-left "A run that no combination can fill is a contradiction"
   (declare (salience 80))
   (run (id ?r))
   (not (combination (run ?r)))
   (not (contradiction))
   =>
   (assert (contradiction (reason "no combination fits the run") (where ?r))))

(defrule required-digit-single "A digit every combination of the run needs, and only one cell can take"
   (declare (salience 39))
   (in-run (run ?r) (cell ?c))
   (candidate (cell ?c) (value ?d))
   (not (combination (run ?r) (digits $?ds&:(not (member$ ?d ?ds)))))
   (not (and (in-run (run ?r) (cell ?o&~?c)) (candidate (cell ?o) (value ?d))))
   ?x <- (candidate (cell ?c) (value ~?d))
   =>
   (retract ?x))
