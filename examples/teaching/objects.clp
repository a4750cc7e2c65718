;;; Objects (COOL): classes, instances and message-handlers beside facts.
;;; Try: Step: each firing of take-order makes an ORDER instance (see the Instances
;;;      pane) and sends it the total message. Change the price of pen in the
;;;      definstances and run again. Add a class (defclass GIFT (is-a ORDER)) with a
;;;      slot wrapping, and make a GIFT in take-order: it inherits total.

(defclass PRODUCT (is-a USER)
   (slot price (default 0)))

(defclass ORDER (is-a USER)
   (slot product)
   (slot quantity (default 1)))

(defmessage-handler ORDER total ()
   (* ?self:quantity (send ?self:product get-price)))

(definstances catalog
   (pen of PRODUCT (price 2))
   (book of PRODUCT (price 15)))

(deffacts orders
   (order pen 3)
   (order book 2))

(defrule take-order "An order fact becomes an ORDER instance"
   ?f <- (order ?product ?quantity)
   =>
   (retract ?f)
   (bind ?o (make-instance of ORDER
               (product (symbol-to-instance-name ?product))
               (quantity ?quantity)))
   (printout t ?o ": " ?quantity " x " ?product " = " (send ?o total) crlf))
