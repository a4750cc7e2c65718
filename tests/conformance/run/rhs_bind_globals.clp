;;; bind of local variables and defglobals; globals reset by (reset); multifield bind; ?*g* in LHS test
(defglobal ?*total* = 0 ?*names* = (create$))
(defglobal ?*limit* = (* 2 5))
(deffacts d (val a 3) (val b 4) (val c 5))
(defrule acc
   (val ?n ?v)
   (test (< ?*total* ?*limit*))
   =>
   (bind ?*total* (+ ?*total* ?v))
   (bind ?*names* (create$ ?*names* ?n))
   (bind ?local (* ?v 10))
   (printout t ?n " total=" ?*total* " local=" ?local " names=" ?*names* crlf))
(defrule end (declare (salience -1)) => (printout t "limit " ?*limit* " final " ?*total* crlf))
