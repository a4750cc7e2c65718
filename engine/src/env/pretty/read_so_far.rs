//! The construct CLIPS shows after `ERROR:` when it finds a problem in a construct:
//! the pretty-print buffer it builds while parsing, which holds the construct as far
//! as it was read. The [`Printer`] lays the construct read so far out as it lays out
//! whole constructs and records, for each token, where the buffer ends once that
//! token is read, with what CLIPS had saved beyond the final layout at that point
//! (a space or line break saved before reading on).

use super::{Cuts, Printer};
use crate::syntax::sexpr::{read_prefix, skip_blanks};

/// The construct read so far, as CLIPS shows it after `ERROR:` when it finds a
/// problem in a construct: its pretty-print buffer, laid out as [`super::render`]
/// lays out whole constructs, cut just past the last token read.
///
/// `source` starts at the construct's `(` and may stop anywhere (unbalanced, or
/// not a well-formed construct); `module` is the module CLIPS names it in;
/// `read_to` is the offset in `source` just past the last character CLIPS had
/// read. CLIPS read to the end of the input when `read_to` is past the end of
/// `source`, or when only blanks lie between the last token and `read_to` and
/// after it: the buffer then ends with what CLIPS saved before reading the next
/// item (such as the line break before an action). The result has no trailing
/// newline.
pub fn read_so_far(source: &str, module: &str, read_to: usize) -> String {
    let past_end = read_to > source.len();
    let mut read_to = read_to.min(source.len());
    while !source.is_char_boundary(read_to) {
        read_to -= 1;
    }
    let read = &source[..read_to];
    let Some((construct, open)) = read_prefix(read) else {
        return String::new();
    };
    let at_end = past_end
        || (read.trim_end().len() < read_to
            && skip_blanks(&source[read_to..]) == source.len() - read_to);
    let cuts = Cuts {
        marks: Vec::new(),
        read_to,
        open_at_end: open.filter(|_| at_end).map(|start| (start, read_to)),
    };
    let mut p = Printer::new(Some(cuts));
    p.construct(&construct, module);
    let marks = p.cuts.map(|c| c.marks).unwrap_or_default();
    // The last mark at or before `read_to`, the latest recorded among equals.
    let mark = marks
        .iter()
        .enumerate()
        .filter(|(_, m)| m.read_to <= read_to)
        .max_by_key(|(i, m)| (m.read_to, *i))
        .map(|(_, m)| m);
    match mark {
        Some(mark) => {
            let mut buffer = p.out[..mark.kept].to_string();
            buffer.push_str(&mark.then);
            buffer
        }
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::read_so_far;
    use crate::env::pretty::render;

    /// What CLIPS shows after `ERROR:` for `source` read up to the end of `last`
    /// (its first occurrence).
    fn echo(source: &str, last: &str) -> String {
        let at = source.find(last).expect("in the source") + last.len();
        read_so_far(source, "MAIN", at)
    }

    #[test]
    fn the_construct_read_so_far_is_cut_after_the_last_token_read() {
        // A syntax error inside a pattern: CLIPS stops on the `(` of `(b`.
        assert_eq!(
            echo("(defrule bad2 (a (b 1)) =>)", "(a ("),
            "(defrule MAIN::bad2\n   (a ("
        );
        // A wrong argument type, found when the call closes.
        assert_eq!(
            echo("(deffunction test-return () (+ 1 a))", "a)"),
            "(deffunction MAIN::test-return\n   ()\n   (+ 1 a)"
        );
        assert_eq!(
            echo("(defglobal ?*x* = (+ 1 a))", "a)"),
            "(defglobal MAIN ?*x* = (+ 1 a)"
        );
        // A module's port starts a line of its own.
        assert_eq!(
            echo("(defmodule B (import A ?ALL))", "A"),
            "(defmodule B\n   (import A"
        );
        // An analysis error once the whole rule is read: the whole rule.
        let rule = "(defrule r (a ?x) (test (> ?x ?y)) => (assert (b)))";
        assert_eq!(
            read_so_far(rule, "MAIN", rule.len()),
            render(rule, "MAIN").unwrap()
        );
    }

    #[test]
    fn what_clips_saved_before_the_next_token_is_kept() {
        // The value of a `type` attribute is followed by the space saved after it.
        assert_eq!(
            echo(
                "(deftemplate t (slot x (type INTEGERFLOAT)))",
                "INTEGERFLOAT"
            ),
            "(deftemplate MAIN::t\n   (slot x (type INTEGERFLOAT "
        );
        // A `)` read too soon keeps the space saved before it.
        assert_eq!(
            echo("(defclass A (is-a))", "(is-a)"),
            "(defclass MAIN::A\n   (is-a )"
        );
        // The end of the input after an action: the line begun for the next one.
        let source = "(deffunction f ()\n  (+ 3 4)\n";
        assert_eq!(
            read_so_far(source, "MAIN", source.len()),
            "(deffunction MAIN::f\n   ()\n   (+ 3 4)\n   "
        );
        let source = source.trim_end();
        assert_eq!(
            read_so_far(source, "MAIN", source.len() + 1),
            "(deffunction MAIN::f\n   ()\n   (+ 3 4)\n   "
        );
        // A handler's name is read on a line of its own.
        assert_eq!(
            echo("(defmessage-handler bogus-class foo ())", "foo"),
            "(defmessage-handler MAIN::bogus-class\n   foo"
        );
    }

    #[test]
    fn names_that_are_not_names_are_shown_as_read() {
        assert_eq!(echo("(defmethod )", ")"), "(defmethod )");
        assert_eq!(echo("(defrule B::foo)", "B::foo"), "(defrule B::foo");
        assert_eq!(echo("(defrule c3)", ")"), "(defrule MAIN::c3)");
    }

    #[test]
    fn any_prefix_of_any_text_is_shown_without_panicking() {
        let texts = [
            "(defrule r \"c\" ?f <- (a ?x&:(> ?x 1)|~2) (not (b)) => (if ?x then (x) else (y)))",
            "(deftemplate t (slot a (type INTEGER) (range 1 ?VARIABLE)) (multislot b))",
            "(defclass C (is-a USER) (slot s (default 1) (access read-only)))",
            "(defmethod m 3 ((?a INTEGER (> ?a 0)) $?rest) (call-next-method))",
            "(defmessage-handler C h before (?x) \"é\" (bind ?self:s ?x))",
            "(definstances i (a of C (s 1)))",
            "(defglobal M ?*a* = 1 ?*b* = \"unterminated",
            "(defmodule M (export ?ALL) (import N deftemplate t))",
            "(deffacts f (a =(+ 1 2)) ; comment (\n (b))",
            ")(",
            "",
        ];
        for text in texts {
            for read_to in 0..=text.len() + 1 {
                let shown = read_so_far(text, "MAIN", read_to);
                assert!(shown.len() <= 4 * text.len() + 64, "{text:?} {read_to}");
            }
        }
    }
}
