;;; The forall conditional element: every fact matching the first pattern also
;;; matches the others.
;;; Try: Run: the course is not complete (bob has not passed). Step on: the rule
;;;      pass-bob asserts his result and course-complete becomes active. Click
;;;      course-complete before that to see why it did not fire.

(deffacts course
   (student ann) (student bob)
   (passed ann))

(defrule course-complete "Every student passed"
   (forall (student ?s) (passed ?s))
   =>
   (printout t "everybody passed" crlf))

(defrule pass-bob "Bob passes the resit, later (low salience)"
   (declare (salience -10))
   (student bob)
   =>
   (assert (passed bob)))
