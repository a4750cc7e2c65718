;;; sort at the prompt: numbers, symbols through a deffunction, multifield arguments, the comparisons CLIPS makes
(sort > 4 3 5 7 2 7)
(sort < (create$ 4 3) 5 (create$ 7 2 7))
(deffunction string> (?a ?b) (> (str-compare ?a ?b) 0))
(sort string> ax aa bk mn ft m)
(bind ?words (create$ pear fig apple fig))
(sort string> ?words)
(defglobal ?*calls* = (create$))
(deffunction traced> (?a ?b) (bind ?*calls* (create$ ?*calls* ?a ?b)) (> ?a ?b))
(sort traced> 5 1 4 2 3)
?*calls*
(sort >)
(exit)
