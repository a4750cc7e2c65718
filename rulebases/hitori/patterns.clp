;;; Hitori, level 2 (patterns): corners and pairs of pairs. Each rule is written once for any
;;; grid: a corner is found from the `grid` size, lines are `place` facts, so one rule covers
;;; the four corners, every row and every column.

(deffunction corner-p (?r ?c ?rows ?cols)
   "TRUE when cell (?r, ?c) is a corner of a ?rows x ?cols grid"
   (and (or (= ?r 1) (= ?r ?rows)) (or (= ?c 1) (= ?c ?cols))))

(defrule corner-triple
   "Corner: a corner number equal to both its neighbours is shaded (white, it would be shut in)"
   (grid (rows ?rows) (cols ?cols))
   (place (line ?l) (row ?r) (col ?c&:(corner-p ?r ?c ?rows ?cols)) (value ?v))
   (adjacent (row ?r) (col ?c) (nrow ?r1) (ncol ?c1))
   (place (line ?l) (row ?r1) (col ?c1) (value ?v))
   (adjacent (row ?r) (col ?c) (nrow ?r2) (ncol ?c2&:(or (<> ?r2 ?r1) (<> ?c2 ?c1))))
   (place (line ~?l) (row ?r2) (col ?c2) (value ?v))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state black)))

(defrule corner-pair
   "Corner: a corner cell paired with one neighbour keeps its other neighbour white"
   (grid (rows ?rows) (cols ?cols))
   (place (line ?l) (row ?r) (col ?c&:(corner-p ?r ?c ?rows ?cols)) (value ?v))
   (adjacent (row ?r) (col ?c) (nrow ?r1) (ncol ?c1))
   (place (line ?l) (row ?r1) (col ?c1) (value ?v))
   (adjacent (row ?r) (col ?c) (nrow ?r2) (ncol ?c2&:(or (<> ?r2 ?r1) (<> ?c2 ?c1))))
   ?x <- (cell (row ?r2) (col ?c2) (state unknown))
   =>
   (modify ?x (state white)))

(defrule pair-and-crossed-pair
   "Two dominoes with the same two numbers in one line (a b .. a b or a b .. b a): every other copy of either number there is shaded"
   (place (line ?l) (pos ?p) (value ?a))
   (place (line ?l) (pos =(+ ?p 1)) (value ?b&~?a))
   (place (line ?l) (pos ?q&:(> ?q (+ ?p 1))) (value ?a2&:(or (= ?a2 ?a) (= ?a2 ?b))))
   (place (line ?l) (pos =(+ ?q 1)) (value ?b2&~?a2&:(or (= ?b2 ?a) (= ?b2 ?b))))
   (place (line ?l)
          (pos ?t&:(and (<> ?t ?p) (<> ?t (+ ?p 1)) (<> ?t ?q) (<> ?t (+ ?q 1))))
          (value ?tv&:(or (= ?tv ?a) (= ?tv ?b)))
          (row ?r) (col ?c))
   ?x <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?x (state black)))

(defrule two-parallel-pairs
   "Two pairs: the same two numbers side by side in two parallel lines leave one white copy in each crossing line, so the others there are shaded"
   (place (line ?l1) (pos ?p) (value ?a) (row ?ra) (col ?ca))
   (place (line ?l1) (pos ?p2&:(= (abs (- ?p2 ?p)) 1)) (value ?b))
   (place (line ?x&~?l1) (row ?ra) (col ?ca) (pos ?q1))
   (place (line ?x) (pos ?q2&~?q1) (value ?a) (row ?r2) (col ?c2))
   (place (line ?l2&~?x) (row ?r2) (col ?c2) (pos ?p))
   (place (line ?l2) (pos ?p2) (value ?b))
   (place (line ?x) (pos ?t&~?q1&~?q2) (value ?a) (row ?r) (col ?c))
   ?y <- (cell (row ?r) (col ?c) (state unknown))
   =>
   (modify ?y (state black)))
