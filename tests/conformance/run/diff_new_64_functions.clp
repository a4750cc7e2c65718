;;; functions added in 6.4 (print, println, str-replace): 6.30 does not know them
(defrule go
   =>
   (println "println " 1 " " 2.0 " " abc)
   (print "print without newline" crlf)
   (println (str-replace "a-b-c" "-" "+")))
