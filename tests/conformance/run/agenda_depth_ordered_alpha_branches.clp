;;; depth: ordered-fact patterns with constants, variables and multifield wildcards all matching one fact
(defrule r-var (data ?a ?b ?c) => (printout t "r-var" crlf))
(defrule r-const1 (data 1 ?b ?c) => (printout t "r-const1" crlf))
(defrule r-mf (data $?all) => (printout t "r-mf" crlf))
(defrule r-const3 (data ? ? 3) => (printout t "r-const3" crlf))
(defrule r-mf-const (data $? 2 $?) => (printout t "r-mf-const" crlf))
(defrule r-all-const (data 1 2 3) => (printout t "r-all-const" crlf))
(defrule r-var2 (data ?x $?) => (printout t "r-var2 " ?x crlf))
(deffacts d (data 1 2 3))
