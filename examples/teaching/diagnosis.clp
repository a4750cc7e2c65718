;;; A small diagnosis system for a car that will not start, with salience and modules.
;;; MAIN holds the facts, DIAGNOSE draws conclusions (the most specific first, by
;;; salience), REPORT prints them. The focus stack decides which module's rules fire.
;;; Try: Step and watch the focus stack; change the symptoms in the deffacts; set a
;;;      breakpoint on a REPORT rule (click its line number) and run to it.

(defmodule MAIN (export ?ALL))
(deftemplate MAIN::symptom (slot name))
(deftemplate MAIN::fault (slot name) (slot certainty))
(deffacts MAIN::symptoms
   (symptom (name engine-silent))
   (symptom (name lights-dim))
   (symptom (name cold-morning)))

(defrule MAIN::start "Diagnose first, then report"
   =>
   (focus DIAGNOSE REPORT))

(defmodule DIAGNOSE (import MAIN ?ALL))

(defrule DIAGNOSE::flat-battery "Silent engine and dim lights: the battery"
   (declare (salience 20))
   (symptom (name engine-silent))
   (symptom (name lights-dim))
   =>
   (assert (fault (name flat-battery) (certainty high))))

(defrule DIAGNOSE::cold-battery "A cold morning makes a weak battery worse"
   (declare (salience 10))
   (fault (name flat-battery))
   (symptom (name cold-morning))
   =>
   (assert (fault (name battery-weak-in-cold) (certainty medium))))

(defrule DIAGNOSE::starter "A silent engine with bright lights: the starter"
   (symptom (name engine-silent))
   (not (symptom (name lights-dim)))
   =>
   (assert (fault (name starter-motor) (certainty medium))))

(defmodule REPORT (import MAIN ?ALL))

(defrule REPORT::fault "One line per fault"
   (fault (name ?n) (certainty ?c))
   =>
   (printout t "Fault: " ?n " (certainty " ?c ")" crlf))

(defrule REPORT::nothing "When no rule found a fault"
   (not (fault))
   =>
   (printout t "No fault found." crlf))
