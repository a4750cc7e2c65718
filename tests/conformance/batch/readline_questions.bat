;;; (readline) on t in batch mode returns whole lines of the batch file as strings; several questions in one run
(deftemplate user (slot name) (slot city))
(defrule ask-name
   =>
   (printout t "Your name? ")
   (bind ?name (readline))
   (printout t "Your city? ")
   (bind ?city (readline))
   (assert (user (name ?name) (city ?city))))
(defrule greet
   (user (name ?n) (city ?c))
   =>
   (printout t "Hello " ?n " from " ?c "!" crlf)
   (printout t "name length " (str-length ?n) crlf))
(reset)
(run)
Ada Lovelace
  London, UK
(facts 1)
(readline)
one more line
(exit)
