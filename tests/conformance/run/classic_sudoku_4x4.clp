;;; constraint deduction: a 4x4 sudoku solved by candidate elimination, naked singles and hidden singles in rows
(deftemplate cell (slot row) (slot col) (slot box) (slot value (default 0)))
(deftemplate candidate (slot row) (slot col) (slot value))
(deffunction box-of (?r ?c) (+ (* 2 (div (- ?r 1) 2)) (div (- ?c 1) 2) 1))
(deffacts puzzle
   (givens 1 0 0 4
           0 4 1 0
           2 0 0 3
           0 3 2 0))
(defrule setup
   ?g <- (givens $?vals)
   =>
   (retract ?g)
   (loop-for-count (?r 1 4)
      (loop-for-count (?c 1 4)
         (bind ?v (nth$ (+ (* 4 (- ?r 1)) ?c) ?vals))
         (assert (cell (row ?r) (col ?c) (box (box-of ?r ?c)) (value ?v)))
         (if (= ?v 0) then
            (loop-for-count (?n 1 4) (assert (candidate (row ?r) (col ?c) (value ?n))))))))
(defrule eliminate
   (declare (salience 10))
   (cell (row ?r1) (col ?c1) (box ?b1) (value ?v&~0))
   ?cand <- (candidate (row ?r2) (col ?c2) (value ?v))
   (cell (row ?r2) (col ?c2) (box ?b2) (value 0))
   (test (or (= ?r1 ?r2) (= ?c1 ?c2) (= ?b1 ?b2)))
   =>
   (retract ?cand))
(defrule single
   ?cell <- (cell (row ?r) (col ?c) (value 0))
   ?cand <- (candidate (row ?r) (col ?c) (value ?v))
   (not (candidate (row ?r) (col ?c) (value ~?v)))
   =>
   (printout t "cell " ?r "," ?c " = " ?v " (naked single)" crlf)
   (retract ?cand)
   (modify ?cell (value ?v)))
(defrule hidden-single-row
   (declare (salience -1))
   ?cell <- (cell (row ?r) (col ?c) (value 0))
   (candidate (row ?r) (col ?c) (value ?v))
   (not (candidate (row ?r) (col ~?c) (value ?v)))
   =>
   (printout t "cell " ?r "," ?c " = " ?v " (hidden single in row)" crlf)
   (do-for-all-facts ((?x candidate)) (and (= ?x:row ?r) (= ?x:col ?c)) (retract ?x))
   (modify ?cell (value ?v)))
(defrule print-grid
   (declare (salience -10))
   =>
   (loop-for-count (?r 1 4)
      (loop-for-count (?c 1 4)
         (do-for-fact ((?x cell)) (and (= ?x:row ?r) (= ?x:col ?c)) (printout t ?x:value " ")))
      (printout t crlf)))
