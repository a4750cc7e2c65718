;;; Miss Manners, 16 guests: the OPS5 benchmark of Brant, Grose, Lofaso and Miranker (1991)
;;; in CLIPS syntax. Written by benches/programs/generate.py -- edit that, not this file.
;;; Prints the seating found, one guest and seat a line (seat order is CLIPS's agenda order).

;;; The seating is found by a depth-first search: a seating fact is one node of the search
;;; (seat1 -> seat2 with guest name2 in seat2), path facts record who sits where on the way
;;; to that node, chosen facts record which guests were tried after it.

(deftemplate guest (slot name) (slot sex) (slot hobby))
(deftemplate last_seat (slot seat))
(deftemplate seating
  (slot seat1) (slot name1) (slot name2) (slot seat2) (slot id) (slot pid) (slot path_done))
(deftemplate context (slot state))
(deftemplate path (slot id) (slot name) (slot seat))
(deftemplate chosen (slot id) (slot name) (slot hobby))
(deftemplate count (slot c))

;; The first guest takes the first seat.
(defrule assign_first_seat
  ?ctx <- (context (state start))
  (guest (name ?n))
  ?cnt <- (count (c ?c))
  =>
  (assert (seating (seat1 1) (name1 ?n) (name2 ?n) (seat2 1) (id ?c) (pid 0) (path_done yes)))
  (assert (path (id ?c) (name ?n) (seat 1)))
  (modify ?cnt (c (+ ?c 1)))
  (modify ?ctx (state assign_seats)))

;; Seat next to the last guest of a finished path someone of the other sex who shares a
;; hobby, is not on the path yet and was not tried there before.
(defrule find_seating
  ?ctx <- (context (state assign_seats))
  (seating (seat1 ?seat1) (seat2 ?seat2) (name2 ?n2) (id ?id) (pid ?pid) (path_done yes))
  (guest (name ?n2) (sex ?s1) (hobby ?h1))
  (guest (name ?g2) (sex ~?s1) (hobby ?h1))
  ?cnt <- (count (c ?c))
  (not (path (id ?id) (name ?g2)))
  (not (chosen (id ?id) (name ?g2) (hobby ?h1)))
  =>
  (assert (seating (seat1 ?seat2) (name1 ?n2) (name2 ?g2) (seat2 (+ ?seat2 1))
                   (id ?c) (pid ?id) (path_done no)))
  (assert (path (id ?c) (name ?g2) (seat (+ ?seat2 1))))
  (assert (chosen (id ?id) (name ?g2) (hobby ?h1)))
  (modify ?cnt (c (+ ?c 1)))
  (modify ?ctx (state make_path)))

;; Copy the parent's path into the new node, one guest at a time.
(defrule make_path
  (context (state make_path))
  (seating (id ?id) (pid ?pid) (path_done no))
  (path (id ?pid) (name ?n1) (seat ?s))
  (not (path (id ?id) (name ?n1)))
  =>
  (assert (path (id ?id) (name ?n1) (seat ?s))))

(defrule path_done
  ?ctx <- (context (state make_path))
  ?seat <- (seating (path_done no))
  =>
  (modify ?seat (path_done yes))
  (modify ?ctx (state check_done)))

(defrule are_we_done
  ?ctx <- (context (state check_done))
  (last_seat (seat ?l))
  (seating (seat2 ?l))
  =>
  (printout t crlf "Yes, we are done!!" crlf)
  (modify ?ctx (state print_results)))

(defrule continue
  ?ctx <- (context (state check_done))
  =>
  (modify ?ctx (state assign_seats)))

(defrule print_results
  (context (state print_results))
  (seating (id ?id) (seat2 ?s2))
  (last_seat (seat ?s2))
  ?p <- (path (id ?id) (name ?n) (seat ?s))
  =>
  (retract ?p)
  (printout t ?n " " ?s crlf))

(defrule all_done
  (context (state print_results))
  =>
  (halt))

(deffacts guests
  (guest (name n1) (sex f) (hobby h2))
  (guest (name n1) (sex f) (hobby h1))
  (guest (name n1) (sex f) (hobby h3))
  (guest (name n2) (sex m) (hobby h2))
  (guest (name n2) (sex m) (hobby h1))
  (guest (name n2) (sex m) (hobby h3))
  (guest (name n3) (sex f) (hobby h1))
  (guest (name n3) (sex f) (hobby h3))
  (guest (name n3) (sex f) (hobby h2))
  (guest (name n4) (sex f) (hobby h3))
  (guest (name n4) (sex f) (hobby h1))
  (guest (name n4) (sex f) (hobby h2))
  (guest (name n5) (sex f) (hobby h1))
  (guest (name n5) (sex f) (hobby h3))
  (guest (name n5) (sex f) (hobby h2))
  (guest (name n6) (sex m) (hobby h3))
  (guest (name n6) (sex m) (hobby h2))
  (guest (name n7) (sex m) (hobby h2))
  (guest (name n7) (sex m) (hobby h1))
  (guest (name n7) (sex m) (hobby h3))
  (guest (name n8) (sex m) (hobby h1))
  (guest (name n8) (sex m) (hobby h3))
  (guest (name n8) (sex m) (hobby h2))
  (guest (name n9) (sex m) (hobby h3))
  (guest (name n9) (sex m) (hobby h2))
  (guest (name n9) (sex m) (hobby h1))
  (guest (name n10) (sex m) (hobby h2))
  (guest (name n10) (sex m) (hobby h1))
  (guest (name n11) (sex f) (hobby h3))
  (guest (name n11) (sex f) (hobby h1))
  (guest (name n12) (sex m) (hobby h3))
  (guest (name n12) (sex m) (hobby h1))
  (guest (name n12) (sex m) (hobby h2))
  (guest (name n13) (sex m) (hobby h2))
  (guest (name n13) (sex m) (hobby h3))
  (guest (name n14) (sex f) (hobby h3))
  (guest (name n14) (sex f) (hobby h1))
  (guest (name n15) (sex f) (hobby h1))
  (guest (name n15) (sex f) (hobby h3))
  (guest (name n15) (sex f) (hobby h2))
  (guest (name n16) (sex f) (hobby h3))
  (guest (name n16) (sex f) (hobby h2))
  (guest (name n16) (sex f) (hobby h1))
  (last_seat (seat 16))
  (count (c 1))
  (context (state start)))
