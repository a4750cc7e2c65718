;;; The test conditional element: a condition computed from the variables bound so far.
;;; Try: Run: only the pairs that add up to 10 are printed. Change 10 to 7.
;;;      Click the rule to see how many partial matches reach the test.

(deffacts numbers (number 3) (number 4) (number 6) (number 7))

(defrule sum-to-ten "Two numbers that add up to 10"
   (number ?x)
   (number ?y)
   (test (and (< ?x ?y) (= (+ ?x ?y) 10)))
   =>
   (printout t ?x " + " ?y " = 10" crlf))
