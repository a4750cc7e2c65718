;;; format directives %d %f %e %g %s %n %% %c-free subset with widths, precisions, left-justify, nil destination
(defrule go
   =>
   (format t "[%d] [%5d] [%-5d] [%05d]%n" 42 42 42 42)
   (format t "[%f] [%.2f] [%8.3f] [%-8.1f] [%.0f]%n" 3.14159 3.14159 3.14159 3.14159 2.5)
   (format t "[%e] [%.2e] [%12.4e]%n" 12345.678 12345.678 0.000123)
   (format t "[%g] [%g] [%g] [%.3g] [%g]%n" 100000.0 1000000.0 0.0001 3.14159 1e-5)
   (format t "[%s] [%10s] [%-10s]%n" abc "a string" sym)
   (format t "100%% done%n")
   (format t "int as float [%f], float as int [%d]%n" 7 7.9)
   (format t "tab[%s]%t[%s]%n" a b)
   (bind ?s (format nil "%d-%s" 5 x))
   (printout t "format nil returned [" ?s "] string? " (stringp ?s) crlf)
   (format t "no newline")
   (format t "%n")
   (format t "%5.1f|%-6d|%3s|%n" -2.25 -7 "toolong")
   (printout t (format nil "%d items" 3) crlf))
