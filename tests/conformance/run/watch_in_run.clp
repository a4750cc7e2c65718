;;; watch facts/rules/activations switched on by a rule: format of ==>/<== fact lines, FIRE lines, Activation lines
(deftemplate job (slot id) (slot state))
(defrule start
   (declare (salience 100))
   =>
   (watch facts)
   (watch rules)
   (watch activations)
   (assert (job (id 1) (state new)) (job (id 2) (state "in progress")))
   (assert (note "a \"quoted\" note" 2.5 (create$ x y))))
(defrule finish
   ?j <- (job (id ?i) (state new))
   =>
   (retract ?j)
   (assert (job (id ?i) (state done))))
(defrule done (job (id ?i) (state done)) => (printout t "job " ?i " done" crlf))
(defrule stop
   (declare (salience -100))
   =>
   (unwatch all)
   (printout t "unwatched" crlf)
   (assert (silent)))
