;;; list-deftemplates lists the implied deftemplates of ordered patterns, facts and deffacts with the declared ones, in the order they were made
(deftemplate a (slot x))
(defrule r (foo ?x) => )
(deffacts d (baz 1))
(defrule show
  =>
  (assert (bar 1))
  (list-deftemplates)
  (list-deftemplates MAIN))
