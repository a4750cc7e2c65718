;;; mutually recursive deffunctions (declared before definition), deffunction calling rules' facts via queries
(deffunction is-odd (?n))
(deffunction is-even (?n) (if (= ?n 0) then TRUE else (is-odd (- ?n 1))))
(deffunction is-odd (?n) (if (= ?n 0) then FALSE else (is-even (- ?n 1))))
(deffunction hanoi (?n ?from ?to ?via)
   (if (> ?n 0) then
      (hanoi (- ?n 1) ?from ?via ?to)
      (printout t "move disk " ?n " " ?from "->" ?to crlf)
      (hanoi (- ?n 1) ?via ?to ?from)))
(defrule go
   =>
   (printout t "7 even? " (is-even 7) " 10 even? " (is-even 10) crlf)
   (hanoi 3 A C B))
