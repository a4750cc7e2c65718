;;; (set-salience-evaluation every-cycle): salience re-evaluated before each firing
(defglobal ?*boost* = 0)
(defrule a (declare (salience (+ 10 ?*boost*))) (go ?n) => (printout t "a " ?n " boost " ?*boost* crlf) (bind ?*boost* (- ?*boost* 20)))
(defrule b (declare (salience 5)) (go ?n) => (printout t "b " ?n crlf) (bind ?*boost* (+ ?*boost* 20)))
(defrule c (declare (salience (* -1 ?*boost*))) (go ?n) => (printout t "c " ?n " boost " ?*boost* crlf))
(defrule start
   (declare (salience 100))
   =>
   (printout t "old evaluation: " (set-salience-evaluation every-cycle) crlf)
   (printout t "evaluation: " (get-salience-evaluation) crlf)
   (assert (go 1) (go 2)))
(defrule restore (declare (salience -1000)) => (set-salience-evaluation when-defined) (printout t "done" crlf))
