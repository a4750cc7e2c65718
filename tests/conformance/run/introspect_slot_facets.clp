;;; user facets of deftemplate slots (facet, multifacet): existp and value, several facets on one slot, a slot without facets, the built-in attributes are not facets
(deftemplate measure
  (slot length (type NUMBER) (facet units cm) (facet precision 0.5))
  (multislot marks (multifacet scale 1 2 3) (facet label "Marks"))
  (slot plain))
(defrule go =>
  (foreach ?f (create$ units precision scale label type default nothing)
    (printout t ?f ": " (deftemplate-slot-facet-existp measure length ?f) " "
                        (deftemplate-slot-facet-value measure length ?f) " / "
                        (deftemplate-slot-facet-existp measure marks ?f) " "
                        (deftemplate-slot-facet-value measure marks ?f) " / "
                        (deftemplate-slot-facet-existp measure plain ?f) crlf))
  (printout t (length$ (deftemplate-slot-facet-value measure marks scale)) crlf)
  (printout t (deftemplate-slot-facet-value nosuch a b) crlf))
