;;; An action followed by one that retracts the context fact (Manners' find_seating): firing order, test CEs and logical support below the join are as CLIPS has them
(deftemplate ctx (slot state))
(deftemplate cnt (slot c))
(deftemplate item (slot n))
(defrule step
  ?x <- (ctx (state go))
  (item (n ?n))
  ?k <- (cnt (c ?c&:(< ?c 4)))
  (not (done ?n ?c))
  =>
  (printout t "step " ?n " " ?c crlf)
  (assert (done ?n ?c))
  (modify ?k (c (+ ?c 1)))
  (modify ?x (state pause)))
(defrule noisy
  (ctx (state go))
  (cnt (c ?c))
  (test (progn (printout t "  test sees count " ?c crlf) TRUE))
  =>)
(defrule supported
  (logical (ctx (state go)) (cnt (c ?c)))
  =>
  (assert (seen ?c)))
(defrule resume
  ?x <- (ctx (state pause))
  =>
  (printout t "resume" crlf)
  (assert (item (n 9)))
  (retract ?x)
  (assert (ctx (state go))))
(defrule report
  (declare (salience -10))
  (seen ?c)
  =>
  (printout t "seen " ?c crlf))
(deffacts f (ctx (state go)) (cnt (c 0)) (item (n 1)) (item (n 2)) (item (n 3)))
(reset)
(run)
(exit)
