; Who may ride the roller coaster?  A ten-line rule program.
(deftemplate person (slot name) (slot height))
(deffacts visitors
  (person (name Ann) (height 150))
  (person (name Bob) (height 110)))
(defrule tall-enough
  (person (name ?n) (height ?h&:(>= ?h 120)))
  =>
  (printout t ?n " may ride" crlf))
(defrule too-short
  (person (name ?n) (height ?h&:(< ?h 120)))
  =>
  (printout t ?n " must wait " (- 120 ?h) " cm" crlf))
