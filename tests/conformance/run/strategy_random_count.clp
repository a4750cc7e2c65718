;;; random strategy: all activations still fire exactly once (output independent of firing order)
(defglobal ?*sum* = 0 ?*count* = 0)
(deffacts nums (n 1) (n 2) (n 3) (n 4) (n 5) (n 6) (n 7) (n 8) (n 9) (n 10))
(defrule setup (declare (salience 100)) => (set-strategy random) (printout t "strategy " (get-strategy) crlf))
(defrule add (n ?x) => (bind ?*sum* (+ ?*sum* ?x)) (bind ?*count* (+ ?*count* 1)))
(defrule done
   (declare (salience -100))
   =>
   (set-strategy depth)
   (printout t "fired " ?*count* " sum " ?*sum* crlf))
