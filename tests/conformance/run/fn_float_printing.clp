;;; how CLIPS prints floats: trailing .0, precision (15 significant digits), exponents, negative zero, integer results
(defrule go
   =>
   (foreach ?x (create$ 3.0 0.1 1e20 1.0e-5 -0.0 0.0 1.5 100.0 123456789.0 1234567890123456.0
                        1e15 1e16 1e-4 0.001 12345.6789 (/ 1 3) (/ 2.0 3) 1e300 -1e-300 2.5e-10
                        (* 1.1 1.1) (+ 0.1 0.2) 1e100 3.0e5 (float 7) 6.02e23)
      (printout t ?x crlf))
   (printout t "sum of ints " (+ 1 2) " with float " (+ 1 2.0) crlf)
   (printout t "str-cat " (str-cat 2.0 " " 1e20 " " 0.1) crlf))
