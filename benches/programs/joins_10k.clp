;;; Joins over 10000 facts: a synthetic join-heavy program (5-pattern rules, equality
;;; joins). Written by benches/programs/generate.py -- edit that, not this file. Prints
;;; how many chains each rule matched and checksums of them (independent of firing order).

(defglobal ?*n* = 2000 ?*forward* = 0 ?*forward-sum* = 0
           ?*backward* = 0 ?*backward-sum* = 0 ?*cycles* = 0)

;;; Five templates, one fact of each per index i; each maps its index to another by a
;;; multiplication modulo n (a bijection: the multipliers are prime to n), so a chain
;;; a -> b -> c -> d -> e through equal slot values exists for every a fact. The data is
;;; made by the `generate` rule, one index per firing, so every join sees facts arrive on
;;; both its sides in a scattered order.

(deftemplate a (slot id) (slot x))
(deftemplate b (slot x) (slot y))
(deftemplate c (slot y) (slot z))
(deftemplate d (slot z) (slot w))
(deftemplate e (slot w) (slot id))

(defrule generate
  ?c <- (counter ?i&:(< ?i ?*n*))
  =>
  (retract ?c)
  (assert (a (id ?i) (x (mod (* ?i 7) ?*n*))))
  (assert (b (x ?i) (y (mod (* ?i 11) ?*n*))))
  (assert (c (y ?i) (z (mod (* ?i 13) ?*n*))))
  (assert (d (z ?i) (w (mod (* ?i 17) ?*n*))))
  (assert (e (w ?i) (id (mod (* ?i 19) ?*n*))))
  (assert (counter (+ ?i 1))))

;; The chain, joined from a to e ...
(defrule chain_forward
  (a (id ?i) (x ?x))
  (b (x ?x) (y ?y))
  (c (y ?y) (z ?z))
  (d (z ?z) (w ?w))
  (e (w ?w) (id ?j))
  =>
  (bind ?*forward* (+ ?*forward* 1))
  (bind ?*forward-sum* (+ ?*forward-sum* (* ?i 3) ?j)))

;; ... and from e back to a: the same matches through other joins.
(defrule chain_backward
  (e (w ?w) (id ?j))
  (d (z ?z) (w ?w))
  (c (y ?y) (z ?z))
  (b (x ?x) (y ?y))
  (a (id ?i) (x ?x))
  =>
  (bind ?*backward* (+ ?*backward* 1))
  (bind ?*backward-sum* (+ ?*backward-sum* (* ?i 3) ?j)))

;; Chains that come back to the index they started from: the last join tests two slots.
(defrule cycle
  (a (id ?i) (x ?x))
  (b (x ?x) (y ?y))
  (c (y ?y) (z ?z))
  (d (z ?z) (w ?w))
  (e (w ?w) (id ?i))
  =>
  (bind ?*cycles* (+ ?*cycles* 1)))

(defrule report
  (declare (salience -10))
  (counter ?)
  =>
  (printout t "chains forward " ?*forward* " (checksum " ?*forward-sum* "), backward "
              ?*backward* " (checksum " ?*backward-sum* "), cycles " ?*cycles* crlf))

(deffacts start (counter 0))
