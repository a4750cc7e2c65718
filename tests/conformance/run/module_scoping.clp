;;; module scoping: templates are module-local unless exported; facts listed per module; deffacts in modules
(defmodule MAIN (export deftemplate shared))
(deftemplate shared (slot v))
(defmodule INV (import MAIN deftemplate shared) (export deftemplate part))
(deftemplate INV::part (slot name) (slot qty))
(deffacts INV::stock (part (name bolt) (qty 10)) (part (name nut) (qty 0)) (shared (v from-inv)))
(defmodule REPORT (import INV deftemplate part) (import MAIN deftemplate shared))
(defrule REPORT::out-of-stock (part (name ?n) (qty 0)) => (printout t "REPORT: " ?n " out of stock" crlf))
(defrule REPORT::shared (shared (v ?v)) => (printout t "REPORT: shared " ?v crlf))
(defrule INV::count (part (name ?n) (qty ?q)) => (printout t "INV: " ?n " " ?q crlf))
(defrule MAIN::go
   =>
   (printout t "current module " (get-current-module) crlf)
   (focus REPORT INV))
(defrule MAIN::list
   (declare (salience -1))
   =>
   (printout t "facts in INV:" crlf)
   (facts INV)
   (printout t "facts in MAIN:" crlf)
   (facts MAIN 1))
