;;; not with a conjunction (not (and ...)), exists with several patterns, test inside not, variables bound before not
(deffacts d (person ann) (person bob) (person cid) (likes ann tea) (likes ann coffee) (likes bob tea) (drink tea) (drink coffee))
(defrule not-both
   (person ?p)
   (not (and (likes ?p tea) (likes ?p coffee)))
   =>
   (printout t ?p " does not like both" crlf))
(defrule likes-some-drink
   (person ?p)
   (exists (likes ?p ?d) (drink ?d))
   =>
   (printout t ?p " likes some drink" crlf))
(defrule no-other-tea-drinker
   (likes ?p tea)
   (not (likes ?q&~?p tea))
   =>
   (printout t ?p " is the only tea drinker" crlf))
(defrule no-big-drink
   (drink ?d)
   (not (drink ?e&:(> (str-length ?e) (str-length ?d))))
   =>
   (printout t ?d " has the longest name" crlf))
