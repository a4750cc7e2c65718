;;; template patterns: slots in any order, unmentioned slots, multislot pattern shapes
(deftemplate box (slot id) (slot w (default 1)) (slot h (default 1)) (multislot contents))
(deffacts boxes
   (box (id b1) (w 2) (h 3) (contents apple pear))
   (box (id b2) (contents))
   (box (h 5) (id b3) (contents apple))
   (box (id b4) (w 2) (contents pear apple plum)))
(defrule wide
   (box (w 2) (id ?id))
   =>
   (printout t ?id " is wide" crlf))
(defrule has-apple
   (box (contents $? apple $?) (id ?id))
   =>
   (printout t ?id " has an apple" crlf))
(defrule empty
   (box (id ?id) (contents))
   =>
   (printout t ?id " is empty" crlf))
(defrule single
   (box (id ?id) (contents ?only))
   =>
   (printout t ?id " holds only " ?only crlf))
(defrule first-and-rest
   (box (id ?id) (contents ?first $?rest&:(> (length$ ?rest) 0)))
   =>
   (printout t ?id " first " ?first " rest " ?rest crlf))
