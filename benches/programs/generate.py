#!/usr/bin/env python3
"""Writes the benchmark programs as self-contained CLIPS files in this directory: the
classic OPS5 benchmarks (Brant, Grose, Lofaso and Miranker 1991, "Effects of Database
Size on Rule System Performance: Five Case Studies")

    manners_16.clp manners_32.clp manners_64.clp manners_128.clp
    waltz_12.clp waltz_25.clp waltz_50.clp

and synthetic ones, whose data their own rules create (a counter loop):

    joins_10k.clp joins_100k.clp    three 5-pattern rules with equality joins over 5n facts
    churn_100k.clp churn_1m.clp     that many facts asserted and retracted in small batches
    rules_1000.clp                  1,000 rules (2-6 patterns each) for timing the loader
    fact_cost/{plain,joins}_{1k,10k,100k,1m}.clp
                                    time an assert+retract with that many facts in working
                                    memory, with no rule or two join rules matching them
                                    (they print timings, so benches/vs-clips --fact-cost
                                    runs them apart from the others)

The synthetic programs print counts and checksums that do not depend on the order in
which rules of equal salience fire.

Usage (from the repository root):

    python3 benches/programs/generate.py

Each file holds the rules and its data (deffacts, or rules that make it), so `(load
FILE) (reset) (run)` runs it on CLIPS 6.30/6.4 and `salience run FILE` runs it on
Salience. The classic benchmarks' data is generated the way their own data generators do
it, deterministically:

- Miss Manners (Tim Grose's generator, 1991): guests are named 1..N; each guest's sex is
  drawn from C's rand() seeded with 10 (at most N/2 males, the rest females), then a
  number of hobbies between the minimum and maximum and that many distinct hobbies.
  rand() is the glibc generator, reproduced here in pure Python, so the output does not
  depend on the machine. We use 1..3 hobbies with at least 2 per guest, so any two
  guests share a hobby and the depth-first search never backtracks.
- Waltz (the WALTZY generator, 1989): a drawing made of regions of four cubes joined by a
  mostly hidden fifth cube, 72 lines a region; "waltz_N" asks the generator for N
  regions, which draws region 0 and then N more to its right, each joined to the previous
  one by another hidden cube. A point is encoded as x*100 + y.

With the default depth strategy they fire the benchmark's published numbers of rules on
CLIPS 6.30 and on Salience alike: Manners 8/16/32/64/128 = 59/183/623/2,271/8,639 and
Waltz 12/25/37/50 = 3,576/7,164/10,476/14,064 (sizes 8 and 37 are not written out; call
manners_program(8) or waltz_program(37) for them).

Re-run the script after changing it; the .clp files are committed along with it.
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- glibc rand()

class GlibcRand:
    """glibc's default random() / rand() (the TYPE_3 additive feedback generator)."""

    def __init__(self, seed):
        r = [0] * 34
        r[0] = seed if seed != 0 else 1
        for i in range(1, 31):
            # 16807 * r[i-1] % 2147483647, computed as glibc does (Schrage's method)
            hi, lo = divmod(r[i - 1], 127773)
            word = 16807 * lo - 2836 * hi
            if word < 0:
                word += 2147483647
            r[i] = word
        for i in range(31, 34):
            r[i] = r[i - 31]
        self.state = r
        # discard the first 310 outputs
        for _ in range(310):
            self._next()

    def _next(self):
        r = self.state
        value = (r[-31] + r[-3]) & 0xFFFFFFFF
        r.append(value)
        if len(r) > 64:
            del r[:-34]
        return value >> 1

    def rand(self):
        return self._next()


def f32(x):
    """Rounds a double to the nearest single-precision float, as a C `float` holds it."""
    import struct
    return struct.unpack("f", struct.pack("f", x))[0]


# ---------------------------------------------------------------- Miss Manners

def manners_guests(guest_num, max_hobby=3, min_hobby=2, seed=10):
    """Returns [(name, sex, [hobbies...])] as Grose's generator draws them."""
    rng = GlibcRand(seed)
    max_male = guest_num // 2
    max_female = guest_num - max_male
    males = females = 0
    guests = []
    for count in range(1, guest_num + 1):
        sex = "m" if rng.rand() < 1073741824 else "f"
        if sex == "m" and males == max_male:
            sex = "f"
        if sex == "f" and females == max_female:
            sex = "m"
        if sex == "m":
            males += 1
        else:
            females += 1
        taken = [False] * max_hobby
        num = f32(f32(float(rng.rand())) / 2147483647.0)
        hobby_num = int(f32(float(min_hobby) + f32(num * float(max_hobby - min_hobby + 1))))
        hobbies = []
        for _ in range(hobby_num):
            while True:
                num = f32(f32(float(rng.rand())) / 2147483647.0)
                chosen = int(1.0 + num * float(max_hobby))
                if not taken[chosen - 1]:
                    break
            taken[chosen - 1] = True
            hobbies.append(chosen)
        guests.append((count, sex, hobbies))
    return guests


MANNERS_RULES = r"""
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
"""


def manners_program(n):
    guests = manners_guests(n)
    out = [f";;; Miss Manners, {n} guests: the OPS5 benchmark of Brant, Grose, Lofaso and Miranker (1991)",
           ";;; in CLIPS syntax. Written by benches/programs/generate.py -- edit that, not this file.",
           ";;; Prints the seating found, one guest and seat a line (seat order is CLIPS's agenda order).",
           MANNERS_RULES,
           f"(deffacts guests"]
    for name, sex, hobbies in guests:
        for h in hobbies:
            out.append(f"  (guest (name n{name}) (sex {sex}) (hobby h{h}))")
    out.append(f"  (last_seat (seat {n}))")
    out.append("  (count (c 1))")
    out.append("  (context (state start)))")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Waltz

# One region: four cubes (17 lines each, offset by REG) and a hidden centre cube (4 lines).
CUBE = [(0, 20000), (20000, 30000), (30000, 40000), (0, 2), (2, 3), (3, 4), (4, 40004),
        (40004, 40000), (40000, 50001), (50001, 50002), (50002, 50003), (50003, 50005),
        (50005, 40004), (50005, 30005), (30005, 20005), (20005, 10005), (10005, 4)]
CENTRE = [(50003, 60003), (30005, 30006), (80005, 80006), (50008, 60008)]
REG = [0, 60000, 6, 60006]
STEP_RIGHT = 120000


def waltz_lines(numreg):
    lines = []

    def centre(off):
        for a, b in CENTRE:
            lines.append((a + off, b + off))

    def region(off):
        centre(off)
        for k in REG:
            for a, b in CUBE:
                lines.append((a + off + k, b + off + k))

    assert 1 <= numreg <= 833, "only the sideways growth of the generator is reproduced"
    offset = 0
    region(offset)
    for _ in range(numreg):
        offset += STEP_RIGHT
        region(offset)
        centre(offset - 60000)   # the cube that joins it to the region on its left
    return lines


WALTZ_RULES = r"""
;;; Waltz line labelling: lines become pairs of directed edges, the junctions where edges
;;; meet are classified (L, fork, tee, arrow) by their angles, two boundary junctions are
;;; labelled, and the labels are propagated junction to junction. Labels: B (boundary),
;;; plus (convex), minus (concave), NIL (not yet labelled).

(deftemplate stage (slot value))
(deftemplate line (slot p1) (slot p2))
(deftemplate edge (slot p1) (slot p2) (slot joined) (slot label) (slot plotted))
(deftemplate junction (slot p1) (slot p2) (slot p3) (slot base_point) (slot type))

(defglobal ?*pi* = 3.1415927
           ?*plot-B* = 0 ?*plot-plus* = 0 ?*plot-minus* = 0 ?*plot-boundary* = 0)

;; A point is encoded as x*100 + y.
(deffunction get-x (?p) (div ?p 100))
(deffunction get-y (?p) (mod ?p 100))

;; The angle between the x axis and the line from ?p1 to ?p2.
(deffunction get-angle (?p1 ?p2)
  (bind ?dx (- (get-x ?p2) (get-x ?p1)))
  (bind ?dy (- (get-y ?p2) (get-y ?p1)))
  (if (= ?dx 0) then
    (if (> ?dy 0) then (return (/ ?*pi* 2)))
    (if (< ?dy 0) then (return (- 0 (/ ?*pi* 2))))
    (return 0.0))
  (if (= ?dy 0) then
    (if (> ?dx 0) then (return 0.0) else (return ?*pi*)))
  (bind ?a (atan (/ ?dy ?dx)))
  (if (> ?dx 0) then (return ?a))
  (if (> ?dy 0) then (return (+ ?a ?*pi*)) else (return (- ?a ?*pi*))))

;; The smaller angle inscribed by the lines from ?base to ?p1 and from ?base to ?p2.
(deffunction inscribed-angle (?base ?p1 ?p2)
  (bind ?t (abs (- (get-angle ?base ?p1) (get-angle ?base ?p2))))
  (if (> ?t ?*pi*) then (bind ?t (- (* 2 ?*pi*) ?t)))
  (abs ?t))

;; Classifies the junction of three edges meeting at ?base and asserts it: the shaft is the
;; edge whose two angles with the others sum least; a sum of pi is a tee, more a fork,
;; less an arrow.
(deffunction make-3-junction (?base ?p1 ?p2 ?p3)
  (bind ?a12 (inscribed-angle ?base ?p1 ?p2))
  (bind ?a13 (inscribed-angle ?base ?p1 ?p3))
  (bind ?a23 (inscribed-angle ?base ?p2 ?p3))
  (bind ?s1213 (+ ?a12 ?a13))
  (bind ?s1223 (+ ?a12 ?a23))
  (bind ?s1323 (+ ?a13 ?a23))
  (if (< ?s1213 ?s1223)
   then (if (< ?s1213 ?s1323)
         then (bind ?sum ?s1213) (bind ?shaft ?p1) (bind ?barb1 ?p2) (bind ?barb2 ?p3)
         else (bind ?sum ?s1323) (bind ?shaft ?p3) (bind ?barb1 ?p1) (bind ?barb2 ?p2))
   else (if (< ?s1223 ?s1323)
         then (bind ?sum ?s1223) (bind ?shaft ?p2) (bind ?barb1 ?p1) (bind ?barb2 ?p3)
         else (bind ?sum ?s1323) (bind ?shaft ?p3) (bind ?barb1 ?p1) (bind ?barb2 ?p2)))
  (if (< (abs (- ?sum ?*pi*)) 0.001) then (bind ?type tee)
   else (if (> ?sum ?*pi*) then (bind ?type fork) else (bind ?type arrow)))
  (assert (junction (p1 ?barb1) (p2 ?shaft) (p3 ?barb2) (base_point ?base) (type ?type))))

;; Each line becomes two edges, one each way.
(defrule reverse_edges
  (stage (value duplicate))
  ?l <- (line (p1 ?p1) (p2 ?p2))
  =>
  (assert (edge (p1 ?p1) (p2 ?p2) (joined false) (label NIL) (plotted false)))
  (assert (edge (p1 ?p2) (p2 ?p1) (joined false) (label NIL) (plotted false)))
  (retract ?l))

(defrule done_reversing
  (declare (salience -10))
  ?s <- (stage (value duplicate))
  (not (line))
  =>
  (modify ?s (value detect_junctions)))

(defrule make_3_junction
  (declare (salience 10))
  (stage (value detect_junctions))
  ?e1 <- (edge (p1 ?base) (p2 ?p1) (joined false))
  ?e2 <- (edge (p1 ?base) (p2 ?p2&~?p1) (joined false))
  ?e3 <- (edge (p1 ?base) (p2 ?p3&~?p1&~?p2) (joined false))
  =>
  (make-3-junction ?base ?p1 ?p2 ?p3)
  (modify ?e1 (joined true))
  (modify ?e2 (joined true))
  (modify ?e3 (joined true)))

(defrule make_L
  (stage (value detect_junctions))
  ?e1 <- (edge (p1 ?base) (p2 ?p1) (joined false))
  ?e2 <- (edge (p1 ?base) (p2 ?p2&~?p1) (joined false))
  (not (edge (p1 ?base) (p2 ~?p1&~?p2)))
  =>
  (assert (junction (p1 ?p1) (p2 ?p2) (p3 0) (base_point ?base) (type L)))
  (modify ?e1 (joined true))
  (modify ?e2 (joined true)))

(defrule done_detecting
  (declare (salience -10))
  ?s <- (stage (value detect_junctions))
  =>
  (modify ?s (value find_initial_boundary)))

;; The junction with the highest base point is on the boundary.
(defrule initial_boundary_junction_L
  ?s <- (stage (value find_initial_boundary))
  (junction (type L) (base_point ?base) (p1 ?p1) (p2 ?p2))
  ?e1 <- (edge (p1 ?base) (p2 ?p1))
  ?e2 <- (edge (p1 ?base) (p2 ?p2))
  (not (junction (base_point ?b&:(> ?b ?base))))
  =>
  (modify ?e1 (label B))
  (modify ?e2 (label B))
  (modify ?s (value find_second_boundary)))

(defrule initial_boundary_junction_arrow
  ?s <- (stage (value find_initial_boundary))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  ?e1 <- (edge (p1 ?base) (p2 ?p1))
  ?e2 <- (edge (p1 ?base) (p2 ?p2))
  ?e3 <- (edge (p1 ?base) (p2 ?p3))
  (not (junction (base_point ?b&:(> ?b ?base))))
  =>
  (modify ?e1 (label B))
  (modify ?e2 (label plus))
  (modify ?e3 (label B))
  (modify ?s (value find_second_boundary)))

;; So is the one with the lowest.
(defrule second_boundary_junction_L
  ?s <- (stage (value find_second_boundary))
  (junction (type L) (base_point ?base) (p1 ?p1) (p2 ?p2))
  ?e1 <- (edge (p1 ?base) (p2 ?p1))
  ?e2 <- (edge (p1 ?base) (p2 ?p2))
  (not (junction (base_point ?b&:(< ?b ?base))))
  =>
  (modify ?e1 (label B))
  (modify ?e2 (label B))
  (modify ?s (value labeling)))

(defrule second_boundary_junction_arrow
  ?s <- (stage (value find_second_boundary))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  ?e1 <- (edge (p1 ?base) (p2 ?p1))
  ?e2 <- (edge (p1 ?base) (p2 ?p2))
  ?e3 <- (edge (p1 ?base) (p2 ?p3))
  (not (junction (base_point ?b&:(< ?b ?base))))
  =>
  (modify ?e1 (label B))
  (modify ?e2 (label plus))
  (modify ?e3 (label B))
  (modify ?s (value labeling)))

;; An edge whose label is known gives its label to the edge running the other way.
(defrule match_edge
  (stage (value labeling))
  ?e1 <- (edge (p1 ?p1) (p2 ?p2) (label ?label&plus|minus|B))
  ?e2 <- (edge (p1 ?p2) (p2 ?p1) (label NIL))
  =>
  (modify ?e1 (plotted true))
  (modify ?e2 (label ?label) (plotted true))
  (count-plot ?label 2))

;; The junction dictionary: the labellings physically possible, given the labels of the
;; edges already known at a junction.
(defrule label_L
  (stage (value labeling))
  (junction (type L) (base_point ?base))
  (edge (p1 ?base) (p2 ?p1) (label plus|minus))
  ?e <- (edge (p1 ?base) (p2 ~?p1) (label NIL))
  =>
  (modify ?e (label B)))

(defrule label_tee_A
  (declare (salience 5))
  (stage (value labeling))
  (junction (type tee) (base_point ?base) (p1 ?p1) (p3 ?p3))
  ?e1 <- (edge (p1 ?base) (p2 ?p1) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ?p3))
  =>
  (modify ?e1 (label B))
  (modify ?e2 (label B)))

(defrule label_tee_B
  (stage (value labeling))
  (junction (type tee) (base_point ?base) (p1 ?p1) (p3 ?p3))
  ?e1 <- (edge (p1 ?base) (p2 ?p1))
  ?e2 <- (edge (p1 ?base) (p2 ?p3) (label NIL))
  =>
  (modify ?e1 (label B))
  (modify ?e2 (label B)))

(defrule label_fork_1
  (stage (value labeling))
  (junction (type fork) (base_point ?base))
  (edge (p1 ?base) (p2 ?p1) (label plus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2&~?p1) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ~?p2&~?p1))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label plus)))

(defrule label_fork_2
  (stage (value labeling))
  (junction (type fork) (base_point ?base))
  (edge (p1 ?base) (p2 ?p1) (label B))
  (edge (p1 ?base) (p2 ?p2&~?p1) (label minus))
  ?e <- (edge (p1 ?base) (p2 ~?p2&~?p1) (label NIL))
  =>
  (modify ?e (label B)))

(defrule label_fork_3
  (stage (value labeling))
  (junction (type fork) (base_point ?base))
  (edge (p1 ?base) (p2 ?p1) (label B))
  (edge (p1 ?base) (p2 ?p2&~?p1) (label B))
  ?e <- (edge (p1 ?base) (p2 ~?p2&~?p1) (label NIL))
  =>
  (modify ?e (label minus)))

(defrule label_fork_4
  (stage (value labeling))
  (junction (type fork) (base_point ?base))
  (edge (p1 ?base) (p2 ?p1) (label minus))
  (edge (p1 ?base) (p2 ?p2&~?p1) (label minus))
  ?e <- (edge (p1 ?base) (p2 ~?p2&~?p1) (label NIL))
  =>
  (modify ?e (label minus)))

(defrule label_arrow_1A
  (declare (salience 5))
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p1) (label ?label&B|minus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ?p3))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label ?label)))

(defrule label_arrow_1B
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p1) (label ?label&B|minus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2))
  ?e2 <- (edge (p1 ?base) (p2 ?p3) (label NIL))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label ?label)))

(defrule label_arrow_2A
  (declare (salience 5))
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p3) (label ?label&B|minus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ?p1))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label ?label)))

(defrule label_arrow_2B
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p3) (label ?label&B|minus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2))
  ?e2 <- (edge (p1 ?base) (p2 ?p1) (label NIL))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label ?label)))

(defrule label_arrow_3A
  (declare (salience 5))
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p1) (label plus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ?p3))
  =>
  (modify ?e1 (label minus))
  (modify ?e2 (label plus)))

(defrule label_arrow_3B
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p1) (label plus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2))
  ?e2 <- (edge (p1 ?base) (p2 ?p3) (label NIL))
  =>
  (modify ?e1 (label minus))
  (modify ?e2 (label plus)))

(defrule label_arrow_4A
  (declare (salience 5))
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p3) (label plus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ?p1))
  =>
  (modify ?e1 (label minus))
  (modify ?e2 (label plus)))

(defrule label_arrow_4B
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p3) (label plus))
  ?e1 <- (edge (p1 ?base) (p2 ?p2))
  ?e2 <- (edge (p1 ?base) (p2 ?p1) (label NIL))
  =>
  (modify ?e1 (label minus))
  (modify ?e2 (label plus)))

(defrule label_arrow_5A
  (declare (salience 5))
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p2) (label minus))
  ?e1 <- (edge (p1 ?base) (p2 ?p1))
  ?e2 <- (edge (p1 ?base) (p2 ?p3) (label NIL))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label plus)))

(defrule label_arrow_5B
  (stage (value labeling))
  (junction (type arrow) (base_point ?base) (p1 ?p1) (p2 ?p2) (p3 ?p3))
  (edge (p1 ?base) (p2 ?p2) (label minus))
  ?e1 <- (edge (p1 ?base) (p2 ?p1) (label NIL))
  ?e2 <- (edge (p1 ?base) (p2 ?p3))
  =>
  (modify ?e1 (label plus))
  (modify ?e2 (label plus)))

(defrule done_labeling
  (declare (salience -10))
  ?s <- (stage (value labeling))
  =>
  (modify ?s (value plot_remaining_edges)))

;; Plot the labelled edges not plotted yet.
(defrule plot_remaining
  (stage (value plot_remaining_edges))
  ?e <- (edge (plotted false) (label ?label&~NIL))
  =>
  (count-plot ?label 1)
  (modify ?e (plotted true)))

;; An edge that could not be labelled is taken to be a boundary.
(defrule plot_boundaries
  (stage (value plot_remaining_edges))
  ?e <- (edge (plotted false) (label NIL))
  =>
  (bind ?*plot-boundary* (+ ?*plot-boundary* 1))
  (modify ?e (plotted true)))

(defrule done_plotting
  (declare (salience -10))
  ?s <- (stage (value plot_remaining_edges))
  =>
  (modify ?s (value done))
  (printout t "edges plotted: B " ?*plot-B* ", plus " ?*plot-plus* ", minus " ?*plot-minus*
              ", unlabelled (taken as boundary) " ?*plot-boundary* crlf))
"""

COUNT_PLOT = r"""
;; Counts ?n edges plotted with ?label (the benchmark printed each; we print the totals).
(deffunction count-plot (?label ?n)
  (if (eq ?label B) then (bind ?*plot-B* (+ ?*plot-B* ?n)))
  (if (eq ?label plus) then (bind ?*plot-plus* (+ ?*plot-plus* ?n)))
  (if (eq ?label minus) then (bind ?*plot-minus* (+ ?*plot-minus* ?n))))
"""


def waltz_program(numreg):
    lines = waltz_lines(numreg)
    out = [f";;; Waltz, {numreg} regions ({len(lines)} lines): the OPS5 benchmark of Brant, Grose, Lofaso",
           ";;; and Miranker (1991) in CLIPS syntax. Written by benches/programs/generate.py -- edit",
           ";;; that, not this file. Prints how many edges were plotted with each label.",
           WALTZ_RULES.split("(defrule reverse_edges")[0].rstrip() + "\n" + COUNT_PLOT,
           "(defrule reverse_edges" + WALTZ_RULES.split("(defrule reverse_edges")[1],
           "(deffacts drawing",
           "  (stage (value duplicate))"]
    for a, b in lines:
        out.append(f"  (line (p1 {a}) (p2 {b}))")
    out[-1] += ")"
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Joins

JOINS_RULES = r"""
;;; Five templates, one fact of each per index i; each maps its index to another by a
;;; multiplication modulo n (a bijection: the multipliers are prime to n), so a chain
;;; a -> b -> c -> d -> e through equal slot values exists for every a fact. The data is
;;; made by the `generate` rule, one index per firing, so every join sees facts arrive on
;;; both its sides in a scattered order.

(deftemplate a (slot id) (slot x))
(deftemplate b (slot x) (slot y))
(deftemplate c (slot y) (slot z))
(deftemplate d (slot z) (slot w))
(deftemplate e (slot w) (slot id))

(defrule generate
  ?c <- (counter ?i&:(< ?i ?*n*))
  =>
  (retract ?c)
  (assert (a (id ?i) (x (mod (* ?i 7) ?*n*))))
  (assert (b (x ?i) (y (mod (* ?i 11) ?*n*))))
  (assert (c (y ?i) (z (mod (* ?i 13) ?*n*))))
  (assert (d (z ?i) (w (mod (* ?i 17) ?*n*))))
  (assert (e (w ?i) (id (mod (* ?i 19) ?*n*))))
  (assert (counter (+ ?i 1))))

;; The chain, joined from a to e ...
(defrule chain_forward
  (a (id ?i) (x ?x))
  (b (x ?x) (y ?y))
  (c (y ?y) (z ?z))
  (d (z ?z) (w ?w))
  (e (w ?w) (id ?j))
  =>
  (bind ?*forward* (+ ?*forward* 1))
  (bind ?*forward-sum* (+ ?*forward-sum* (* ?i 3) ?j)))

;; ... and from e back to a: the same matches through other joins.
(defrule chain_backward
  (e (w ?w) (id ?j))
  (d (z ?z) (w ?w))
  (c (y ?y) (z ?z))
  (b (x ?x) (y ?y))
  (a (id ?i) (x ?x))
  =>
  (bind ?*backward* (+ ?*backward* 1))
  (bind ?*backward-sum* (+ ?*backward-sum* (* ?i 3) ?j)))

;; Chains that come back to the index they started from: the last join tests two slots.
(defrule cycle
  (a (id ?i) (x ?x))
  (b (x ?x) (y ?y))
  (c (y ?y) (z ?z))
  (d (z ?z) (w ?w))
  (e (w ?w) (id ?i))
  =>
  (bind ?*cycles* (+ ?*cycles* 1)))

(defrule report
  (declare (salience -10))
  (counter ?)
  =>
  (printout t "chains forward " ?*forward* " (checksum " ?*forward-sum* "), backward "
              ?*backward* " (checksum " ?*backward-sum* "), cycles " ?*cycles* crlf))

(deffacts start (counter 0))
"""


def joins_program(n):
    """A join-heavy program over 5*n facts: three 5-pattern rules with equality joins."""
    assert all(n % p for p in (7, 11, 13, 17, 19)), "the multipliers must be prime to n"
    return "\n".join([
        f";;; Joins over {5 * n} facts: a synthetic join-heavy program (5-pattern rules, equality",
        ";;; joins). Written by benches/programs/generate.py -- edit that, not this file. Prints",
        ";;; how many chains each rule matched and checksums of them (independent of firing order).",
        "",
        f"(defglobal ?*n* = {n} ?*forward* = 0 ?*forward-sum* = 0",
        "           ?*backward* = 0 ?*backward-sum* = 0 ?*cycles* = 0)",
        JOINS_RULES,
    ])


# ---------------------------------------------------------------- Churn

CHURN_RULES = r"""
;;; Each `produce` firing asserts one batch of facts (item BATCH K) and an (expire OLD) fact
;;; for the batch made ?*window* batches before; `consume` then retracts that batch's items
;;; one firing each. Working memory holds about ?*window* batches of items throughout.

(defrule produce
  ?c <- (counter ?b&:(< ?b (+ ?*batches* ?*window*)))
  =>
  (retract ?c)
  (if (< ?b ?*batches*) then
    (loop-for-count (?k 1 ?*batch-size*)
      (assert (item ?b ?k))))
  (assert (expire (- ?b ?*window*)))
  (assert (counter (+ ?b 1))))

(defrule consume
  (declare (salience 10))
  (expire ?b)
  ?f <- (item ?b ?k)
  =>
  (retract ?f)
  (bind ?*retracted* (+ ?*retracted* 1))
  (bind ?*checksum* (+ ?*checksum* ?b ?k)))

(defrule expired
  (declare (salience 5))
  ?e <- (expire ?)
  =>
  (retract ?e))

(defrule report
  (declare (salience -10))
  (counter ?)
  (not (item $?))
  =>
  (printout t "items asserted and retracted " ?*retracted* ", checksum " ?*checksum* crlf))

(deffacts start (counter 0))
"""


def churn_program(batches, batch_size=10, window=1000):
    """Asserts and retracts batches*batch_size facts, about window batches in memory at once."""
    return "\n".join([
        f";;; Churn: {batches * batch_size} facts asserted and retracted, in batches of {batch_size},",
        f";;; about {window * batch_size} of them in working memory at a time. Written by",
        ";;; benches/programs/generate.py -- edit that, not this file. Prints how many items",
        ";;; were retracted and the sum of their fields.",
        "",
        f"(defglobal ?*batches* = {batches} ?*batch-size* = {batch_size} ?*window* = {window}",
        "           ?*retracted* = 0 ?*checksum* = 0)",
        CHURN_RULES,
    ])


# ---------------------------------------------------------------- Loading many rules

def many_rules_program(count, seed=1991):
    """`count` distinct rules of 2 to 6 patterns over 20 templates, for timing the loader.

    The rules look like an application's: constants, joins on shared variables, predicate
    and negated constraints, `not` and `test` conditional elements, salience, and
    actions that assert, modify and print. Nothing matches them (no deffacts), so running
    the program only prints the rule count.
    """
    import random
    rng = random.Random(seed)
    templates = [(f"t{k}", [f"s{j}" for j in range(3 + k % 4)]) for k in range(20)]
    symbols = ["red", "green", "blue", "open", "closed", "high", "low", "yes", "no", "pending"]
    out = [f";;; {count} rules for timing the loader: generated by benches/programs/generate.py",
           ";;; (edit that, not this file). Nothing matches them; running prints the count.",
           ""]
    for name, slots in templates:
        out.append(f"(deftemplate {name} " + " ".join(f"(slot {s})" for s in slots) + ")")
    out.append("")

    def constant():
        return rng.choice(symbols) if rng.random() < 0.6 else str(rng.randrange(100))

    for r in range(count):
        bound = []          # variables bound so far
        fact_vars = []      # (variable, template, slots) of patterns bound to a fact
        lhs = []
        n_patterns = rng.randint(2, 6)
        for p in range(n_patterns):
            name, slots = rng.choice(templates)
            negated = p > 0 and rng.random() < 0.15
            fields = []
            new_here = []
            for s in rng.sample(slots, rng.randint(1, len(slots))):
                roll = rng.random()
                var = f"x{len(bound) + len(new_here) + 1}"
                if bound and roll < 0.35:
                    fields.append(f"({s} ?{rng.choice(bound)})")
                elif roll < 0.55 or (negated and roll >= 0.65):
                    fields.append(f"({s} {constant()})")
                elif roll < 0.65:
                    fields.append(f"({s} ~{constant()})")
                elif roll < 0.75 and bound:
                    fields.append(f"({s} ?{var}&:(> ?{var} ?{rng.choice(bound)}))")
                    new_here.append(var)
                else:
                    fields.append(f"({s} ?{var})")
                    new_here.append(var)
            pattern = f"({name} " + " ".join(fields) + ")"
            if negated:
                lhs.append(f"  (not {pattern})")
            elif rng.random() < 0.4:
                fact = f"f{p}"
                lhs.append(f"  ?{fact} <- {pattern}")
                fact_vars.append((fact, name, slots))
            else:
                lhs.append(f"  {pattern}")
            if not negated:
                bound.extend(new_here)  # a variable first met inside `not` is local to it
        if len(bound) >= 2 and rng.random() < 0.3:
            x, y = rng.sample(bound, 2)
            lhs.append(f"  (test (neq ?{x} ?{y}))")
        rhs = []
        name, slots = rng.choice(templates)
        values = [f"({s} ?{rng.choice(bound)})" if bound and rng.random() < 0.5
                  else f"({s} {constant()})" for s in slots[:rng.randint(1, len(slots))]]
        rhs.append(f"  (assert ({name} " + " ".join(values) + "))")
        if fact_vars and rng.random() < 0.5:
            fact, _, fslots = rng.choice(fact_vars)
            rhs.append(f"  (modify ?{fact} ({rng.choice(fslots)} {constant()}))")
        if bound and rng.random() < 0.3:
            rhs.append(f"  (printout t \"rule {r}: \" ?{rng.choice(bound)} crlf)")
        header = f"(defrule rule-{r:04d}"
        if rng.random() < 0.2:
            header += f"\n  (declare (salience {rng.randint(-10, 10)}))"
        out.append(header)
        out.extend(lhs)
        out.append("  =>")
        out.extend(rhs)
        out[-1] += ")"
        out.append("")
    out.append("(defrule report")
    out.append("  =>")
    out.append(f"  (printout t \"{count} rules loaded\" crlf))")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Cost per fact

FACT_COST_TEMPLATES = r"""
(deftemplate item (slot id) (slot group))
(deftemplate probe (slot id) (slot group))
"""

# Two rules that keep every item in join memories, one with items on the left of a join
# (a token per item), one on the right (items hashed by group: a group gains items as
# working memory grows). No probe fact ever exists, so neither fires.
FACT_COST_JOINS = r"""
(defrule item-then-probe
  (item (id ?i))
  (probe (id ?i))
  =>)

(defrule probe-then-items
  (probe (group ?g))
  (item (group ?g))
  =>)
"""

FACT_COST_MEASURE = r"""
;; Fills working memory with ?*size* items, then asserts and retracts ?*cycles* more items
;; one at a time, timing each phase with (time).
(defrule measure
  =>
  (bind ?t0 (time))
  (loop-for-count (?i 1 ?*size*)
    (assert (item (id ?i) (group (mod ?i 100)))))
  (bind ?t1 (time))
  (loop-for-count (?i 1 ?*cycles*)
    (bind ?f (assert (item (id (+ ?*size* ?i)) (group (mod ?i 100)))))
    (retract ?f))
  (bind ?t2 (time))
  (printout t "rules " ?*rules* " size " ?*size*
              " fill-ns-per-fact " (integer (/ (* 1e9 (- ?t1 ?t0)) ?*size*))
              " ns-per-assert-retract " (integer (/ (* 1e9 (- ?t2 ?t1)) ?*cycles*)) crlf))
"""

FACT_COST_SIZES = {"1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000}


def fact_cost_program(size, joins, cycles=100_000):
    """Times one assert+retract with `size` facts in working memory (prints timings); with
    `joins`, two rules hold the facts in join memories, else working memory alone does."""
    rules = "joins" if joins else "none"
    return "\n".join([
        f";;; Cost per fact with {size} facts in working memory, "
        + ("two rules joining them" if joins else "no rules matching them") + ": written by",
        ";;; benches/programs/generate.py (edit that, not this file); run by benches/vs-clips",
        ";;; --fact-cost. Prints nanoseconds per fact filled and per assert+retract at that size.",
        "",
        f"(defglobal ?*rules* = {rules} ?*size* = {size} ?*cycles* = {cycles})",
        FACT_COST_TEMPLATES + (FACT_COST_JOINS if joins else "") + FACT_COST_MEASURE,
    ])


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def main():
    for n in (16, 32, 64, 128):
        write(f"manners_{n}.clp", manners_program(n))
    for n in (12, 25, 50):
        write(f"waltz_{n}.clp", waltz_program(n))
    write("joins_10k.clp", joins_program(2_000))
    write("joins_100k.clp", joins_program(20_000))
    write("churn_100k.clp", churn_program(10_000))
    write("churn_1m.clp", churn_program(100_000))
    write("rules_1000.clp", many_rules_program(1000))
    os.makedirs(os.path.join(HERE, "fact_cost"), exist_ok=True)
    for label, size in FACT_COST_SIZES.items():
        for joins in (False, True):
            name = f"{'joins' if joins else 'plain'}_{label}.clp"
            write(os.path.join("fact_cost", name), fact_cost_program(size, joins))


if __name__ == "__main__":
    main()
