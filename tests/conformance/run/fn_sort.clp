;;; sort: built-in and deffunction comparators, multifield arguments, stable order of equal items, CLIPS's merge order, unusable function names
(deffunction string> (?a ?b) (> (str-compare ?a ?b) 0))
(deffunction key> (?a ?b) (> (nth$ 1 (explode$ ?a)) (nth$ 1 (explode$ ?b))))
(deffunction odd-first (?a ?b) (and (evenp ?a) (oddp ?b)))
(deffunction always (?a ?b) TRUE)
(deffunction never (?a ?b) FALSE)
(deffunction one-arg (?a) TRUE)
(deffunction rest> ($?ab) (> (nth$ 1 ?ab) (nth$ 2 ?ab)))
(defglobal ?*calls* = (create$))
(deffunction traced> (?a ?b)
   (bind ?*calls* (create$ ?*calls* (str-cat ?a ">" ?b)))
   (> ?a ?b))
(deftemplate score (slot name) (slot points))
(deffacts scores
   (score (name ann) (points 7))
   (score (name bob) (points 3))
   (score (name cy) (points 7))
   (score (name dee) (points 5)))
(deffunction fewer-points (?f ?g) (< (fact-slot-value ?f points) (fact-slot-value ?g points)))
(defrule numbers
   =>
   (printout t "ascending " (sort > 4 3 5 7 2 7) crlf)
   (printout t "descending " (sort < 4 3 5 7 2 7) crlf)
   (printout t "<= and >= " (sort <= 4 3 5 7 2 7) " " (sort >= 4 3 5 7 2 7) crlf)
   (printout t "mixed numbers " (sort > 2.5 1 2 -0.5 1.0) crlf)
   (printout t "multifields spliced " (sort > (create$ 4 3) 5 (create$) (create$ 7 2 7)) crlf)
   (bind ?f >)
   (printout t "name in a variable " (sort ?f 3 1 2) crlf)
   (printout t "no values " (sort >) " one value " (sort > 1) crlf))
(defrule strings
   =>
   (printout t "symbols " (sort string> ax aa bk mn ft m) crlf)
   (printout t "str-compare itself " (sort str-compare "b" "a" "c") crlf)
   (printout t "stable " (sort key> "1 a" "0 b" "1 c" "0 d" "2 e" "1 f" "0 g") crlf)
   (printout t "odd first " (sort odd-first 1 2 3 4 5 6 7 8 9 10 11) crlf))
(defrule order
   =>
   (printout t "always " (sort always 3 1 2) " " (sort always 1 2 3 4 5 6 7) crlf)
   (printout t "never " (sort never 3 1 2) crlf)
   (printout t "eq " (sort eq 2 1 2) " neq " (sort neq 2 1 3) crlf)
   (printout t "wildcard parameter " (sort rest> 3 1 2) crlf)
   (printout t "traced " (sort traced> 5 1 4 2 3) " " ?*calls* crlf))
(defrule facts
   =>
   (bind ?sorted (sort fewer-points (find-all-facts ((?s score)) TRUE)))
   (progn$ (?s ?sorted) (printout t (fact-slot-value ?s name) " ")) 
   (printout t crlf))
(defrule unusable
   =>
   (printout t "unknown " (sort no-such-function 2 1) crlf)
   (printout t "deffunction with one parameter " (sort one-arg 2 1) crlf)
   (printout t "built-in with one argument " (sort abs 2 1) crlf)
   (printout t "still running" crlf))
