;;; Level 5 — wings. A pivot cell and two pincer cells that each see the pivot force a value z
;;; into one of the pincers; any cell that sees both pincers (and, for XYZ, the pivot) loses z.

(defrule MAIN::xy-wing
  "XY-wing: a pivot with candidates x y sees a pincer x z and a pincer y z; one pincer holds z, so cells seeing both pincers lose z"
  (declare (salience -40))
  (cands (cell ?p) (values ? ?))
  (candidate (cell ?p) (value ?x))
  (candidate (cell ?p) (value ?y&~?x))
  (member (unit ?u1) (cell ?p))
  (member (unit ?u1) (cell ?a&~?p))
  (cands (cell ?a) (values ? ?))
  (candidate (cell ?a) (value ?x))
  (candidate (cell ?a) (value ?z&~?x&~?y))
  (member (unit ?u2) (cell ?p))
  (member (unit ?u2) (cell ?b&~?p&~?a))
  (cands (cell ?b) (values ? ?))
  (candidate (cell ?b) (value ?y))
  (candidate (cell ?b) (value ?z))
  (member (unit ?ua) (cell ?a))
  (member (unit ?ua) (cell ?t&~?a&~?b&~?p))
  (member (unit ?ub) (cell ?b))
  (member (unit ?ub) (cell ?t))
  ?e <- (candidate (cell ?t) (value ?z))
  =>
  (retract ?e))

(defrule xyz-wing
  "XYZ-wing: a pivot with candidates x y z sees a pincer x z and a pincer y z; one of the three holds z, so cells seeing all three lose z"
  (declare (salience -41))
  (cands (cell ?p) (values $?pv&:(= (length$ ?pv) 3)))
  (candidate (cell ?p) (value ?z))
  (member (unit ?u1) (cell ?p))
  (member (unit ?u1) (cell ?a&~?p))
  (cands (cell ?a) (values $?av&:(= (length$ ?av) 2)&:(member$ ?z ?av)&:(subsetp ?av ?pv)))
  (member (unit ?u2) (cell ?p))
  (member (unit ?u2) (cell ?b&~?p&~?a))
  (cands (cell ?b) (values $?bv&:(= (length$ ?bv) 2)&:(member$ ?z ?bv)&:(subsetp ?bv ?pv)
                                &:(not (subsetp ?bv ?av))))
  (member (unit ?up) (cell ?p))
  (member (unit ?up) (cell ?t&~?p&~?a&~?b))
  (member (unit ?ua) (cell ?a))
  (member (unit ?ua) (cell ?t))
  (member (unit ?ub) (cell ?b))
  (member (unit ?ub) (cell ?t))
  ?e <- (candidate (cell ?t) (value ?z))
  =>
  (retract ?e))
