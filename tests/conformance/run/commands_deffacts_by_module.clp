;;; list-deffacts and get-deffacts-list: a module's deffacts under their unqualified names, however they were named; with * every module's
(defmodule B)
(deffacts B::f (w 1))
(deffacts g (v 1))
(defrule B::show
  (declare (auto-focus TRUE))
  =>
  (list-deffacts)
  (list-deffacts *)
  (list-deffacts MAIN)
  (printout t (get-deffacts-list MAIN) crlf)
  (printout t (get-deffacts-list) crlf)
  (printout t (get-deffacts-list *) crlf))
