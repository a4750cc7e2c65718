;;; multifield wildcards $? and $?x: a pattern matching one fact in several ways gives several activations
(deffacts d (list a b c) (list) (list x) (nums 1 2 3 2 1))
(defrule splits
   (list $?before ?mid $?after)
   =>
   (printout t "before=" ?before " mid=" ?mid " after=" ?after crlf))
(defrule ends-with-c (list $? c) => (printout t "ends with c" crlf))
(defrule two-element-min (list ? ? $?) => (printout t "at least two" crlf))
(defrule empty-list (list) => (printout t "empty list" crlf))
(defrule repeated (nums $? ?x $? ?x $?) => (printout t "repeated " ?x crlf))
(defrule pair-split (nums $?a $?b&:(= (length$ ?a) (length$ ?b)) ?last) => (printout t "halves " ?a " | " ?b " last " ?last crlf))
