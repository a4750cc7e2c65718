;;; (clear) keeps the environment's settings: fact duplication, dynamic constraint checking, reset globals
(set-fact-duplication TRUE)
(set-dynamic-constraint-checking TRUE)
(set-reset-globals FALSE)
(clear)
(get-fact-duplication)
(get-dynamic-constraint-checking)
(get-reset-globals)
(exit)
