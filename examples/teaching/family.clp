;;; Family relations with recursion: an ancestor is a parent, or a parent of an ancestor.
;;; Try: Step and watch (ancestor ...) facts build on each other, generation by
;;;      generation; click one to see its derivation. Add (parent eve ann) to the
;;;      deffacts and run again. Write a rule for cousins (children of siblings).

(deffacts family "Who is whose parent: (parent PARENT CHILD)"
   (parent ann bob)
   (parent ann cid)
   (parent bob dan)
   (parent cid eli)
   (parent dan fay))

(defrule ancestor-is-parent "A parent is an ancestor"
   (parent ?p ?c)
   =>
   (assert (ancestor ?p ?c)))

(defrule ancestor-of-ancestor "A parent of an ancestor is an ancestor: the recursion"
   (parent ?p ?a)
   (ancestor ?a ?d)
   =>
   (assert (ancestor ?p ?d)))

(defrule siblings "Two children of one parent"
   (parent ?p ?x)
   (parent ?p ?y&:(< (str-compare ?x ?y) 0))
   =>
   (assert (siblings ?x ?y)))

(defrule report "Printed last: every ancestor found"
   (declare (salience -10))
   (ancestor ?a ?d)
   =>
   (printout t ?a " is an ancestor of " ?d crlf))
