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

(deftemplate completion-due "Run `run` changed since its completion bounds were last checked"
   (slot run (type SYMBOL)))

(deffunction kakuro-extreme-sum (?skip ?largest $?cells)
   "The sum of the smallest (or, with ?largest, the largest) candidate of each cell fact in
    ?cells other than ?skip"
   (bind ?sum 0)
   (foreach ?f ?cells
      (if (neq ?f ?skip) then
         (bind ?vs (fact-slot-value ?f values))
         (if (> (length$ ?vs) 0) then
            (bind ?sum (+ ?sum (if ?largest then (nth$ (length$ ?vs) ?vs) else (nth$ 1 ?vs)))))))
   ?sum)

(defrule completion-watch "A change of a cell's candidates calls for its runs' completion bounds"
   (declare (salience 85))
   (cell (id ?c) (values $?))
   (in-run (cell ?c) (run ?r))
   =>
   (assert (completion-due (run ?r))))

(defrule max-min-completion "A digit that leaves the run short of its clue even with the other cells at their largest, or over it with them at their smallest"
   (declare (salience 28))
   ?d <- (completion-due (run ?r))
   (run (id ?r) (clue ?s) (cell-facts $?fs))
   =>
   (retract ?d)
   (foreach ?f ?fs
      (bind ?low (kakuro-extreme-sum ?f FALSE ?fs))
      (bind ?high (kakuro-extreme-sum ?f TRUE ?fs))
      (foreach ?v (fact-slot-value ?f values)
         (if (or (> (+ ?v ?low) ?s) (< (+ ?v ?high) ?s)) then
            (assert (eliminate (cell (fact-slot-value ?f id)) (value ?v)))))))
