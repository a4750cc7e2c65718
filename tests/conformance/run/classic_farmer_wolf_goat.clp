;;; classic search: farmer, wolf, goat and cabbage river crossing solved by rules generating states
(deftemplate status
   (slot id)
   (slot farmer) (slot wolf) (slot goat) (slot cabbage)
   (slot parent (default none))
   (slot move (default start))
   (slot depth (default 0)))
(deffunction opposite (?side) (if (eq ?side west) then east else west))
(deffacts start
   (status (id 0) (farmer west) (wolf west) (goat west) (cabbage west))
   (next-id 1))
(defrule move
   (status (id ?p) (farmer ?fs) (wolf ?w) (goat ?g) (cabbage ?c) (depth ?d&:(< ?d 8)))
   (not (solution ?))
   (item ?what)
   ?n <- (next-id ?id)
   (test (or (eq ?what alone)
             (and (eq ?what wolf) (eq ?w ?fs))
             (and (eq ?what goat) (eq ?g ?fs))
             (and (eq ?what cabbage) (eq ?c ?fs))))
   =>
   (bind ?to (opposite ?fs))
   (bind ?nw (if (eq ?what wolf) then ?to else ?w))
   (bind ?ng (if (eq ?what goat) then ?to else ?g))
   (bind ?nc (if (eq ?what cabbage) then ?to else ?c))
   (if (and (not (and (eq ?nw ?ng) (neq ?to ?nw)))
            (not (and (eq ?ng ?nc) (neq ?to ?ng)))
            (not (any-factp ((?s status)) (and (eq ?s:farmer ?to) (eq ?s:wolf ?nw) (eq ?s:goat ?ng) (eq ?s:cabbage ?nc)))))
    then
      (retract ?n)
      (assert (next-id (+ ?id 1)))
      (assert (status (id ?id) (farmer ?to) (wolf ?nw) (goat ?ng) (cabbage ?nc)
                      (parent ?p) (move ?what) (depth (+ ?d 1))))))
(deffacts items (item alone) (item wolf) (item goat) (item cabbage))
(defrule goal
   (declare (salience 10))
   (status (id ?id) (farmer east) (wolf east) (goat east) (cabbage east))
   (not (solution ?))
   =>
   (assert (solution ?id)))
(deffunction print-path (?id)
   (bind ?path (create$))
   (while (neq ?id none)
      (do-for-fact ((?s status)) (eq ?s:id ?id)
         (bind ?path (create$ (str-cat ?s:move "->" ?s:farmer) ?path))
         (bind ?id ?s:parent)))
   ?path)
(defrule show-solution
   (solution ?id)
   (status (id ?id) (depth ?d))
   =>
   (printout t "solved in " ?d " crossings" crlf)
   (foreach ?step (print-path ?id) (printout t "  " ?step crlf)))
