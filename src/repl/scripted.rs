//! A scripted [`LineSource`] for testing sessions without a terminal.

use super::{LineSource, Read};
use std::collections::VecDeque;
use std::io;

/// A fixed list of lines, for tests; records the prompts it was given.
#[derive(Debug, Default)]
pub struct Scripted {
    lines: VecDeque<String>,
    /// Every prompt shown, in order.
    pub prompts: Vec<String>,
}

impl Scripted {
    /// A source that yields `lines` and then the end of input.
    pub fn new<S: Into<String>>(lines: impl IntoIterator<Item = S>) -> Self {
        Scripted {
            lines: lines.into_iter().map(Into::into).collect(),
            prompts: Vec::new(),
        }
    }
}

impl LineSource for Scripted {
    fn read_line(&mut self, prompt: &str) -> io::Result<Read> {
        self.prompts.push(prompt.to_string());
        Ok(self.lines.pop_front().map_or(Read::End, Read::Line))
    }
}
