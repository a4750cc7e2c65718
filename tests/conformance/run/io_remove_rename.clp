;;; remove and rename: TRUE on success, FALSE for a missing file, symbols as file names, renaming onto a name in use, an empty file name; files created and read back under /tmp
(deffunction show (?file)
   (if (open ?file f "r")
      then (bind ?line (readline f)) (close f) ?line
      else missing))
(defrule go
   =>
   (bind ?a "/tmp/salience-conf-io-a.txt")
   (bind ?b "/tmp/salience-conf-io-b.txt")
   (remove ?a)
   (remove ?b)
   (open ?a out "w") (printout out "contents of a" crlf) (close out)
   (printout t "rename a->b: " (rename ?a ?b) crlf)
   (printout t "a: " (show ?a) ", b: " (show ?b) crlf)
   (printout t "rename missing: " (rename ?a ?b) crlf)
   (open ?a out "w") (printout out "new a" crlf) (close out)
   (printout t "rename a onto b: " (rename ?a ?b) crlf)
   (printout t "a: " (show ?a) ", b: " (show ?b) crlf)
   (printout t "remove b: " (remove ?b) crlf)
   (printout t "remove b again: " (remove ?b) crlf)
   (printout t "b: " (show ?b) crlf)
   (printout t "remove symbol: " (remove salience-conf-io-no-such-file) crlf)
   (printout t "rename symbols: " (rename salience-conf-io-no-such-file salience-conf-io-other) crlf)
   (printout t "remove empty string: " (remove "") crlf))
