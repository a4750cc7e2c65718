;;; set-strategy returns the old strategy and re-sorts the current agenda
(deffacts d (x 1) (x 2) (x 3) (x 4))
(defrule show (x ?n) => (printout t "x " ?n crlf))
(defrule switch
   (declare (salience 10))
   =>
   (printout t "old: " (set-strategy breadth) crlf)
   (printout t "now: " (get-strategy) crlf))
(defrule restore (declare (salience -10)) => (printout t "old: " (set-strategy depth) crlf))
