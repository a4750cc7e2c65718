;;; Cost per fact with 1000000 facts in working memory, no rules matching them: written by
;;; benches/programs/generate.py (edit that, not this file); run by benches/vs-clips
;;; --fact-cost. Prints nanoseconds per fact filled and per assert+retract at that size.

(defglobal ?*rules* = none ?*size* = 1000000 ?*cycles* = 100000)

(deftemplate item (slot id) (slot group))
(deftemplate probe (slot id) (slot group))

;; Fills working memory with ?*size* items, then asserts and retracts ?*cycles* more items
;; one at a time, timing each phase with (time).
(defrule measure
  =>
  (bind ?t0 (time))
  (loop-for-count (?i 1 ?*size*)
    (assert (item (id ?i) (group (mod ?i 100)))))
  (bind ?t1 (time))
  (loop-for-count (?i 1 ?*cycles*)
    (bind ?f (assert (item (id (+ ?*size* ?i)) (group (mod ?i 100)))))
    (retract ?f))
  (bind ?t2 (time))
  (printout t "rules " ?*rules* " size " ?*size*
              " fill-ns-per-fact " (integer (/ (* 1e9 (- ?t1 ?t0)) ?*size*))
              " ns-per-assert-retract " (integer (/ (* 1e9 (- ?t2 ?t1)) ?*cycles*)) crlf))
