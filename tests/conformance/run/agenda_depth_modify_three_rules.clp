;;; depth: modify re-activates all rules matching the changed fact; order of those activations vs untouched ones
(deftemplate acct (slot id) (slot balance) (slot status (default open)))
(defrule show (acct (id ?i) (balance ?b)) => (printout t "show " ?i " " ?b crlf))
(defrule rich (acct (id ?i) (balance ?b&:(> ?b 100))) => (printout t "rich " ?i crlf))
(defrule open-acct (acct (id ?i) (status open)) => (printout t "open " ?i crlf))
(defrule deposit
   (declare (salience 10))
   ?a <- (acct (id ?i) (balance ?b&:(< ?b 100)))
   (deposit ?i ?amt)
   =>
   (printout t "deposit " ?amt " to " ?i crlf)
   (modify ?a (balance (+ ?b ?amt))))
(deffacts d (acct (id x) (balance 50)) (acct (id y) (balance 500)) (deposit x 70))
