;;; `<` ends a token but may start one, and `?`/`$?` not followed by a letter are wildcards alone, in source, `read` and `explode$` alike (CLIPS's scanner)
(deffacts delimited (delimeter ab<cd) (delimeter a<<b x<=y) (delimeter 12<3 1e5<x) (delimeter a"a"b))
(reset)
(facts)
(defrule split-at-less-than (delimeter ab <cd) => (printout t "ab <cd matched" crlf))
(defrule arrow-after-variable ?f<-(delimeter a < <b $?) => (printout t "arrow " ?f crlf))
(run)
(explode$ "ab<cd a<<b <= << <-x ?x<y ?1 $?1 ?-x $x $<a 12<3 1e5<x ?_x ?*g*<a")
(bind ?x 5)
(create$ ?x<y)
(length$ (create$ x<=y<z))
(read)
ab<cd
(type (read))
(
(read)
?1
(read)
$?-x
(exit)
