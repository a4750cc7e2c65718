;;; string functions: str-cat sym-cat str-length sub-string str-index upcase lowcase str-compare string-to-field
(defrule go
   =>
   (printout t "str-cat [" (str-cat "a" b 1 2.5 "c d") "] " (stringp (str-cat a)) crlf)
   (printout t "sym-cat [" (sym-cat "a" b 1 2.5) "] " (symbolp (sym-cat "x")) crlf)
   (printout t "str-length " (str-length "hello") " " (str-length abc) " " (str-length "") crlf)
   (printout t "sub-string [" (sub-string 2 4 "abcdef") "] [" (sub-string 1 1 "abc") "] [" (sub-string 3 2 "abc") "] [" (sub-string 2 10 "abc") "]" crlf)
   (printout t "str-index " (str-index "cd" "abcdef") " " (str-index "x" "abc") " " (str-index "a" "banana") crlf)
   (printout t "upcase " (upcase "Hello World") " " (upcase sym) " lowcase " (lowcase "ABC def") " " (lowcase XYZ) crlf)
   (printout t "str-compare " (str-compare "a" "b") " " (str-compare "b" "a") " " (str-compare "abc" "abc") " " (str-compare "abc" "abd") crlf)
   (printout t "string-to-field " (string-to-field "42") " " (integerp (string-to-field "42")) " " (string-to-field "3.5 rest") " " (string-to-field "sym") crlf)
   (printout t "upcase keeps type: " (stringp (upcase "a")) " " (symbolp (upcase a)) crlf))
