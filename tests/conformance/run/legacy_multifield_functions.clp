;;; 6.30-era multifield functions removed in 6.4: length member nth subset mv-append mv-delete mv-replace mv-subseq sequencep
(defrule go
   =>
   (bind ?m (create$ a b c d))
   (printout t "length " (length ?m) " " (length (create$)) " string " (length "hello") crlf)
   (printout t "member " (member c ?m) " " (member z ?m) crlf)
   (printout t "nth " (nth 1 ?m) " " (nth 4 ?m) crlf)
   (printout t "subset " (subset (create$ b d) ?m) " " (subset (create$ b z) ?m) crlf)
   (printout t "mv-append " (mv-append x ?m "s" 1) crlf)
   (printout t "mv-delete " (mv-delete 2 ?m) crlf)
   (printout t "mv-replace " (mv-replace 3 ?m z) crlf)
   (printout t "mv-subseq " (mv-subseq 2 3 ?m) crlf)
   (printout t "sequencep " (sequencep ?m) " " (sequencep a) crlf))
