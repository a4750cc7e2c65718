;;; The logical conditional element: a fact asserted by the rule holds only while
;;; the facts it was concluded from hold (truth maintenance).
;;; Try: Step: (umbrella-needed) is asserted because of (raining). The next rule
;;;      retracts (raining), and (umbrella-needed) disappears with it: watch the
;;;      facts pane. Remove (logical ...) and run again: it stays.

(deffacts weather (raining))

(defrule umbrella "Needed only while it rains"
   (logical (raining))
   =>
   (assert (umbrella-needed))
   (printout t "take an umbrella" crlf))

(defrule sunshine "The rain stops"
   (declare (salience -10))
   ?r <- (raining)
   =>
   (retract ?r)
   (printout t "the rain stops" crlf))

(defrule report "What holds at the end"
   (declare (salience -20))
   =>
   (printout t "umbrella still needed: " (any-factp ((?f umbrella-needed)) TRUE) crlf))
