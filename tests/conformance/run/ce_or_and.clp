;;; or CE (rule split into several, one activation per matching branch) and nested and CE
(deffacts d (sensor smoke) (sensor heat) (alarm manual) (door open) (window open))
(defrule fire
   (or (sensor smoke) (sensor heat) (alarm manual))
   =>
   (printout t "fire activation" crlf))
(defrule open-thing
   (or (door ?state) (window ?state))
   =>
   (printout t "something is " ?state crlf))
(defrule and-in-or
   (or (and (sensor smoke) (sensor heat))
       (and (door open) (alarm none)))
   =>
   (printout t "smoke and heat" crlf))
(defrule or-binding
   (or ?f <- (door open) ?f <- (window open))
   =>
   (printout t "opening fact " (fact-index ?f) crlf))
