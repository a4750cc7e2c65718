//! CLIPS's message texts, word for word: the one table of what CLIPS 6.41 prints
//! for an error or a warning, so that a transcript made on Salience is the one
//! CLIPS makes.
//!
//! Each function returns one message as CLIPS prints it: `[ID] text`, with the
//! lines of a message of several lines separated by `\n` and no final newline.
//! Where CLIPS starts a new line before the id (its `PrintErrorID` called with
//! `printCR`), the text starts with `\n`: [`Message::print`] writes a message so.
//! Messages are grouped by the part of CLIPS that prints them, one module each,
//! named after CLIPS's message-id prefix family; the ids are CLIPS's own, so that
//! `grep ARGACCES1` finds both sides.
//!
//! Salience's own diagnostics (the caret snippets of `--diagnostics rich`) are
//! not here: they say the same thing in Salience's words, next to the source.

pub mod analysis;
pub mod args;
pub mod bload;
pub mod classfun;
pub mod classpsr;
pub mod clsltpsr;
pub mod constraints;
pub mod constrct;
pub mod constructs;
pub mod default;
pub mod dffnxfun;
pub mod dffnxpsr;
pub mod drive;
pub mod emathfun;
pub mod evaluatn;
pub mod exprnpsr;
pub mod factmch;
pub mod factqpsr;
pub mod factrhs;
pub mod facts;
pub mod genrc;
pub mod globldef;
pub mod inherpsr;
pub mod inscom;
pub mod insfile;
pub mod insfun;
pub mod insmngr;
pub mod insmoddp;
pub mod insmult;
pub mod insqypsr;
pub mod modulpsr;
pub mod msgcom;
pub mod msgfun;
pub mod msgpass;
pub mod msgpsr;
pub mod multifun;
pub mod objrtbld;
pub mod objrtmch;
pub mod pattern;
pub mod patterns;
pub mod prntutil;
pub mod procedures;
pub mod rulecstr;
pub mod rulelhs;
pub mod rulepsr;
pub mod strngfun;
pub mod templates;
pub mod textpro;

/// A message in CLIPS's words.
pub type Message = String;

/// Inserts a load's position, `FILE, Line N: `, after the id of a message, as CLIPS
/// does for the errors it finds while loading a file:
/// `[ANALYSIS4] ceerr.clp, Line 5: Variable ?x ...`.
pub fn at_line(message: &str, file: &str, line: usize) -> String {
    let start = message.len() - message.trim_start_matches('\n').len();
    match message[start..].find("] ") {
        Some(close) => {
            let split = start + close + 2;
            format!(
                "{}{file}, Line {line}: {}",
                &message[..split],
                &message[split..]
            )
        }
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_load_position_goes_after_the_id() {
        assert_eq!(
            at_line("\n[ANALYSIS4] Variable ?x was referenced", "ceerr.clp", 5),
            "\n[ANALYSIS4] ceerr.clp, Line 5: Variable ?x was referenced"
        );
        assert_eq!(at_line("no id", "a.clp", 1), "no id");
    }
}
