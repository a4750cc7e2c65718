;;; Level 7 — XY-chains. A chain of cells with two candidates each, every cell seeing the next
;;; and sharing a value with it: if the first cell is not z, the values are forced along the
;;; chain; when the last cell is then forced to z, one of the two ends holds z, so every cell
;;; that sees both ends loses z. Links are grown from every two-candidate cell.

(defrule MAIN::xy-chain-start
  "Bookkeeping: a cell with two candidates starts an XY-chain from each of them"
  (declare (salience -61))
  (cands (cell ?s) (values ?a ?b))
  =>
  (assert (xy-link (start ?s) (start-value ?a) (cell ?s) (value ?b))
          (xy-link (start ?s) (start-value ?b) (cell ?s) (value ?a))))

(defrule xy-chain-grow
  "Bookkeeping: a two-candidate cell that sees the chain's last cell and shares its forced value is forced to its other value"
  (declare (salience -61))
  (xy-link (start ?s) (start-value ?z) (cell ?c) (value ?w))
  (member (unit ?u) (cell ?c))
  (member (unit ?u) (cell ?d&~?c&~?s))
  (cands (cell ?d) (values ? ?))
  (candidate (cell ?d) (value ?w))
  (candidate (cell ?d) (value ?w2&~?w))
  (not (xy-link (start ?s) (start-value ?z) (cell ?d) (value ?w2)))
  =>
  (assert (xy-link (start ?s) (start-value ?z) (cell ?d) (value ?w2))))

(defrule xy-chain
  "XY-chain: a chain of two-candidate cells forces z into one of its two ends, so cells seeing both ends lose z"
  (declare (salience -62))
  (xy-link (start ?s) (start-value ?z) (cell ?d&~?s) (value ?z))
  (member (unit ?us) (cell ?s))
  (member (unit ?us) (cell ?t&~?s&~?d))
  (member (unit ?ud) (cell ?d))
  (member (unit ?ud) (cell ?t))
  ?e <- (candidate (cell ?t) (value ?z))
  =>
  (retract ?e))
