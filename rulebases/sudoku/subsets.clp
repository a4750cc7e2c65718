;;; Level 3 — naked and hidden subsets of size 2, 3 and 4 (the pencil-mark method): a group of
;;; n cells of a unit whose candidates together are only n values (naked), or n values of a
;;; unit whose places together are only n cells (hidden). Groups are grown one member at a
;;; time from the summaries `cands` (a cell's candidates) and `spots` (a value's places in a
;;; unit), kept up to date by the intersections level; a group depends logically on its members, so it disappears
;;; when one of them changes and is grown again from the new summaries.

(defglobal ?*largest-subset* = 4)

(defrule naked-group-start
  "Bookkeeping: an undecided cell with few candidates may start a naked subset"
  (declare (salience -16))
  (logical (cands (cell ?c) (values $?vs&:(<= 2 (length$ ?vs) ?*largest-subset*)))
           (member (unit ?u) (cell ?c)))
  =>
  (assert (group (kind naked) (unit ?u) (members ?c) (union ?vs) (last ?c))))

(defrule naked-group-grow
  "Bookkeeping: a naked group takes in a later cell of its unit while its candidates stay few"
  (declare (salience -16))
  (logical (group (kind naked) (unit ?u) (members $?m&:(< (length$ ?m) ?*largest-subset*))
                  (union $?s) (last ?l))
           (member (unit ?u) (cell ?c&:(> ?c ?l)))
           (cands (cell ?c) (values $?vs&:(>= (length$ ?vs) 2)
                                    &:(<= (union-size ?s ?vs) ?*largest-subset*))))
  =>
  (assert (group (kind naked) (unit ?u) (members ?m ?c) (union (union-of ?s ?vs)) (last ?c))))

(defrule hidden-group-start
  "Bookkeeping: a value with few places in a unit may start a hidden subset"
  (declare (salience -16))
  (logical (spots (unit ?u) (value ?v) (places $?cs&:(<= 2 (length$ ?cs) ?*largest-subset*))))
  =>
  (assert (group (kind hidden) (unit ?u) (members ?v) (union ?cs) (last ?v))))

(defrule hidden-group-grow
  "Bookkeeping: a hidden group takes in a larger value whose places in the unit stay few"
  (declare (salience -16))
  (logical (group (kind hidden) (unit ?u) (members $?m&:(< (length$ ?m) ?*largest-subset*))
                  (union $?s) (last ?l))
           (spots (unit ?u) (value ?v&:(> ?v ?l))
                  (places $?cs&:(>= (length$ ?cs) 2)
                              &:(<= (union-size ?s ?cs) ?*largest-subset*))))
  =>
  (assert (group (kind hidden) (unit ?u) (members ?m ?v) (union (union-of ?s ?cs)) (last ?v))))

;;; Naked subsets: n cells holding only n values between them; the unit's other cells lose them.

(defrule naked-pair
  "Naked pair: two cells of a unit hold only the same two candidates, so the unit's other cells lose them"
  (declare (salience -20))
  (group (kind naked) (unit ?u) (members ?a ?b) (union $?vs&:(= (length$ ?vs) 2)))
  (member (unit ?u) (cell ?o&~?a&~?b))
  ?x <- (candidate (cell ?o) (value ?v&:(member$ ?v ?vs)))
  =>
  (retract ?x))

(defrule hidden-pair
  "Hidden pair: two values of a unit have places only in the same two cells, so those cells lose every other candidate"
  (declare (salience -21))
  (group (kind hidden) (unit ?u) (members ?a ?b) (union $?cs&:(= (length$ ?cs) 2)))
  (member (unit ?u) (position ?p&:(member$ ?p ?cs)) (cell ?c))
  ?x <- (candidate (cell ?c) (value ~?a&~?b))
  =>
  (retract ?x))

(defrule naked-triple
  "Naked triple: three cells of a unit hold only three candidates between them, so the unit's other cells lose them"
  (declare (salience -22))
  (group (kind naked) (unit ?u) (members ?a ?b ?c) (union $?vs&:(= (length$ ?vs) 3)))
  (member (unit ?u) (cell ?o&~?a&~?b&~?c))
  ?x <- (candidate (cell ?o) (value ?v&:(member$ ?v ?vs)))
  =>
  (retract ?x))

(defrule hidden-triple
  "Hidden triple: three values of a unit have places only in the same three cells, so those cells lose every other candidate"
  (declare (salience -23))
  (group (kind hidden) (unit ?u) (members ?a ?b ?d) (union $?cs&:(= (length$ ?cs) 3)))
  (member (unit ?u) (position ?p&:(member$ ?p ?cs)) (cell ?c))
  ?x <- (candidate (cell ?c) (value ~?a&~?b&~?d))
  =>
  (retract ?x))

(defrule naked-quad
  "Naked quad: four cells of a unit hold only four candidates between them, so the unit's other cells lose them"
  (declare (salience -24))
  (group (kind naked) (unit ?u) (members ?a ?b ?c ?d) (union $?vs&:(= (length$ ?vs) 4)))
  (member (unit ?u) (cell ?o&~?a&~?b&~?c&~?d))
  ?x <- (candidate (cell ?o) (value ?v&:(member$ ?v ?vs)))
  =>
  (retract ?x))

(defrule hidden-quad
  "Hidden quad: four values of a unit have places only in the same four cells, so those cells lose every other candidate"
  (declare (salience -25))
  (group (kind hidden) (unit ?u) (members ?a ?b ?d ?e) (union $?cs&:(= (length$ ?cs) 4)))
  (member (unit ?u) (position ?p&:(member$ ?p ?cs)) (cell ?c))
  ?x <- (candidate (cell ?c) (value ~?a&~?b&~?d&~?e))
  =>
  (retract ?x))
