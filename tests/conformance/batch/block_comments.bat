;;; a /* ... */ block between constructs in a loaded file is one [CSTRCPSR1] error (with the file and line), after which CLIPS skips to the next construct; the constructs around it load and run
(load "block_comments.part")
(reset)
(run)
(exit)
