;;; auto-focus rules pull their module onto the focus stack when activated; modules return when empty
(defmodule MAIN (export ?ALL))
(deftemplate reading (slot value))
(defmodule ALARM (import MAIN ?ALL))
(defrule ALARM::too-high
   (declare (auto-focus TRUE))
   (reading (value ?v&:(> ?v 100)))
   =>
   (printout t "ALARM: " ?v " too high (focus " (get-focus) ")" crlf))
(defrule ALARM::not-auto
   (reading (value ?v))
   =>
   (printout t "ALARM not-auto " ?v crlf))
(defrule MAIN::feed
   ?f <- (feed $?vals)
   =>
   (retract ?f)
   (foreach ?v ?vals
      (printout t "MAIN reading " ?v crlf)
      (assert (reading (value ?v)))))
(defrule MAIN::done (declare (salience -5)) => (printout t "MAIN done, focus " (get-focus) crlf))
(deffacts MAIN::data (feed 50 150 20 200))
