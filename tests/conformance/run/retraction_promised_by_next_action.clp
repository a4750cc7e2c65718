;;; Actions followed by a modify or retract of a context fact: where that next action does not in fact retract it (the fact is unchanged by then), new facts still meet the partial matches holding it
(deftemplate ctx (slot name) (slot state))
(deftemplate cnt (slot name) (slot c))

;; The next modify sets the state the fact already has: nothing is retracted, and
;; the new count must still meet the context.
(defrule same-state
  ?x <- (ctx (name one) (state go))
  ?k <- (cnt (name one) (c ?c&:(< ?c 3)))
  =>
  (printout t "same-state " ?c crlf)
  (modify ?k (c (+ ?c 1)))
  (modify ?x (state go)))

;; Evaluating the assert's value modifies the context first, so the modify after
;; it changes nothing.
(deffunction settle (?x)
  (modify ?x (state done))
  7)

(defrule changed-meanwhile
  ?x <- (ctx (name two) (state go))
  (not (cnt (name two)))
  =>
  (assert (cnt (name two) (c (settle ?x))))
  (modify ?x (state done)))

(defrule sees-two
  (ctx (name two) (state done))
  (cnt (name two) (c ?c))
  =>
  (printout t "sees-two " ?c crlf))

;; The plain case: the context goes, and comes back for the next count.
(defrule step
  ?x <- (ctx (name three) (state go))
  ?k <- (cnt (name three) (c ?c&:(< ?c 3)))
  =>
  (printout t "step " ?c crlf)
  (modify ?k (c (+ ?c 1)))
  (retract ?x))

(defrule back
  (not (ctx (name three)))
  =>
  (printout t "back" crlf)
  (assert (ctx (name three) (state go))))

(deffacts start
  (ctx (name one) (state go)) (cnt (name one) (c 0))
  (ctx (name two) (state go))
  (ctx (name three) (state go)) (cnt (name three) (c 0)))
