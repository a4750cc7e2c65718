;;; dynamic salience: salience expression with a global, evaluated when activated vs every cycle
(defglobal ?*boost* = 0)
(defrule a (declare (salience (+ 10 ?*boost*))) (go ?n) => (printout t "a " ?n " boost " ?*boost* crlf) (bind ?*boost* (- ?*boost* 20)))
(defrule b (declare (salience 5)) (go ?n) => (printout t "b " ?n crlf) (bind ?*boost* (+ ?*boost* 20)))
(defrule c (declare (salience (* -1 ?*boost*))) (go ?n) => (printout t "c " ?n " boost " ?*boost* crlf))
(defrule start
   (declare (salience 100))
   =>
   (printout t "evaluation: " (get-salience-evaluation) crlf)
   (assert (go 1) (go 2)))
