;;; 6.30-era string functions removed in 6.4: str-explode str-implode wordp
(defrule go
   =>
   (bind ?e (str-explode "the quick 2 \"brown fox\" 3.5"))
   (printout t "str-explode " ?e " " (length ?e) crlf)
   (printout t "types " (symbolp (nth 1 ?e)) " " (integerp (nth 3 ?e)) " " (stringp (nth 4 ?e)) crlf)
   (printout t "str-implode [" (str-implode (create$ a "b c" 7)) "]" crlf)
   (printout t "wordp " (wordp abc) " " (wordp "abc") " " (wordp 1) crlf))
