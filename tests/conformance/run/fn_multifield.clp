;;; multifield functions: create$ nth$ member$ length$ subseq$ first$ rest$ delete$ insert$ replace$ explode$ implode$ subsetp
(defrule go
   =>
   (bind ?m (create$ a b c d e))
   (printout t "create$ " ?m " " (create$) " " (create$ 1 (create$ 2 3) "s") crlf)
   (printout t "nth$ " (nth$ 2 ?m) " " (nth$ 6 ?m) crlf)
   (printout t "member$ " (member$ c ?m) " " (member$ z ?m) " " (member$ (create$ b c) ?m) crlf)
   (printout t "length$ " (length$ ?m) " " (length$ (create$)) crlf)
   (printout t "subseq$ " (subseq$ ?m 2 4) " " (subseq$ ?m 4 2) " " (subseq$ ?m 4 10) crlf)
   (printout t "first$ " (first$ ?m) " rest$ " (rest$ ?m) " " (first$ (create$)) " " (rest$ (create$ x)) crlf)
   (printout t "delete$ " (delete$ ?m 2 3) " " (delete$ ?m 1 1) crlf)
   (printout t "insert$ " (insert$ ?m 1 z) " " (insert$ ?m 6 y z) " " (insert$ ?m 3 (create$ p q)) crlf)
   (printout t "replace$ " (replace$ ?m 2 3 x) " " (replace$ ?m 1 1 (create$ p q r)) crlf)
   (printout t "explode$ " (explode$ "a b \"c d\" 1 2.5") " " (length$ (explode$ "a b \"c d\" 1 2.5")) crlf)
   (printout t "implode$ [" (implode$ (create$ a "b c" 1 2.5)) "]" crlf)
   (printout t "subsetp " (subsetp (create$ a c) ?m) " " (subsetp (create$ a z) ?m) " " (subsetp (create$) ?m) crlf)
   (printout t "original unchanged " ?m crlf))
