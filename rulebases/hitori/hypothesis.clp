;;; Hitori, level 4 (hypothesis): trial and error, the last resort. When the rules of the
;;; levels below are stuck, each undecided cell becomes an alternative ("it is shaded"),
;;; except the later of two twins (side-by-side undecided cells with one number: one is
;;; shaded, the other white, so either decides both); the engine's defhypothesis assumes it or its opposite, runs the ordinary rules, and keeps
;;; what a contradiction proves (T&E, then BLISS, then nested T&E). Needs connectivity.clp.
;;;
;;; Branches must be cheap, so the white region is no longer searched: the shaded cells are
;;; followed as diagonal chains (two shaded cells touching corner to corner are one chain;
;;; every chain touching the border is one chain with it, number 0). Shaded cells never touch
;;; side by side, so the white cells are split exactly when a chain closes on itself or on
;;; the border: a cell whose shading would close one stays white, and a shaded cell that
;;; closes one is a contradiction. Each new shaded cell updates the chains once.

(deftemplate trial "The rules got stuck: trial and error has begun")

(deftemplate undecided "An undecided cell, as an alternative for trial and error: assume it is shaded"
   (slot row (type INTEGER))
   (slot col (type INTEGER)))

(deftemplate shade "A cell decided while trial and error runs: what branches may agree on"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot state (type SYMBOL) (allowed-symbols white black)))

(deftemplate solved "Every cell is decided and the white region is one piece")

(deftemplate diagonal "Cell (nrow, ncol) touches cell (row, col) corner to corner"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot nrow (type INTEGER))
   (slot ncol (type INTEGER)))

(deftemplate chain "A shaded cell and its diagonal chain: 0 for the border's, else a number of one of its cells"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot id (type INTEGER)))

(deftemplate assumption "A state trial and error gives a cell, for a rule to apply"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot state (type SYMBOL) (allowed-symbols white black)))

(deffunction assume-shaded (?u)
   "Assume the undecided cell ?u is shaded"
   (assert (assumption (row (fact-slot-value ?u row)) (col (fact-slot-value ?u col)) (state black))))

(deffunction assume-white (?u)
   "Assume the undecided cell ?u is white"
   (assert (assumption (row (fact-slot-value ?u row)) (col (fact-slot-value ?u col)) (state white))))

(defrule assumed-state
   "Trial and error: an assumed state is given to its cell, if the cell is still undecided"
   (declare (salience 300))
   ?a <- (assumption (row ?r) (col ?c) (state ?s))
   ?x <- (cell (row ?r) (col ?c) (state ?now))
   =>
   (retract ?a)
   (if (eq ?now unknown) then (modify ?x (state ?s))))

(deffunction join-chain (?r ?c ?rows ?cols)
   "Adds the shaded cell (?r, ?c) to the chains it touches (and to the border's if it lies on
    the border), merging them; a contradiction if two of them are already one chain"
   (bind ?ids (create$))
   (bind ?own 0)
   (if (or (= ?r 1) (= ?c 1) (= ?r ?rows) (= ?c ?cols))
    then (bind ?ids (create$ 0))
    else (bind ?own (+ (* (- ?r 1) ?cols) ?c)))
   (bind ?closed FALSE)
   (do-for-all-facts ((?k chain)) (and (= (abs (- ?k:row ?r)) 1) (= (abs (- ?k:col ?c)) 1))
      (if (member$ ?k:id ?ids) then (bind ?closed TRUE))
      (bind ?ids (create$ ?ids ?k:id)))
   (if ?closed then
      (assert (contradiction (reason "a chain of shaded cells closes: the white cells are cut in two")
                             (row ?r) (col ?c)))
      (return))
   (bind ?id ?own)
   (if (> (length$ ?ids) 0) then
      (bind ?id (nth$ 1 ?ids))
      (foreach ?i ?ids (if (< ?i ?id) then (bind ?id ?i))))
   (do-for-all-facts ((?k chain)) (and (<> ?k:id ?id) (member$ ?k:id ?ids))
      (modify ?k (id ?id)))
   (assert (chain (row ?r) (col ?c) (id ?id))))

(defrule rules-stuck
   "The rules are stuck: trial and error begins, following the shaded chains instead of
    searching the white region"
   (declare (salience -1000))
   (cell (state unknown))
   (not (trial))
   =>
   (assert (trial) (region-kept)))

(defrule diagonal-cells
   "Trial and error: two cells touching corner to corner"
   (declare (salience 200))
   (trial)
   (adjacent (row ?r) (col ?c) (nrow ?mr) (ncol ?mc))
   (adjacent (row ?mr) (col ?mc) (nrow ?nr&~?r) (ncol ?nc&~?c))
   =>
   (assert (diagonal (row ?r) (col ?c) (nrow ?nr) (ncol ?nc))))

(defrule shaded-chain
   "Trial and error: a shaded cell joins the diagonal chains it touches"
   (declare (salience 150))
   (trial)
   (grid (rows ?rows) (cols ?cols))
   (cell (row ?r) (col ?c) (state black))
   (not (chain (row ?r) (col ?c)))
   =>
   (join-chain ?r ?c ?rows ?cols))

(defrule chain-would-close
   "A cell touching one chain at two corners stays white: shaded, it would close the chain"
   (declare (salience 10))
   (chain (row ?ar) (col ?ac) (id ?id))
   (diagonal (row ?ar) (col ?ac) (nrow ?r) (ncol ?c))
   (diagonal (row ?r) (col ?c) (nrow ?br) (ncol ?bc&:(or (<> ?br ?ar) (<> ?bc ?ac))))
   (chain (row ?br) (col ?bc) (id ?id))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state white)))

(defrule chain-would-close-on-border
   "A border cell touching the border's chain at a corner stays white: shaded, it would close it"
   (declare (salience 10))
   (grid (rows ?rows) (cols ?cols))
   (chain (row ?ar) (col ?ac) (id 0))
   (diagonal (row ?ar) (col ?ac) (nrow ?r) (ncol ?c&:(or (= ?r 1) (= ?c 1) (= ?r ?rows) (= ?c ?cols))))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state white)))

(deftemplate twin "An undecided cell decided both ways by an earlier undecided neighbour with its number (one of the two is shaded): no alternative of its own"
   (slot row (type INTEGER))
   (slot col (type INTEGER)))

(defrule twin-cell
   "Trial and error: two undecided neighbours with the same number decide each other"
   (declare (salience -1000))
   (trial)
   (cell (row ?r) (col ?c) (value ?v) (state unknown))
   (adjacent (row ?r) (col ?c) (nrow ?nr) (ncol ?nc&:(or (< ?nr ?r) (and (= ?nr ?r) (< ?nc ?c)))))
   (cell (row ?nr) (col ?nc) (value ?v) (state unknown))
   =>
   (assert (twin (row ?r) (col ?c))))

(defrule undecided-cell
   "Trial and error: an undecided cell may be assumed shaded or white, unless it has an earlier twin"
   (declare (salience -1001))
   (trial)
   (cell (row ?r) (col ?c) (state unknown))
   (not (twin (row ?r) (col ?c)))
   =>
   (assert (undecided (row ?r) (col ?c))))

(defrule decided-cell
   "Trial and error: a decided cell is no longer an alternative; its shade is a conclusion"
   (declare (salience 100))
   ?u <- (undecided (row ?r) (col ?c))
   (cell (row ?r) (col ?c) (state ?s&~unknown))
   =>
   (retract ?u)
   (assert (shade (row ?r) (col ?c) (state ?s))))

(defrule shade-proven
   "Trial and error: every branch gives this cell the same shade, so it has it"
   (declare (salience 100))
   (shade (row ?r) (col ?c) (state ?s))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state ?s)))

(defrule complete-grid
   "Every cell is decided and no chain closed: the white region is one piece, a solution"
   (declare (salience -1000))
   (trial)
   (not (cell (state unknown)))
   (not (contradiction))
   =>
   (assert (solved)))

(defhypothesis shade-or-not
   "Assume an undecided cell shaded, or white, and keep what a contradiction proves"
   (hypothesis undecided)
   (assume-true assume-shaded)
   (assume-false assume-white)
   (contradiction contradiction)
   (solved solved)
   (keep shade)
   (levels te1 bliss1 bliss2 te2))
