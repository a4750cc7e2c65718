;;; classic diagnosis: car trouble-shooting with a question/answer chain driven by phases, answers pre-asserted
(deftemplate question (slot id) (slot text) (multislot valid))
(deftemplate reply (slot id) (slot value))
(deffacts kb
   (question (id starts) (text "Does the engine start?") (valid yes no))
   (question (id cranks) (text "Does the engine crank?") (valid yes no))
   (question (id lights) (text "Do the lights work?") (valid yes no))
   (question (id fuel) (text "Is there fuel?") (valid yes no))
   (given starts no) (given cranks yes) (given fuel no)
   (ask starts))
(defrule ask
   ?a <- (ask ?id)
   (question (id ?id) (text ?t) (valid $?v))
   (given ?id ?ans&:(member$ ?ans ?v))
   =>
   (retract ?a)
   (printout t ?t " " ?v " -> " ?ans crlf)
   (assert (reply (id ?id) (value ?ans))))
(defrule no-start (reply (id starts) (value no)) => (assert (ask cranks)))
(defrule cranks-no (reply (id cranks) (value no)) => (assert (ask lights)))
(defrule cranks-yes (reply (id cranks) (value yes)) => (assert (ask fuel)))
(defrule battery (reply (id lights) (value no)) => (assert (repair "Charge the battery.")))
(defrule starter (reply (id lights) (value yes)) => (assert (repair "Check the starter.")))
(defrule fuel (reply (id fuel) (value no)) => (assert (repair "Add fuel.")))
(defrule plugs (reply (id fuel) (value yes)) => (assert (repair "Check the spark plugs.")))
(defrule ok (reply (id starts) (value yes)) => (assert (repair "Nothing to repair.")))
(defrule print-repair
   (declare (salience -10))
   (repair ?r)
   =>
   (printout t "Suggested repair: " ?r crlf))
