;;; Kakuro level 3 — subsets and completions: naked pairs and triples inside a run, and the
;;; max/min completion bounds (a digit whose run cannot reach, or must exceed, its clue once the
;;; other cells take their largest or smallest candidates).

(deffunction kakuro-union (?a ?b)
   "The distinct elements of the multifields ?a and ?b"
   (bind ?out ?a)
   (foreach ?x ?b (if (not (member$ ?x ?out)) then (bind ?out (create$ ?out ?x))))
   ?out)

(defrule naked-pair "Two cells of a run with the same two candidates hold those digits between them"
   (declare (salience 30))
   (in-run (run ?r) (cell ?a))
   (cell (id ?a) (values ?x ?y))
   (in-run (run ?r) (cell ?b&~?a))
   (cell (id ?b) (values ?x ?y))
   (in-run (run ?r) (cell ?o&~?a&~?b))
   ?k <- (candidate (cell ?o) (value ?v&?x|?y))
   =>
   (retract ?k))

(defrule naked-triple "Three cells of a run whose candidates make three digits hold those digits between them"
   (declare (salience 29))
   (in-run (run ?r) (cell ?a))
   (cell (id ?a) (values $?va&:(<= 2 (length$ ?va) 3)))
   (in-run (run ?r) (cell ?b&~?a))
   (cell (id ?b) (values $?vb&:(<= 2 (length$ ?vb) 3)
                          &:(<= (length$ (kakuro-union ?va ?vb)) 3)))
   (in-run (run ?r) (cell ?c&~?a&~?b))
   (cell (id ?c) (values $?vc&:(<= 2 (length$ ?vc) 3)
                          &:(= (length$ (kakuro-union (kakuro-union ?va ?vb) ?vc)) 3)))
   (in-run (run ?r) (cell ?o&~?a&~?b&~?c))
   ?k <- (candidate (cell ?o) (value ?v&:(member$ ?v (kakuro-union (kakuro-union ?va ?vb) ?vc))))
   =>
   (retract ?k))

(deftemplate completion-due "A cell of run `run` changed since its completion bounds were last checked"
   (slot run (type SYMBOL)))

(deftemplate completion-check "The completion bounds of run `run` are being checked"
   (slot run (type SYMBOL)))

(deffunction kakuro-completion-misses (?v ?cell ?clue ?cells)
   "True when digit ?v in the cell named ?cell leaves its run (cell facts ?cells, clue ?clue)
    short of the clue with every other cell at its largest candidate, or over it with every
    other cell at its smallest"
   (bind ?low 0)
   (bind ?high 0)
   (foreach ?f ?cells
      (bind ?vs (fact-slot-value ?f values))
      (if (and (neq (fact-slot-value ?f id) ?cell) (> (length$ ?vs) 0)) then
         (bind ?low (+ ?low (nth$ 1 ?vs)))
         (bind ?high (+ ?high (nth$ (length$ ?vs) ?vs)))))
   (or (> (+ ?v ?low) ?clue) (< (+ ?v ?high) ?clue)))

(defrule completion-watch "A change of a cell's candidates calls for its runs' completion bounds"
   (declare (salience 85))
   (cell (across ?a) (down ?d) (values $?))
   =>
   (assert (completion-due (run ?a)) (completion-due (run ?d))))

(defrule completion-start "The completion bounds of a changed run are checked, one run at a time"
   (declare (salience 26))
   ?d <- (completion-due (run ?r))
   =>
   (retract ?d)
   (assert (completion-check (run ?r))))

(defrule max-min-completion "A digit that leaves the run short of its clue even with the other cells at their largest, or over it with them at their smallest"
   (declare (salience 28))
   (completion-check (run ?r))
   (run (id ?r) (clue ?s) (cell-facts $?fs))
   (in-run (run ?r) (cell ?c))
   ?k <- (candidate (cell ?c) (value ?v))
   (test (kakuro-completion-misses ?v ?c ?s ?fs))
   =>
   (retract ?k))

(defrule completion-done "The run's completion bounds are checked"
   (declare (salience 27))
   ?d <- (completion-check)
   =>
   (retract ?d))
