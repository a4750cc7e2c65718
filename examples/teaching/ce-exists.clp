;;; The exists conditional element: fires once if at least one fact matches,
;;; however many do.
;;; Try: Run: "someone is late" is printed once although two people are late.
;;;      Change exists to a plain pattern (late ?who) and run again: once per person.

(deffacts meeting (late bob) (late cid) (on-time ann))

(defrule someone-late "One warning, not one per late person"
   (exists (late ?))
   =>
   (printout t "someone is late: start without them" crlf))
