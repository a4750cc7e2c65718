;;; Level 4 — fish: X-wing (2 lines), swordfish (3), jellyfish (4). When a value's places in n
;;; rows lie together in only n columns (or the other way round), each of those columns holds
;;; the value in one of those rows, so the other rows' cells in those columns lose it. The
;;; rules read the `spots` summaries of rows and columns: the positions of a row's places are
;;; column numbers, and those of a column's places row numbers. Base lines are taken in
;;; ascending order of their names, so each fish is found once.

(defrule MAIN::x-wing
  "X-wing: in two rows (columns) a value's places lie in the same two columns (rows), so the other cells of those columns (rows) lose it"
  (declare (salience -32))
  (spots (unit ?l1) (value ?v) (places ?p ?q))
  (unit (id ?l1) (kind ?k&row|column))
  (spots (unit ?l2&:(> (str-compare ?l2 ?l1) 0)) (value ?v) (places ?p ?q))
  (unit (id ?l2) (kind ?k))
  (member (unit ?o&~?l1&~?l2) (kind ?k) (position ?r&:(or (= ?r ?p) (= ?r ?q))) (cell ?t))
  ?e <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?e))

(defrule swordfish
  "Swordfish: in three rows (columns) a value's places lie in only three columns (rows), so the other cells of those columns (rows) lose it"
  (declare (salience -33))
  (spots (unit ?l1) (value ?v) (places $?p1&:(<= 2 (length$ ?p1) 3)))
  (unit (id ?l1) (kind ?k&row|column))
  (spots (unit ?l2&:(> (str-compare ?l2 ?l1) 0)) (value ?v)
         (places $?p2&:(<= 2 (length$ ?p2) 3)&:(<= (distinct-count ?p1 ?p2) 3)))
  (unit (id ?l2) (kind ?k))
  (spots (unit ?l3&:(> (str-compare ?l3 ?l2) 0)) (value ?v)
         (places $?p3&:(<= 2 (length$ ?p3) 3)&:(= (distinct-count ?p1 ?p2 ?p3) 3)))
  (unit (id ?l3) (kind ?k))
  (member (unit ?o&~?l1&~?l2&~?l3) (kind ?k) (position ?r&:(member$ ?r (create$ ?p1 ?p2 ?p3)))
          (cell ?t))
  ?e <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?e))

(defrule jellyfish
  "Jellyfish: in four rows (columns) a value's places lie in only four columns (rows), so the other cells of those columns (rows) lose it"
  (declare (salience -34))
  (spots (unit ?l1) (value ?v) (places $?p1&:(<= 2 (length$ ?p1) 4)))
  (unit (id ?l1) (kind ?k&row|column))
  (spots (unit ?l2&:(> (str-compare ?l2 ?l1) 0)) (value ?v)
         (places $?p2&:(<= 2 (length$ ?p2) 4)&:(<= (distinct-count ?p1 ?p2) 4)))
  (unit (id ?l2) (kind ?k))
  (spots (unit ?l3&:(> (str-compare ?l3 ?l2) 0)) (value ?v)
         (places $?p3&:(<= 2 (length$ ?p3) 4)&:(<= (distinct-count ?p1 ?p2 ?p3) 4)))
  (unit (id ?l3) (kind ?k))
  (spots (unit ?l4&:(> (str-compare ?l4 ?l3) 0)) (value ?v)
         (places $?p4&:(<= 2 (length$ ?p4) 4)&:(= (distinct-count ?p1 ?p2 ?p3 ?p4) 4)))
  (unit (id ?l4) (kind ?k))
  (member (unit ?o&~?l1&~?l2&~?l3&~?l4) (kind ?k)
          (position ?r&:(member$ ?r (create$ ?p1 ?p2 ?p3 ?p4))) (cell ?t))
  ?e <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?e))
