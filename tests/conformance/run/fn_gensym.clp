;;; gensym and gensym* (unique symbols), setgen to restart the counter
(defrule go
   =>
   (printout t (gensym) " " (gensym) crlf)
   (setgen 10)
   (printout t (gensym) " " (gensym*) crlf)
   (assert (gen5))
   (setgen 5)
   (printout t "gensym* skips existing symbols: " (gensym*) crlf)
   (printout t "symbolp " (symbolp (gensym)) crlf))
