;;; printout and format to a logical name no router recognizes: reported, and the actions go on
(defglobal ?*evaluated* = 0)

(deffunction side-effect ()
  (bind ?*evaluated* (+ ?*evaluated* 1))
  "side effect")

(defrule report-and-go-on
  =>
  (printout bogus "never shown " (side-effect) crlf)
  (printout t "after printout, items evaluated: " ?*evaluated* crlf)
  (bind ?x (format bogus "n=%d" 3))
  (printout t "format gave [" ?x "]" crlf)
  (bind ?y (format nil "n=%d" 4))
  (printout t "format to nil gave [" ?y "]" crlf)
  (printout nil "nothing" crlf)
  (printout t "done" crlf))
