;;; classic search: all solutions of 5-queens by extending partial placements (order of solutions shows agenda order)
(defglobal ?*n* = 5)
(deffunction safe (?col $?placed)
   (bind ?row (+ (length$ ?placed) 1))
   (progn$ (?c ?placed)
      (if (or (= ?c ?col) (= (abs (- ?c ?col)) (- ?row ?c-index))) then (return FALSE)))
   TRUE)
(deffacts start (partial) (col 1) (col 2) (col 3) (col 4) (col 5))
(defrule extend
   (partial $?p&:(< (length$ ?p) ?*n*))
   (col ?c&:(safe ?c ?p))
   =>
   (assert (partial ?p ?c)))
(defrule solution
   (partial $?p&:(= (length$ ?p) ?*n*))
   =>
   (printout t "solution " ?p crlf))
(defrule count
   (declare (salience -10))
   =>
   (printout t (length$ (find-all-facts ((?f partial)) (= (length$ ?f:implied) ?*n*))) " solutions, "
               (length$ (find-all-facts ((?f partial)) TRUE)) " partial facts" crlf))
