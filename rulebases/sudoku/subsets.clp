;;; Level 3 — naked and hidden subsets of size 2, 3 and 4 (the pencil-mark method): n cells of
;;; a unit whose candidates together are only n values (naked: the unit's other cells lose
;;; those values), or n values of a unit whose places together are only n cells (hidden: those
;;; cells lose every other value). The rules read the summaries `cands` (a cell's candidates)
;;; and `spots` (a value's places in a unit, as positions), kept up to date by the
;;; intersections level, and take the members in ascending order so each subset is found once.

(defrule MAIN::naked-pair
  "Naked pair: two cells of a unit hold only the same two candidates, so the unit's other cells lose them"
  (declare (salience -20))
  (cands (cell ?a) (values ?x ?y))
  (member (unit ?u) (cell ?a))
  (member (unit ?u) (cell ?b&:(> ?b ?a)))
  (cands (cell ?b) (values ?x ?y))
  (member (unit ?u) (cell ?o&~?a&~?b))
  ?e <- (candidate (cell ?o) (value ?v&:(or (= ?v ?x) (= ?v ?y))))
  =>
  (retract ?e))

(defrule hidden-pair
  "Hidden pair: two values of a unit have places only in the same two cells, so those cells lose every other candidate"
  (declare (salience -21))
  (spots (unit ?u) (value ?x) (places ?p ?q))
  (spots (unit ?u) (value ?y&:(> ?y ?x)) (places ?p ?q))
  (member (unit ?u) (position ?r&:(or (= ?r ?p) (= ?r ?q))) (cell ?c))
  ?e <- (candidate (cell ?c) (value ~?x&~?y))
  =>
  (retract ?e))

(defrule naked-triple
  "Naked triple: three cells of a unit hold only three candidates between them, so the unit's other cells lose them"
  (declare (salience -22))
  (cands (cell ?a) (values $?va&:(<= 2 (length$ ?va) 3)))
  (member (unit ?u) (cell ?a))
  (member (unit ?u) (cell ?b&:(> ?b ?a)))
  (cands (cell ?b) (values $?vb&:(<= 2 (length$ ?vb) 3)&:(<= (distinct-count ?va ?vb) 3)))
  (member (unit ?u) (cell ?c&:(> ?c ?b)))
  (cands (cell ?c) (values $?vc&:(<= 2 (length$ ?vc) 3)
                              &:(= (distinct-count ?va ?vb ?vc) 3)))
  (member (unit ?u) (cell ?o&~?a&~?b&~?c))
  ?e <- (candidate (cell ?o) (value ?v&:(member$ ?v (create$ ?va ?vb ?vc))))
  =>
  (retract ?e))

(defrule hidden-triple
  "Hidden triple: three values of a unit have places only in the same three cells, so those cells lose every other candidate"
  (declare (salience -23))
  (spots (unit ?u) (value ?x) (places $?px&:(<= 2 (length$ ?px) 3)))
  (spots (unit ?u) (value ?y&:(> ?y ?x))
         (places $?py&:(<= 2 (length$ ?py) 3)&:(<= (distinct-count ?px ?py) 3)))
  (spots (unit ?u) (value ?z&:(> ?z ?y))
         (places $?pz&:(<= 2 (length$ ?pz) 3)&:(= (distinct-count ?px ?py ?pz) 3)))
  (member (unit ?u) (position ?r&:(member$ ?r (create$ ?px ?py ?pz))) (cell ?c))
  ?e <- (candidate (cell ?c) (value ~?x&~?y&~?z))
  =>
  (retract ?e))

(defrule naked-quad
  "Naked quad: four cells of a unit hold only four candidates between them, so the unit's other cells lose them"
  (declare (salience -24))
  (cands (cell ?a) (values $?va&:(<= 2 (length$ ?va) 4)))
  (member (unit ?u) (cell ?a))
  (member (unit ?u) (cell ?b&:(> ?b ?a)))
  (cands (cell ?b) (values $?vb&:(<= 2 (length$ ?vb) 4)&:(<= (distinct-count ?va ?vb) 4)))
  (member (unit ?u) (cell ?c&:(> ?c ?b)))
  (cands (cell ?c) (values $?vc&:(<= 2 (length$ ?vc) 4)
                              &:(<= (distinct-count ?va ?vb ?vc) 4)))
  (member (unit ?u) (cell ?d&:(> ?d ?c)))
  (cands (cell ?d) (values $?vd&:(<= 2 (length$ ?vd) 4)
                              &:(= (distinct-count ?va ?vb ?vc ?vd) 4)))
  (member (unit ?u) (cell ?o&~?a&~?b&~?c&~?d))
  ?e <- (candidate (cell ?o) (value ?v&:(member$ ?v (create$ ?va ?vb ?vc ?vd))))
  =>
  (retract ?e))

(defrule hidden-quad
  "Hidden quad: four values of a unit have places only in the same four cells, so those cells lose every other candidate"
  (declare (salience -25))
  (spots (unit ?u) (value ?w) (places $?pw&:(<= 2 (length$ ?pw) 4)))
  (spots (unit ?u) (value ?x&:(> ?x ?w))
         (places $?px&:(<= 2 (length$ ?px) 4)&:(<= (distinct-count ?pw ?px) 4)))
  (spots (unit ?u) (value ?y&:(> ?y ?x))
         (places $?py&:(<= 2 (length$ ?py) 4)&:(<= (distinct-count ?pw ?px ?py) 4)))
  (spots (unit ?u) (value ?z&:(> ?z ?y))
         (places $?pz&:(<= 2 (length$ ?pz) 4)&:(= (distinct-count ?pw ?px ?py ?pz) 4)))
  (member (unit ?u) (position ?r&:(member$ ?r (create$ ?pw ?px ?py ?pz))) (cell ?c))
  ?e <- (candidate (cell ?c) (value ~?w&~?x&~?y&~?z))
  =>
  (retract ?e))
