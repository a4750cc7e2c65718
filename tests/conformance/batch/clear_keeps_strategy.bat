;;; (clear) keeps the conflict-resolution strategy
(set-strategy breadth)
(clear)
(get-strategy)
(exit)
