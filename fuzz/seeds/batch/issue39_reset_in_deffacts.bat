(deffacts a (one =(reset)))
(reset)
(facts)
