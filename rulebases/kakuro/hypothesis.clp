;;; Kakuro level 6 — hypothesis: trial and error, the last resort. When the rule levels below
;;; are stuck, every candidate of an undecided cell becomes an alternative ("this cell holds this
;;; digit"); the engine's defhypothesis assumes it or its negation, runs the ordinary rules, and
;;; keeps the candidate eliminations a contradiction proves (T&E, then BLISS, then nested T&E).

(deftemplate trial "The rules got stuck: trial and error has begun")

(deftemplate alternative "An undecided cell's candidate (fact `candidate`), as an alternative for trial and error"
   (slot cell (type SYMBOL))
   (slot value (type INTEGER))
   (slot candidate))

(deffunction assume-digit (?a)
   "Assume the cell of alternative ?a holds its digit"
   (assert (placed (cell (fact-slot-value ?a cell)) (value (fact-slot-value ?a value)))))

(deffunction exclude-digit (?a)
   "Assume the cell of alternative ?a does not hold its digit: its candidate goes"
   (retract (fact-slot-value ?a candidate)))

(defrule rules-stuck "The rules are stuck with an undecided cell: trial and error begins"
   (declare (salience -1000))
   (cell (values ? ? $?))
   (not (trial))
   =>
   (assert (trial)))

(defrule undecided-digit "Trial and error: a candidate of an undecided cell may be assumed or excluded"
   (declare (salience -1001))
   (trial)
   (cell (id ?c) (values $?vs&:(> (length$ ?vs) 1)))
   ?k <- (candidate (cell ?c) (value ?v))
   (not (alternative (cell ?c) (value ?v)))
   =>
   (assert (alternative (cell ?c) (value ?v) (candidate ?k))))

(defrule spent-alternative "An alternative whose candidate is gone, or whose cell is decided, is dropped"
   (declare (salience 95))
   ?a <- (alternative (cell ?c) (value ?v))
   (or (not (candidate (cell ?c) (value ?v)))
       (cell (id ?c) (values ?)))
   =>
   (retract ?a))

(defhypothesis digit-or-not
   "Assume an undecided cell holds a candidate digit, or not, and keep what a contradiction proves"
   (hypothesis alternative)
   (assume-true assume-digit)
   (assume-false exclude-digit)
   (contradiction contradiction)
   (solved solved)
   (keep candidate)
   (levels te1 bliss1 bliss2 te2))
