;;; modify and duplicate with multislot values built from variables; slots not mentioned keep their values
(deftemplate order (slot id) (slot customer) (multislot items) (slot total (default 0)))
(deffacts d (order (id 1) (customer ann) (items pen)))
(defrule add-item
   ?o <- (order (id 1) (items $?items&:(< (length$ ?items) 3)) (total ?t))
   =>
   (bind ?new (nth$ (+ 1 (length$ ?items)) (create$ pen ink paper)))
   (printout t "adding " ?new " to " ?items crlf)
   (modify ?o (items ?items ?new) (total (+ ?t 10))))
(defrule copy
   ?o <- (order (id 1) (customer ?c) (items $?i&:(= (length$ ?i) 3)))
   (not (order (id 2)))
   =>
   (duplicate ?o (id 2) (items (rest$ ?i) (first$ ?i))))
(defrule show
   (declare (salience -10))
   (order (id ?id) (customer ?c) (items $?i) (total ?t))
   =>
   (printout t "order " ?id " " ?c " " ?i " total " ?t crlf))
