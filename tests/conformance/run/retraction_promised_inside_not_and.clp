;;; A count changed, then the context retracted, where both are matched inside a not over a sub-chain: the not opens when the context goes, and its activation is as new as CLIPS makes it
(deftemplate ctx (slot state))
(deftemplate cnt (slot c))

(defrule step
  ?x <- (ctx (state go))
  ?k <- (cnt (c ?c&:(< ?c 2)))
  =>
  (printout t "step " ?c crlf)
  (modify ?k (c (+ ?c 1)))
  (modify ?x (state pause)))

(defrule watcher
  (item ?n)
  (not (and (ctx (state go)) (cnt (c ?))))
  =>
  (printout t "watcher " ?n crlf))

(defrule counter-seen
  (cnt (c ?c))
  =>
  (printout t "counter-seen " ?c crlf))

(defrule resume
  (declare (salience -5))
  ?x <- (ctx (state pause))
  =>
  (printout t "resume" crlf)
  (modify ?x (state go)))

(deffacts start (item 1) (ctx (state go)) (cnt (c 0)))
