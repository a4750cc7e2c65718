;;; default-dynamic re-evaluated on every assert vs default evaluated once; ?NONE slots must be given
(defglobal ?*counter* = 0)
(deffunction next-id () (bind ?*counter* (+ ?*counter* 1)) ?*counter*)
(deftemplate item
   (slot name (default ?NONE))
   (slot id (default-dynamic (next-id)))
   (slot stamp (default (next-id)))
   (multislot tags (default-dynamic (create$ t (next-id)))))
(defrule make
   =>
   (assert (item (name a)))
   (assert (item (name b)))
   (assert (item (name c) (id 100)))
   (printout t "counter=" ?*counter* crlf))
(defrule show
   (declare (salience -10))
   (item (name ?n) (id ?i) (stamp ?s) (tags $?t))
   =>
   (printout t ?n " id=" ?i " stamp=" ?s " tags=" ?t crlf))
