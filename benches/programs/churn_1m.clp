;;; Churn: 1000000 facts asserted and retracted, in batches of 10,
;;; about 10000 of them in working memory at a time. Written by
;;; benches/programs/generate.py -- edit that, not this file. Prints how many items
;;; were retracted and the sum of their fields.

(defglobal ?*batches* = 100000 ?*batch-size* = 10 ?*window* = 1000
           ?*retracted* = 0 ?*checksum* = 0)

;;; Each `produce` firing asserts one batch of facts (item BATCH K) and an (expire OLD) fact
;;; for the batch made ?*window* batches before; `consume` then retracts that batch's items
;;; one firing each. Working memory holds about ?*window* batches of items throughout.

(defrule produce
  ?c <- (counter ?b&:(< ?b (+ ?*batches* ?*window*)))
  =>
  (retract ?c)
  (if (< ?b ?*batches*) then
    (loop-for-count (?k 1 ?*batch-size*)
      (assert (item ?b ?k))))
  (assert (expire (- ?b ?*window*)))
  (assert (counter (+ ?b 1))))

(defrule consume
  (declare (salience 10))
  (expire ?b)
  ?f <- (item ?b ?k)
  =>
  (retract ?f)
  (bind ?*retracted* (+ ?*retracted* 1))
  (bind ?*checksum* (+ ?*checksum* ?b ?k)))

(defrule expired
  (declare (salience 5))
  ?e <- (expire ?)
  =>
  (retract ?e))

(defrule report
  (declare (salience -10))
  (counter ?)
  (not (item $?))
  =>
  (printout t "items asserted and retracted " ?*retracted* ", checksum " ?*checksum* crlf))

(deffacts start (counter 0))
