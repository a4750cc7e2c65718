;;; not and exists CEs: exists fires once however many facts match; not re-activates when the last blocker goes
(deffacts d (student ann) (student bob) (enrolled ann math) (enrolled bob math) (enrolled bob art) (course math) (course art) (course music))
(defrule any-enrolled (exists (enrolled ? ?)) => (printout t "someone is enrolled" crlf))
(defrule course-with-students (course ?c) (exists (enrolled ? ?c)) => (printout t ?c " has students" crlf))
(defrule empty-course (course ?c) (not (enrolled ? ?c)) => (printout t ?c " is empty" crlf))
(defrule no-carl (not (student carl)) => (printout t "no carl" crlf))
(defrule drop-art
   (declare (salience -10))
   ?e <- (enrolled bob art)
   =>
   (printout t "bob drops art" crlf)
   (retract ?e))
