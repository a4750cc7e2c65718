;;; tie order of hidden-single rules (row, column, block) activated by the same change: assert, retraction that unblocks several not CEs at once (released node by node, the most recently blocked first), a solver run
(deftemplate cand (slot row) (slot col) (slot blk) (slot val))
(deftemplate solved (slot row) (slot col) (slot val))
(defrule hidden-row
   (cand (row ?r) (col ?c) (val ?v))
   (not (cand (row ?r) (col ~?c) (val ?v)))
   =>)
(defrule hidden-col
   (cand (row ?r) (col ?c) (val ?v))
   (not (cand (row ~?r) (col ?c) (val ?v)))
   =>)
(defrule hidden-blk
   (cand (row ?r) (col ?c) (blk ?b) (val ?v))
   (not (cand (blk ?b) (row ?r2) (col ?c2&:(or (<> ?r ?r2) (<> ?c ?c2))) (val ?v)))
   =>)
(defrule naked
   (cand (row ?r) (col ?c) (val ?v))
   (not (cand (row ?r) (col ?c) (val ~?v)))
   =>)
(deffacts start
 (cand (row 1) (col 1) (blk 1) (val 1))
 (cand (row 1) (col 1) (blk 1) (val 2))
 (cand (row 1) (col 2) (blk 1) (val 1))
 (cand (row 2) (col 1) (blk 1) (val 2))
 (cand (row 2) (col 2) (blk 1) (val 1))
 (cand (row 2) (col 2) (blk 1) (val 2))
 (cand (row 2) (col 2) (blk 1) (val 3)))
(reset)
(agenda)
(retract 2)
(agenda)
(retract 6)
(agenda)
(clear)
(deftemplate cell (slot r) (slot c) (slot b) (slot v (default 0)))
(deftemplate cand (slot r) (slot c) (slot b) (slot v))
(defrule hidden-single-block
   (declare (salience 10))
   (cand (r ?r) (c ?c) (b ?b) (v ?v))
   (not (cand (b ?b) (v ?v) (r ?r2) (c ?c2&:(or (<> ?r2 ?r) (<> ?c2 ?c)))))
   (cell (r ?r) (c ?c) (v 0))
   =>
   (printout t "block " ?r ?c " " ?v crlf))
(defrule hidden-single-column
   (declare (salience 10))
   (cand (r ?r) (c ?c) (v ?v))
   (not (cand (c ?c) (v ?v) (r ~?r)))
   (cell (r ?r) (c ?c) (v 0))
   =>
   (printout t "column " ?r ?c " " ?v crlf))
(defrule hidden-single-row
   (declare (salience 10))
   (cand (r ?r) (c ?c) (v ?v))
   (not (cand (r ?r) (v ?v) (c ~?c)))
   (cell (r ?r) (c ?c) (v 0))
   =>
   (printout t "row " ?r ?c " " ?v crlf))
(defrule eliminate
   (declare (salience 20))
   (cell (r ?r) (c ?c) (b ?b) (v ?v&~0))
   ?f <- (cand (r ?r2) (c ?c2) (b ?b2) (v ?v))
   (test (and (or (= ?r ?r2) (= ?c ?c2) (= ?b ?b2)) (not (and (= ?r ?r2) (= ?c ?c2)))))
   =>
   (retract ?f))
(defrule place
   ?c <- (cell (r ?r) (c ?cc) (v 0))
   (cand (r ?r) (c ?cc) (v ?v))
   (not (cand (r ?r) (c ?cc) (v ~?v)))
   =>
   (modify ?c (v ?v)))
(deffacts grid
 (cell (r 1) (c 1) (b 1)) (cell (r 1) (c 2) (b 1)) (cell (r 2) (c 1) (b 1)) (cell (r 2) (c 2) (b 1))
 (cell (r 1) (c 3) (b 2)) (cell (r 2) (c 3) (b 2))
 (cand (r 1) (c 1) (b 1) (v 1)) (cand (r 1) (c 1) (b 1) (v 2))
 (cand (r 1) (c 2) (b 1) (v 2)) (cand (r 1) (c 2) (b 1) (v 3))
 (cand (r 2) (c 1) (b 1) (v 1)) (cand (r 2) (c 1) (b 1) (v 3))
 (cand (r 2) (c 2) (b 1) (v 3)) (cand (r 2) (c 2) (b 1) (v 4))
 (cand (r 1) (c 3) (b 2) (v 4)) (cand (r 1) (c 3) (b 2) (v 1))
 (cand (r 2) (c 3) (b 2) (v 2)))
(reset)
(agenda)
(watch rules)
(run)
(facts)
(exit)
