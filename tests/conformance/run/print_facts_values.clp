;;; (facts) and ppfact-style printing of every value type: quoted strings with quotes and backslashes, floats, symbols, fact addresses
(deftemplate rec (slot s) (slot f) (multislot m) (slot a))
(defrule go
   =>
   (bind ?x (assert (thing 1)))
   (assert (rec (s "tab\there \"q\" back\\slash") (f 1e20) (m 0.1 -0.0 "x y" sym 3) (a ?x)))
   (assert (floats 3.0 0.1 1.0e-5 123456789.123 1e-300 -2.5))
   (assert (addr ?x))
   (assert (strings "" " " "a;b" "(paren)"))
   (facts 1)
   (do-for-all-facts ((?f rec)) TRUE (printout t "slot s: " ?f:s crlf "slot a: " ?f:a crlf)))
