;;; The or conditional element: the rule fires for each alternative that matches.
;;; Try: Run: dan gets in twice, once as a member and once as a guest. Add a
;;;      (not (member ?p)) to the guest alternative so that he gets in once.

(deffacts club (member ann) (guest bob) (member dan) (guest dan) (visitor eve))

(defrule admit "Members and guests get in"
   (or (member ?p) (guest ?p))
   =>
   (printout t ?p " may enter" crlf))
