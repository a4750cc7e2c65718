//! Balanced-input reading: gathering lines until the parentheses of what was typed
//! balance, with strings and `;` comments respected.

use super::{LineSource, Read};
use std::io;

/// Tracks the nesting of the text fed so far.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Balance {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Balance {
    /// Feeds one line (without its newline) of input.
    pub fn feed(&mut self, line: &str) {
        for c in line.chars() {
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if c == '\\' {
                    self.escaped = true;
                } else if c == '"' {
                    self.in_string = false;
                }
                continue;
            }
            match c {
                ';' => break,
                '"' => self.in_string = true,
                '(' => self.depth += 1,
                ')' => self.depth -= 1,
                _ => {}
            }
        }
    }

    /// Whether everything fed so far forms complete top-level items: no string is
    /// open and no parenthesis is left unclosed (a stray `)` counts as complete, for
    /// the reader to report).
    pub fn is_complete(&self) -> bool {
        !self.in_string && self.depth <= 0
    }

    /// Whether the text fed so far ends inside a string.
    pub fn in_string(&self) -> bool {
        self.in_string
    }
}

/// Reads lines from `source` until they form complete top-level items, prompting with
/// `prompt` for the first line and with nothing for continuation lines, as CLIPS does.
/// Returns the lines joined with newlines, or `None` at the end of input (an
/// unfinished item is dropped). Input that is only blanks and comments is skipped.
/// An interrupt (Ctrl-C) discards what was typed and starts over.
pub fn read_items(source: &mut dyn LineSource, prompt: &str) -> io::Result<Option<String>> {
    let mut text = String::new();
    let mut balance = Balance::default();
    loop {
        let line_prompt = if text.is_empty() { prompt } else { "" };
        match source.read_line(line_prompt)? {
            Read::End => return Ok(None),
            Read::Interrupted => {
                text.clear();
                balance = Balance::default();
            }
            Read::Line(line) => {
                balance.feed(&line);
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&line);
                if balance.is_complete() {
                    if is_blank(&text) {
                        text.clear();
                        balance = Balance::default();
                    } else {
                        return Ok(Some(text));
                    }
                }
            }
        }
    }
}

/// Whether `text` holds nothing but whitespace and `;` comments.
fn is_blank(text: &str) -> bool {
    text.lines()
        .all(|l| l.split(';').next().unwrap_or("").trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::Scripted;

    fn balanced(lines: &[&str]) -> bool {
        let mut b = Balance::default();
        lines.iter().for_each(|l| b.feed(l));
        b.is_complete()
    }

    #[test]
    fn parentheses_balance() {
        assert!(balanced(&["(facts)"]));
        assert!(!balanced(&["(defrule r"]));
        assert!(!balanced(&["(defrule r", "  (a)"]));
        assert!(balanced(&["(defrule r", "  (a)", "  =>)"]));
        assert!(balanced(&["x"]));
        assert!(balanced(&[")"]));
    }

    #[test]
    fn strings_and_comments_are_respected() {
        assert!(!balanced(&["(printout t \"(\" crlf"]));
        assert!(balanced(&["(printout t \"(\" crlf)"]));
        assert!(balanced(&["(printout t \")\\\"(\")"]));
        assert!(!balanced(&["(printout t \"two", "lines ) )"]));
        assert!(balanced(&["(printout t \"two", "lines\")"]));
        assert!(!balanced(&["(facts ; a comment )"]));
        assert!(balanced(&["(facts ; a comment (", ")"]));
    }

    #[test]
    fn reads_until_balanced_and_skips_blank_input() {
        let mut source = Scripted::new([
            "",
            "; only a comment",
            "(defrule r",
            "  (a)",
            "=>)",
            "(run)",
        ]);
        let first = read_items(&mut source, "CLIPS> ").unwrap();
        assert_eq!(first.as_deref(), Some("(defrule r\n  (a)\n=>)"));
        let second = read_items(&mut source, "CLIPS> ").unwrap();
        assert_eq!(second.as_deref(), Some("(run)"));
        assert_eq!(read_items(&mut source, "CLIPS> ").unwrap(), None);
        assert_eq!(
            source.prompts,
            ["CLIPS> ", "CLIPS> ", "CLIPS> ", "", "", "CLIPS> ", "CLIPS> "]
        );
    }

    #[test]
    fn unfinished_input_at_the_end_is_dropped() {
        let mut source = Scripted::new(["(defrule r"]);
        assert_eq!(read_items(&mut source, "CLIPS> ").unwrap(), None);
    }
}
