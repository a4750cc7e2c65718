;;; variables shared between patterns (joins), repeated variable within one pattern, wildcard ?
(deffacts family
   (parent tom bob) (parent tom liz) (parent bob ann) (parent bob pat) (parent pat jim)
   (same 1 1) (same 1 2) (same x x))
(defrule grandparent
   (parent ?g ?p)
   (parent ?p ?c)
   =>
   (printout t ?g " is grandparent of " ?c crlf))
(defrule siblings
   (parent ?p ?a)
   (parent ?p ?b&~?a)
   =>
   (printout t ?a " and " ?b " are siblings" crlf))
(defrule twin-fields (same ?x ?x) => (printout t "same fields " ?x crlf))
(defrule has-children (parent ?p ?) => (printout t ?p " has a child" crlf))
