;;; the focused module is the current module while its rules fire; a rule without patterns and with auto-focus is activated at reset and takes the focus
(defmodule B)
(defrule B::show
  (declare (auto-focus TRUE))
  =>
  (printout t "B fires in " (get-current-module) crlf))
(defrule MAIN::m
  =>
  (printout t "MAIN fires in " (get-current-module) crlf)
  (focus B))
(defrule B::later
  (declare (salience -5))
  =>
  (printout t "B again in " (get-current-module) crlf))
