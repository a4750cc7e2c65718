//! The Sevilla AI course format: one puzzle per line, a JSON list of rows of numbers.

use super::{lines, Entry, EntryError};
use crate::grid::Puzzle;

/// Reads every puzzle of the file.
pub(super) fn read(text: &str) -> Vec<Result<Entry, EntryError>> {
    lines::one_per_line(text, |line| {
        let rows: Vec<Vec<u32>> = serde_json::from_str(line).map_err(|e| {
            (
                Some(e.column()),
                format!("not a JSON list of rows of positive numbers: {e}"),
            )
        })?;
        Puzzle::from_rows(rows).map_err(|m| (None, m))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_and_reports_bad_json() {
        let e = read("[[1,2],[2,1]]\n[[1,2],[2,\n[[1,2],[3]]\n");
        assert_eq!(e[0].as_ref().unwrap().puzzle.values, vec![1, 2, 2, 1]);
        assert_eq!(e[1].as_ref().unwrap_err().line, 2);
        assert!(e[2].as_ref().unwrap_err().message.contains("row 2"));
    }
}
