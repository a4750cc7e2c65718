;;; fact-set queries: any-factp find-fact find-all-facts do-for-fact do-for-all-facts with multiple fact-set members
(deftemplate person (slot name) (slot age))
(deftemplate pet (slot owner) (slot kind))
(deffacts d
   (person (name ann) (age 30)) (person (name bob) (age 17)) (person (name cid) (age 45))
   (pet (owner ann) (kind dog)) (pet (owner cid) (kind cat)) (pet (owner cid) (kind fish)))
(defrule go
   =>
   (printout t "any adult: " (any-factp ((?p person)) (>= ?p:age 18)) crlf)
   (printout t "any over 50: " (any-factp ((?p person)) (> ?p:age 50)) crlf)
   (printout t "find-fact: " (find-fact ((?p person)) (< ?p:age 18)) crlf)
   (printout t "find-fact none: " (find-fact ((?p person)) (> ?p:age 99)) crlf)
   (printout t "find-all-facts: " (find-all-facts ((?p person)) (> ?p:age 20)) crlf)
   (do-for-fact ((?p person)) (> ?p:age 20)
      (printout t "first over 20: " ?p:name crlf))
   (do-for-all-facts ((?p person) (?q pet)) (eq ?p:name ?q:owner)
      (printout t ?p:name " owns a " ?q:kind crlf))
   (do-for-all-facts ((?p person)) TRUE
      (printout t (fact-slot-value ?p name) " is " (fact-slot-value ?p age) crlf))
   (printout t "count pets: " (length$ (find-all-facts ((?x pet)) TRUE)) crlf)
   (printout t "pairs: " (length$ (find-all-facts ((?a person) (?b person)) (neq ?a ?b))) crlf)
   (bind ?oldest nil) (bind ?age -1)
   (do-for-all-facts ((?p person)) (> ?p:age ?age) (bind ?oldest ?p:name) (bind ?age ?p:age))
   (printout t "oldest visited last with larger age: " ?oldest crlf))
