;;; Level 4 — fish: X-wing (2 lines), swordfish (3), jellyfish (4). When a value's places in n
;;; rows lie together in only n columns (or the other way round), each of those columns holds
;;; the value in one of those rows, so the other rows' cells in those columns lose it. A fish
;;; is grown one base line at a time from the `spots` summaries of rows and columns: the
;;; positions of a row's places are column numbers, and those of a column's places row numbers.

(defglobal ?*largest-fish* = 4)

(defrule fish-start
  "Bookkeeping: a row or column where a value has few places may start a fish"
  (declare (salience -31))
  (logical (spots (unit ?u) (value ?v) (places $?p&:(<= 2 (length$ ?p) ?*largest-fish*)))
           (unit (id ?u) (kind ?k&row|column)))
  =>
  (assert (fish (value ?v) (kind ?k) (bases ?u) (cover ?p) (last ?u))))

(defrule fish-grow
  "Bookkeeping: a fish takes in a later line of its kind while the value's places stay in few cross lines"
  (declare (salience -31))
  (logical (fish (value ?v) (kind ?k) (bases $?b&:(< (length$ ?b) ?*largest-fish*))
                 (cover $?s) (last ?l))
           (spots (unit ?u&:(> (str-compare ?u ?l) 0)) (value ?v)
                  (places $?p&:(>= (length$ ?p) 2)&:(<= (union-size ?s ?p) ?*largest-fish*)))
           (unit (id ?u) (kind ?k)))
  =>
  (assert (fish (value ?v) (kind ?k) (bases ?b ?u) (cover (union-of ?s ?p)) (last ?u))))

(defrule x-wing
  "X-wing: in two rows (columns) a value's places lie in the same two columns (rows), so the other cells of those columns (rows) lose it"
  (declare (salience -32))
  (fish (value ?v) (kind ?k) (bases ?b1 ?b2) (cover $?c&:(= (length$ ?c) 2)))
  (member (unit ?o&~?b1&~?b2) (kind ?k) (position ?q&:(member$ ?q ?c)) (cell ?t))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))

(defrule swordfish
  "Swordfish: in three rows (columns) a value's places lie in only three columns (rows), so the other cells of those columns (rows) lose it"
  (declare (salience -33))
  (fish (value ?v) (kind ?k) (bases ?b1 ?b2 ?b3) (cover $?c&:(= (length$ ?c) 3)))
  (member (unit ?o&~?b1&~?b2&~?b3) (kind ?k) (position ?q&:(member$ ?q ?c)) (cell ?t))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))

(defrule jellyfish
  "Jellyfish: in four rows (columns) a value's places lie in only four columns (rows), so the other cells of those columns (rows) lose it"
  (declare (salience -34))
  (fish (value ?v) (kind ?k) (bases ?b1 ?b2 ?b3 ?b4) (cover $?c&:(= (length$ ?c) 4)))
  (member (unit ?o&~?b1&~?b2&~?b3&~?b4) (kind ?k) (position ?q&:(member$ ?q ?c)) (cell ?t))
  ?x <- (candidate (cell ?t) (value ?v))
  =>
  (retract ?x))
