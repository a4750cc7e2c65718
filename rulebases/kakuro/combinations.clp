;;; Kakuro level 2 — combinations: each run's digit sets (computed by kakuro-combinations of
;;; level 1), pruned by the candidates; the values no remaining set uses; the shared cell of two
;;; runs whose digits have one value in common; a digit every set needs that one cell can take.

(deftemplate combination "A set of distinct digits that still may fill run `run`"
   (slot run (type SYMBOL))
   (multislot digits (type INTEGER)))

(deffunction kakuro-shares-any (?digits ?values)
   "True when the multifields ?digits and ?values have a common element"
   (foreach ?d ?digits (if (member$ ?d ?values) then (return TRUE)))
   FALSE)

(deftemplate run-digits "The digits that some remaining combination of run `run` uses"
   (slot run (type SYMBOL))
   (multislot digits (type INTEGER)))

(deffunction kakuro-common (?a ?b)
   "The elements of the multifield ?a that the multifield ?b also holds"
   (bind ?out (create$))
   (foreach ?x ?a (if (member$ ?x ?b) then (bind ?out (create$ ?out ?x))))
   ?out)

(defrule list-combinations "Every set of distinct digits that makes the clue is a possible combination"
   (declare (salience 100))
   (run (id ?r) (length ?n) (clue ?s))
   =>
   (bind ?used (create$))
   (foreach ?set (kakuro-combinations ?n ?s 1)
      (bind ?digits (explode$ ?set))
      (assert (combination (run ?r) (digits ?digits)))
      (foreach ?d ?digits (if (not (member$ ?d ?used)) then (bind ?used (create$ ?used ?d)))))
   (assert (run-digits (run ?r) (digits ?used))))

(defrule unused-run-digit "Keep a run's digits equal to those its remaining combinations use"
   (declare (salience 90))
   ?u <- (run-digits (run ?r) (digits $?a ?d $?b))
   (not (combination (run ?r) (digits $? ?d $?)))
   =>
   (modify ?u (digits ?a ?b)))

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
   (declare (salience 39))
   (in-run (run ?r) (cell ?c))
   (run-digits (run ?r) (digits $?ds))
   ?x <- (candidate (cell ?c) (value ?v&:(not (member$ ?v ?ds))))
   =>
   (retract ?x))

(defrule crossing-runs-common-digit "The shared cell of two runs whose combinations have only one digit in common holds that digit"
   (declare (salience 41))
   (cell (id ?c) (across ?a) (down ?d) (values ? ? $?))
   (run-digits (run ?a) (digits $?da))
   (run-digits (run ?d) (digits $?dd&:(= (length$ (kakuro-common ?da ?dd)) 1)))
   (candidate (cell ?c) (value ?v&:(member$ ?v ?da)&:(member$ ?v ?dd)))
   =>
   (assert (placed (cell ?c) (value ?v))))

(defrule no-combination-left "A run that no combination can fill is a contradiction"
   (declare (salience 80))
   (run (id ?r))
   (not (combination (run ?r)))
   (not (contradiction))
   =>
   (assert (contradiction (reason "no combination fits the run") (where ?r))))

(defrule required-digit-single "A digit every combination of the run needs, and only one cell can take"
   (declare (salience 38))
   (in-run (run ?r) (cell ?c))
   (candidate (cell ?c) (value ?d))
   (not (combination (run ?r) (digits $?ds&:(not (member$ ?d ?ds)))))
   (not (and (in-run (run ?r) (cell ?o&~?c)) (candidate (cell ?o) (value ?d))))
   ?x <- (candidate (cell ?c) (value ~?d))
   =>
   (retract ?x))
