;;; Animal identifier: asks yes/no questions with (read) and names the animal.
;;; Try: Run, and answer each question in the box under the output (yes or no).
;;;      Then teach it a new animal: add a question rule and a conclusion rule.
;;;      Click a fact to see why it holds; click a rule to see why it has not fired.

(deftemplate answer "A question asked and the user's reply"
   (slot question) (slot value))
(deftemplate animal "The conclusion" (slot name))

(deffunction ask (?question)
   "Asks until the reply is yes or no"
   (printout t ?question " (yes/no) ")
   (bind ?reply (read))
   (while (and (neq ?reply yes) (neq ?reply no))
      (printout t "Please answer yes or no. " ?question " ")
      (bind ?reply (read)))
   ?reply)

(defrule ask-feathers "Birds first"
   (not (answer (question feathers)))
   =>
   (assert (answer (question feathers) (value (ask "Does it have feathers?")))))

(defrule ask-flies "Only birds are asked whether they fly"
   (answer (question feathers) (value yes))
   (not (answer (question flies)))
   =>
   (assert (answer (question flies) (value (ask "Does it fly?")))))

(defrule ask-stripes "Animals without feathers"
   (answer (question feathers) (value no))
   (not (answer (question stripes)))
   =>
   (assert (answer (question stripes) (value (ask "Does it have stripes?")))))

(defrule penguin (answer (question flies) (value no))
   => (assert (animal (name penguin))))
(defrule eagle (answer (question flies) (value yes))
   => (assert (animal (name eagle))))
(defrule zebra (answer (question stripes) (value yes))
   => (assert (animal (name zebra))))
(defrule elephant (answer (question stripes) (value no))
   => (assert (animal (name elephant))))

(defrule conclude "Says what it found"
   (animal (name ?name))
   =>
   (printout t "I think it is a " ?name "." crlf))
