;;; (set-salience-evaluation when-activated): salience computed from a global when each activation is created
(defglobal ?*prio* = (create$ low 1 mid 5 high 9))
(deffunction prio (?level) (nth$ (+ 1 (member$ ?level ?*prio*)) ?*prio*))
(defglobal ?*cur* = low)
(defrule task-low (declare (salience (prio ?*cur*))) (task ?t low) => (printout t "low task " ?t crlf))
(defrule task-high (declare (salience (prio ?*cur*))) (task ?t high) => (printout t "high task " ?t crlf))
(defrule task-mid (declare (salience 5)) (task ?t mid) => (printout t "mid task " ?t crlf))
(defrule start
   (declare (salience 100))
   =>
   (set-salience-evaluation when-activated)
   (assert (task t1 low) (task t2 high))
   (bind ?*cur* high)
   (assert (task t3 mid) (task t4 low) (task t5 high)))
(defrule stop (declare (salience -100)) => (set-salience-evaluation when-defined) (printout t "end" crlf))
