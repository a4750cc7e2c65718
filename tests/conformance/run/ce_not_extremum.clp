;;; not CE asking for an extreme (no smaller value, per group and overall): the minimum changes as facts come and go, including the match that blocked the last token
(deftemplate v (slot group) (slot x))

(defrule group-minimum
  (v (group ?g) (x ?x))
  (not (v (group ?g) (x ?y&:(< ?y ?x))))
  =>
  (printout t "min of " ?g " is " ?x crlf))

(defrule overall-minimum
  (declare (salience -5))
  (v (group ?g) (x ?x))
  (not (v (x ?y&:(< ?y ?x))))
  =>
  (printout t "overall min " ?x " in " ?g crlf))

(defrule shrink
  (declare (salience -10))
  ?s <- (step ?n&:(< ?n 6))
  =>
  (retract ?s)
  (printout t "-- step " ?n crlf)
  (do-for-all-facts ((?f v)) (or (and (eq ?f:group (mod ?n 2)) (< ?f:x (+ 3 ?n)))
                                (and (eq ?f:group 2) (= ?n 3) (< ?f:x 18)))
    (retract ?f))
  (assert (v (group (mod ?n 2)) (x (- 10 ?n))))
  (assert (v (group 2) (x (- 20 ?n))))
  (assert (step (+ ?n 1))))

(deffacts data
  (v (group 0) (x 5)) (v (group 0) (x 3)) (v (group 0) (x 8))
  (v (group 1) (x 4)) (v (group 1) (x 2)) (v (group 1) (x 9))
  (v (group 2) (x 7)) (v (group 2) (x 1))
  (step 0))
