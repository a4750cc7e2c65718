;;; Hitori, level 4 (hypothesis): trial and error, the last resort. When the rules of the
;;; levels below are stuck, each undecided cell becomes an alternative ("it is shaded");
;;; the engine's defhypothesis assumes it or its opposite, runs the ordinary rules, and keeps
;;; what a contradiction proves (T&E, then BLISS, then nested T&E). Needs connectivity.clp.

(deftemplate trial "The rules got stuck: trial and error has begun")

(deftemplate undecided "An undecided cell, as an alternative for trial and error: assume it is shaded"
   (slot row (type INTEGER))
   (slot col (type INTEGER)))

(deftemplate shade "A cell decided while trial and error runs: what branches may agree on"
   (slot row (type INTEGER))
   (slot col (type INTEGER))
   (slot state (type SYMBOL) (allowed-symbols white black)))

(deftemplate solved "Every cell is decided and the white region is one piece")

(deffunction decide-undecided (?u ?state)
   "Gives the cell of alternative ?u the state ?state, if it is still undecided"
   (bind ?r (fact-slot-value ?u row))
   (bind ?c (fact-slot-value ?u col))
   (do-for-fact ((?x cell)) (and (= ?x:row ?r) (= ?x:col ?c) (eq ?x:state unknown))
      (modify ?x (state ?state))))

(deffunction assume-shaded (?u)
   "Assume the undecided cell ?u is shaded"
   (decide-undecided ?u black))

(deffunction assume-white (?u)
   "Assume the undecided cell ?u is white"
   (decide-undecided ?u white))

(defrule rules-stuck
   "The rules are stuck: trial and error begins"
   (declare (salience -1000))
   (cell (state unknown))
   (not (trial))
   =>
   (assert (trial)))

(defrule undecided-cell
   "Trial and error: an undecided cell may be assumed shaded or white"
   (declare (salience -1001))
   (trial)
   (cell (row ?r) (col ?c) (state unknown))
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
   "Every cell is decided: one white region is a solution, two are a contradiction"
   (declare (salience -1000))
   (trial)
   (not (cell (state unknown)))
   (not (contradiction))
   =>
   (if (white-region-connected)
    then (assert (solved))
    else (assert (contradiction (reason "the white cells are cut in two")))))

(defhypothesis shade-or-not
   "Assume an undecided cell shaded, or white, and keep what a contradiction proves"
   (hypothesis undecided)
   (assume-true assume-shaded)
   (assume-false assume-white)
   (contradiction contradiction)
   (solved solved)
   (keep shade)
   (levels te1 bliss1 bliss2 te2))
