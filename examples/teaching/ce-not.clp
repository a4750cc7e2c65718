;;; The not conditional element: a rule that fires when no fact matches a pattern.
;;; Try: Step: missing-ticket fires for each passenger without a ticket. Assert
;;;      (ticket cid) in the deffacts and run again: cid is no longer reported.
;;;      Click missing-ticket to see why it does not fire for ann.

(deffacts travel
   (passenger ann) (passenger bob) (passenger cid)
   (ticket ann))

(defrule missing-ticket "A passenger with no ticket"
   (passenger ?p)
   (not (ticket ?p))
   =>
   (printout t ?p " has no ticket" crlf))
