;;; ordered facts, template facts, slot order in printout/facts, implied deftemplate, duplicate facts ignored
(deftemplate person (slot name) (slot age) (multislot kids))
(deffacts people
   (person (age 30) (name "Ann"))
   (person (name Bob) (kids Cid Dee))
   (numbers 1 2.5 -3 abc "a string")
   (empty-list)
   (numbers 1 2.5 -3 abc "a string"))
(defrule r1
   (person (name ?n) (age ?a))
   =>
   (printout t "person " ?n " " ?a crlf))
(defrule r2
   (numbers $?all)
   =>
   (printout t "numbers " ?all " count " (length$ ?all) crlf))
(defrule r3
   (empty-list)
   =>
   (printout t "empty-list matched" crlf))
(defrule finish
   (declare (salience -100))
   =>
   (assert (empty-list))
   (facts 1))
