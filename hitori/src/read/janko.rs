//! The janko.at collection (puzzlekit dataset): one JSON object whose `data` maps each
//! puzzle id to `{"problem": "R C\n<R rows of C numbers>", ...}`. Puzzles come in file order.

use super::{Entry, EntryError};
use crate::grid::Puzzle;
use serde_json::Value;

/// Reads every puzzle of the collection; a file that is not such JSON is an error.
pub(super) fn read(text: &str) -> super::Entries {
    let json: Value =
        serde_json::from_str(text).map_err(|e| format!("not a janko.at JSON collection: {e}"))?;
    let data = json
        .get("data")
        .and_then(Value::as_object)
        .ok_or("not a janko.at JSON collection: no \"data\" object")?;
    Ok(data
        .iter()
        .enumerate()
        .map(|(i, (id, entry))| {
            let index = i + 1;
            let line = line_of(text, id);
            let problem = entry.get("problem").and_then(Value::as_str);
            problem
                .ok_or_else(|| "no \"problem\" string".to_string())
                .and_then(parse_problem)
                .map(|puzzle| Entry {
                    index,
                    name: id.clone(),
                    puzzle,
                })
                .map_err(|message| EntryError {
                    index,
                    name: id.clone(),
                    line,
                    column: None,
                    message,
                })
        })
        .collect())
}

/// The 1-based line where the puzzle's id appears as a key.
fn line_of(text: &str, id: &str) -> usize {
    let key = format!("\"{id}\"");
    text.find(&key)
        .map_or(1, |pos| text[..pos].matches('\n').count() + 1)
}

fn parse_problem(problem: &str) -> Result<Puzzle, String> {
    let mut lines = problem.lines().filter(|l| !l.trim().is_empty());
    let header = lines.next().ok_or("the problem is empty")?;
    let dims: Vec<usize> = header
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("problem header '{header}' is not 'ROWS COLS'"))?;
    let [rows, cols] = dims[..] else {
        return Err(format!("problem header '{header}' is not 'ROWS COLS'"));
    };
    let grid: Vec<Vec<u32>> = lines
        .enumerate()
        .map(|(r, l)| {
            l.split_whitespace()
                .map(|t| {
                    t.parse()
                        .map_err(|_| format!("problem row {}: '{t}' is not a number", r + 1))
                })
                .collect()
        })
        .collect::<Result<_, _>>()?;
    if grid.len() != rows || grid.iter().any(|r| r.len() != cols) {
        return Err(format!(
            "the problem's rows do not make the {rows}x{cols} grid its header announces"
        ));
    }
    Puzzle::from_rows(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ids_and_reports_bad_entries() {
        let text = "{\"data\": {\n \"a_2x2\": {\"problem\": \"2 2\\n1 12\\n12 1\"},\n \"b\": {\"problem\": \"2 2\\n1 2\"}}}";
        let e = read(text).unwrap();
        let first = e[0].as_ref().unwrap();
        assert_eq!(
            (first.name.as_str(), first.puzzle.value(0, 1)),
            ("a_2x2", 12)
        );
        let err = e[1].as_ref().unwrap_err();
        assert_eq!((err.name.as_str(), err.line), ("b", 3));
        assert!(read("{\"x\": 1}").is_err());
    }
}
