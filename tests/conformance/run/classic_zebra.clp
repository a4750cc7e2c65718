;;; the zebra puzzle (simplified 3 houses) solved by a single join-heavy rule over value facts
(deffacts values
   (value color red) (value color green) (value color blue)
   (value nation english) (value nation spanish) (value nation japanese)
   (value pet dog) (value pet snail) (value pet zebra)
   (pos 1) (pos 2) (pos 3))
(deffunction nextto (?a ?b) (= (abs (- ?a ?b)) 1))
(defrule solve
   (pos ?red) (pos ?green&~?red) (pos ?blue&~?red&~?green)
   (pos ?english&?red)
   (pos ?spanish&~?english) (pos ?japanese&~?english&~?spanish)
   (test (< ?green ?blue))
   (pos ?dog&?spanish)
   (pos ?snail&~?dog) (pos ?zebra&~?dog&~?snail)
   (test (nextto ?japanese ?english))
   (test (neq ?snail ?red))
   (test (= ?japanese 1))
   =>
   (printout t "red=" ?red " green=" ?green " blue=" ?blue crlf)
   (printout t "english=" ?english " spanish=" ?spanish " japanese=" ?japanese crlf)
   (printout t "dog=" ?dog " snail=" ?snail " zebra=" ?zebra crlf)
   (printout t "the zebra is in house " ?zebra crlf))
