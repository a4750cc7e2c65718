;;; classic expert system: animal identification with answers supplied as pre-asserted facts, several cases in one run
(deftemplate answer (slot case) (slot question) (slot value))
(deftemplate conclusion (slot case) (slot animal))
(deffacts cases
   (case c1) (case c2) (case c3)
   (answer (case c1) (question has-feathers) (value no))
   (answer (case c1) (question gives-milk) (value yes))
   (answer (case c1) (question eats-meat) (value yes))
   (answer (case c1) (question has-stripes) (value yes))
   (answer (case c2) (question has-feathers) (value yes))
   (answer (case c2) (question flies) (value no))
   (answer (case c2) (question swims) (value yes))
   (answer (case c3) (question has-feathers) (value no))
   (answer (case c3) (question gives-milk) (value no)))
(defrule mammal
   (case ?c)
   (answer (case ?c) (question has-feathers) (value no))
   (answer (case ?c) (question gives-milk) (value yes))
   =>
   (printout t ?c ": it is a mammal" crlf)
   (assert (class ?c mammal)))
(defrule bird
   (case ?c)
   (answer (case ?c) (question has-feathers) (value yes))
   =>
   (printout t ?c ": it is a bird" crlf)
   (assert (class ?c bird)))
(defrule carnivore
   (class ?c mammal)
   (answer (case ?c) (question eats-meat) (value yes))
   =>
   (assert (class ?c carnivore)))
(defrule tiger
   (class ?c carnivore)
   (answer (case ?c) (question has-stripes) (value yes))
   =>
   (assert (conclusion (case ?c) (animal tiger))))
(defrule penguin
   (class ?c bird)
   (answer (case ?c) (question flies) (value no))
   (answer (case ?c) (question swims) (value yes))
   =>
   (assert (conclusion (case ?c) (animal penguin))))
(defrule report
   (declare (salience -10))
   (case ?c)
   (conclusion (case ?c) (animal ?a))
   =>
   (printout t ?c ": the animal is a " ?a crlf))
(defrule unknown
   (declare (salience -20))
   (case ?c)
   (not (conclusion (case ?c)))
   =>
   (printout t ?c ": cannot identify the animal" crlf))
