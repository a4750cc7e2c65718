;;; Hitori, level 3 (connectivity): the white cells must form one orthogonally connected
;;; region. Local form: a white cell keeps its last way out. Global form: a depth-first
;;; search over the unshaded cells (Tarjan's cut vertices) finds every undecided cell whose
;;; shading would cut the white region in two; such a cell stays white. This is what catches
;;; diagonal chains of shaded cells closing on the border or on themselves, on any grid.
;;; The search costs time on every run; trial and error, which propagates in thousands of
;;; branches, switches it off with (region-kept) and follows the chains incrementally.

(deftemplate region-seen "The white region was last examined with this cell already decided"
   (slot row (type INTEGER))
   (slot col (type INTEGER)))

(deftemplate region-kept "From now on another technique keeps the white region connected: the search stops")

;;; ---------------------------------------------------------------- the region as numbers

(deffunction region-zeros (?n)
   "A multifield of ?n zeros"
   (bind ?z (create$))
   (loop-for-count ?n (bind ?z (create$ ?z 0)))
   ?z)

(deffunction region-code (?state)
   "A cell state as a number: 0 shaded, 1 undecided, 2 white"
   (switch ?state (case black then 0) (case unknown then 1) (default 2)))

(deffunction region-neighbour (?u ?k ?rows ?cols)
   "The index of neighbour ?k (0 up, 1 down, 2 left, 3 right) of cell index ?u, or 0 off the grid"
   (switch ?k
      (case 0 then (if (> ?u ?cols) then (- ?u ?cols) else 0))
      (case 1 then (if (<= (+ ?u ?cols) (* ?rows ?cols)) then (+ ?u ?cols) else 0))
      (case 2 then (if (<> (mod (- ?u 1) ?cols) 0) then (- ?u 1) else 0))
      (default (if (<> (mod ?u ?cols) 0) then (+ ?u 1) else 0))))

(deffunction region-cuts (?rows ?cols ?s)
   "Searches the unshaded cells (states ?s, row-major codes) from a white cell. Returns
    (split) when a white cell cannot be reached, else (ok i j ...) with the indices of the
    undecided cells whose shading would separate white cells"
   (bind ?n (* ?rows ?cols))
   (bind ?whites 0)
   (bind ?root 0)
   (loop-for-count (?i 1 ?n)
      (if (= (nth$ ?i ?s) 2) then
         (bind ?whites (+ ?whites 1))
         (if (= ?root 0) then (bind ?root ?i))))
   (if (= ?root 0) then (return (create$ ok)))
   (bind ?disc (region-zeros ?n))
   (bind ?low ?disc) (bind ?wc ?disc) (bind ?it ?disc) (bind ?par ?disc)
   (bind ?disc (replace$ ?disc ?root ?root 1))
   (bind ?low (replace$ ?low ?root ?root 1))
   (bind ?wc (replace$ ?wc ?root ?root 1))
   (bind ?time 1)
   (bind ?stack (create$ ?root))
   (bind ?cuts (create$))
   (while (> (length$ ?stack) 0)
      (bind ?depth (length$ ?stack))
      (bind ?u (nth$ ?depth ?stack))
      (bind ?k (nth$ ?u ?it))
      (if (< ?k 4) then
         (bind ?it (replace$ ?it ?u ?u (+ ?k 1)))
         (bind ?v (region-neighbour ?u ?k ?rows ?cols))
         (if (and (> ?v 0) (> (nth$ ?v ?s) 0)) then
            (if (= (nth$ ?v ?disc) 0) then
               (bind ?time (+ ?time 1))
               (bind ?disc (replace$ ?disc ?v ?v ?time))
               (bind ?low (replace$ ?low ?v ?v ?time))
               (bind ?par (replace$ ?par ?v ?v ?u))
               (if (= (nth$ ?v ?s) 2) then (bind ?wc (replace$ ?wc ?v ?v 1)))
               (bind ?stack (create$ ?stack ?v))
             else
               (if (<> ?v (nth$ ?u ?par)) then
                  (bind ?low (replace$ ?low ?u ?u (min (nth$ ?u ?low) (nth$ ?v ?disc)))))))
       else
         (bind ?stack (delete$ ?stack ?depth ?depth))
         (bind ?p (nth$ ?u ?par))
         (if (> ?p 0) then
            (bind ?low (replace$ ?low ?p ?p (min (nth$ ?p ?low) (nth$ ?u ?low))))
            (bind ?w (nth$ ?u ?wc))
            (bind ?wc (replace$ ?wc ?p ?p (+ (nth$ ?p ?wc) ?w)))
            (if (and (>= (nth$ ?u ?low) (nth$ ?p ?disc)) (= (nth$ ?p ?s) 1)
                     (> ?w 0) (< ?w ?whites) (not (member$ ?p ?cuts)))
             then (bind ?cuts (create$ ?cuts ?p))))))
   (if (< (nth$ ?root ?wc) ?whites) then (create$ split) else (create$ ok ?cuts)))

(deffunction region-grid ()
   "The grid's size as (rows cols)"
   (bind ?size (create$ 0 0))
   (do-for-fact ((?g grid)) TRUE (bind ?size (create$ ?g:rows ?g:cols)))
   ?size)

(deffunction region-states (?rows ?cols)
   "Every cell's state code, row-major"
   (bind ?s (region-zeros (* ?rows ?cols)))
   (do-for-all-facts ((?c cell)) TRUE
      (bind ?i (+ (* (- ?c:row 1) ?cols) ?c:col))
      (bind ?s (replace$ ?s ?i ?i (region-code ?c:state))))
   ?s)

(deffunction keep-white-region-connected ()
   "Whites every undecided cell whose shading would split the white region, or asserts a
    contradiction when it is split already"
   (bind ?size (region-grid))
   (bind ?rows (nth$ 1 ?size)) (bind ?cols (nth$ 2 ?size))
   (do-for-all-facts ((?c cell)) (neq ?c:state unknown)
      (assert (region-seen (row ?c:row) (col ?c:col))))
   (bind ?result (region-cuts ?rows ?cols (region-states ?rows ?cols)))
   (if (eq (nth$ 1 ?result) split) then
      (assert (contradiction (reason "the white cells are cut in two")))
      (return))
   (foreach ?i (rest$ ?result)
      (bind ?r (+ 1 (div (- ?i 1) ?cols)))
      (bind ?c (+ 1 (mod (- ?i 1) ?cols)))
      (do-for-fact ((?x cell)) (and (= ?x:row ?r) (= ?x:col ?c) (eq ?x:state unknown))
         (modify ?x (state white)))))

;;; ---------------------------------------------------------------- rules

(defrule last-exit
   "A white cell whose other neighbours are all shaded keeps its last exit white"
   (not (region-kept))
   (cell (row ?r) (col ?c) (state white))
   (adjacent (row ?r) (col ?c) (nrow ?nr) (ncol ?nc))
   ?x <- (cell (row ?nr) (col ?nc) (state unknown))
   (not (and (adjacent (row ?r) (col ?c) (nrow ?or) (ncol ?oc))
             (test (or (<> ?or ?nr) (<> ?oc ?nc)))
             (cell (row ?or) (col ?oc) (state ~black))))
   =>
   (modify ?x (state white)))

(defrule white-region-cut
   "A cell whose shading would cut the white region in two stays white"
   (declare (salience -10))
   (not (region-kept))
   (cell (row ?r) (col ?c) (state ~unknown))
   (not (region-seen (row ?r) (col ?c)))
   (exists (cell (state unknown)))
   =>
   (keep-white-region-connected))
