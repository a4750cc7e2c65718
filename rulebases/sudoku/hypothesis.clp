;;; Level 8 — trial and error, the last resort, run by the engine's defhypothesis when every
;;; rule of the levels below is stuck. Each remaining candidate is an alternative: assumed
;;; true (the value is placed) or false (the candidate is eliminated), then propagated with the
;;; singles (module SINGLES) alone. The engine keeps what is proven, cheapest level first:
;;; T&E(1) (an assumption that leads to a contradiction is refuted), BLISS(1) (assume a candidate
;;; true and false and keep what both branches agree on), T&E(2) (T&E(1) run inside an assumption,
;;; its refutations accumulated, until that assumption contradicts; strongest assumptions first,
;;; going on while they are refuted), and last BLISS(2) (pairs of alternatives; quadratic, so it
;;; comes after T&E(2), which solved every hard-list puzzle that finished in time). After each proof
;;; the ordinary rules run again, so the techniques of the lower levels are tried first.

(deffunction MAIN::place-candidate (?c)
  "Assume candidate ?c true: its cell holds its value"
  (assert (placed (cell (fact-slot-value ?c cell)) (value (fact-slot-value ?c value)))))

(deffunction drop-candidate (?c)
  "Assume candidate ?c false: eliminate it"
  (retract ?c))

(defhypothesis trial-and-error
  "Assume a candidate true or false, run the singles, and keep what contradictions prove"
  (hypothesis candidate)
  (assume-true place-candidate)
  (assume-false drop-candidate)
  (contradiction contradiction)
  (solved solved)
  (keep candidate placed)
  (propagate SINGLES)
  (levels te1 bliss1 te2 bliss2))
