;;; classic planning: monkey and bananas with goal facts, subgoals, and a strict action sequence
(deftemplate monkey (slot location) (slot on-top-of (default floor)) (slot holding (default nothing)))
(deftemplate thing (slot name) (slot location) (slot on-top-of (default floor)))
(deftemplate goal-is-to (slot action) (multislot arguments))
(deffacts world
   (monkey (location t5-7))
   (thing (name couch) (location t7-7))
   (thing (name ladder) (location t4-3))
   (thing (name bananas) (location t2-2) (on-top-of ceiling))
   (goal-is-to (action eat) (arguments bananas)))
(defrule hold-to-eat
   ?g <- (goal-is-to (action eat) (arguments ?obj))
   (monkey (holding ?obj))
   =>
   (retract ?g)
   (printout t "Monkey eats the " ?obj "." crlf))
(defrule need-to-hold
   (goal-is-to (action eat) (arguments ?obj))
   (monkey (holding ~?obj))
   (not (goal-is-to (action hold) (arguments ?obj)))
   =>
   (assert (goal-is-to (action hold) (arguments ?obj))))
(defrule grab-high
   ?g <- (goal-is-to (action hold) (arguments ?obj))
   (thing (name ?obj) (location ?place) (on-top-of ceiling))
   ?m <- (monkey (location ?place) (on-top-of ladder) (holding nothing))
   =>
   (retract ?g)
   (modify ?m (holding ?obj))
   (printout t "Monkey grabs the " ?obj "." crlf))
(defrule need-ladder-under
   (goal-is-to (action hold) (arguments ?obj))
   (thing (name ?obj) (location ?place) (on-top-of ceiling))
   (thing (name ladder) (location ~?place))
   (not (goal-is-to (action move) (arguments ladder ?place)))
   =>
   (assert (goal-is-to (action move) (arguments ladder ?place))))
(defrule need-climb
   (goal-is-to (action hold) (arguments ?obj))
   (thing (name ?obj) (location ?place) (on-top-of ceiling))
   (thing (name ladder) (location ?place))
   (monkey (on-top-of ~ladder))
   (not (goal-is-to (action on) (arguments ladder)))
   =>
   (assert (goal-is-to (action on) (arguments ladder))))
(defrule climb
   ?g <- (goal-is-to (action on) (arguments ladder))
   (thing (name ladder) (location ?place))
   ?m <- (monkey (location ?place) (on-top-of floor) (holding nothing))
   =>
   (retract ?g)
   (modify ?m (on-top-of ladder))
   (printout t "Monkey climbs onto the ladder." crlf))
(defrule walk-to-ladder-for-climb
   (goal-is-to (action on) (arguments ladder))
   (thing (name ladder) (location ?place))
   ?m <- (monkey (location ~?place) (on-top-of floor))
   =>
   (modify ?m (location ?place))
   (printout t "Monkey walks to " ?place "." crlf))
(defrule push-ladder
   ?g <- (goal-is-to (action move) (arguments ladder ?dest))
   ?l <- (thing (name ladder) (location ?place&~?dest))
   ?m <- (monkey (location ?place) (on-top-of floor) (holding nothing))
   =>
   (retract ?g)
   (modify ?l (location ?dest))
   (modify ?m (location ?dest))
   (printout t "Monkey pushes the ladder to " ?dest "." crlf))
(defrule walk-to-ladder
   (goal-is-to (action move) (arguments ladder ?dest))
   (thing (name ladder) (location ?place&~?dest))
   ?m <- (monkey (location ~?place) (on-top-of floor))
   =>
   (modify ?m (location ?place))
   (printout t "Monkey walks to " ?place "." crlf))
