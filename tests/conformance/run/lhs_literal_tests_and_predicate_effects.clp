;;; literal slot tests decided before a predicate with a side effect only where CLIPS decides them first
(deftemplate edge (slot kind) (slot size) (slot colour))
(deffunction noisy (?x) (printout t "checked " ?x crlf) TRUE)
(defrule literal-first
  (edge (kind line) (size ?s&:(noisy ?s)) (colour red))
  =>
  (printout t "literal-first matched " ?s crlf))
(defrule predicate-first
  (edge (kind ?k&:(noisy ?k)) (size 2) (colour ~blue))
  =>
  (printout t "predicate-first matched " ?k crlf))
(defrule either-literal
  (edge (kind arc|line) (colour ?c&:(noisy ?c)))
  =>
  (printout t "either-literal matched " ?c crlf))
(deffacts edges
  (edge (kind line) (size 1) (colour red))
  (edge (kind arc) (size 2) (colour blue))
  (edge (kind curve) (size 2) (colour green))
  (edge (kind line) (size 3) (colour blue)))
