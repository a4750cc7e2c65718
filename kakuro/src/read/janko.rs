//! The janko.at collection (puzzlekit JSON): `{"data": {"<id>": {"problem": "R C\n<rows>",
//! "solution": ...}}}`, problem tokens `-` block, `0` white, `D,A` clue; solution tokens `-` or a
//! digit. Puzzles keep the file's order; the stored solution is kept only as a test oracle.

use super::{checked, grid_from_rows, Entry, EntryError, Tokens};
use crate::grid::Puzzle;
use serde_json::Value;

/// The tokens of janko.at problems.
const TOKENS: Tokens = Tokens {
    white: "0",
    separator: ',',
};

/// Reads every entry of the `data` object, in file order.
pub(super) fn read(text: &str) -> Result<Vec<Entry>, String> {
    let json: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let data = json
        .get("data")
        .and_then(Value::as_object)
        .ok_or("expected a JSON object with a \"data\" object of puzzles")?;
    let mut ids: Vec<(usize, &String)> = data
        .keys()
        .map(|id| (text.find(&format!("\"{id}\"")).unwrap_or(usize::MAX), id))
        .collect();
    ids.sort();
    Ok(ids
        .into_iter()
        .enumerate()
        .map(|(i, (offset, id))| {
            let line = text
                .get(..offset)
                .map_or(1, |t| t.matches('\n').count() + 1);
            Entry {
                index: i + 1,
                name: id.clone(),
                puzzle: entry(&data[id], line),
            }
        })
        .collect())
}

/// Parses one entry found at `line` of the file.
fn entry(value: &Value, line: usize) -> Result<Puzzle, EntryError> {
    let fail = |message: String| EntryError {
        line,
        column: None,
        message,
    };
    let problem = value
        .get("problem")
        .and_then(Value::as_str)
        .ok_or_else(|| fail("the entry has no \"problem\" string".into()))?;
    let rows = sized_rows(problem).map_err(|m| fail(format!("problem: {m}")))?;
    let mut puzzle = grid_from_rows(&rows, TOKENS)
        .map_err(|(r, c, m)| fail(format!("problem row {}, column {}: {m}", r + 1, c + 1)))?;
    if let Some(solution) = value.get("solution").and_then(Value::as_str) {
        puzzle.known_solution =
            Some(digits(solution, &puzzle).map_err(|m| fail(format!("solution: {m}")))?);
    }
    checked(puzzle, line, |_| None)
}

/// The rows of a `R C\n<rows>` grid, checking the declared size.
fn sized_rows(text: &str) -> Result<Vec<&str>, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header = lines.next().ok_or("empty grid")?;
    let size: Vec<usize> = header
        .split_whitespace()
        .map(|t| {
            t.parse()
                .map_err(|_| format!("size line `{header}` is not `ROWS COLUMNS`"))
        })
        .collect::<Result<_, _>>()?;
    let [rows, cols] = size[..] else {
        return Err(format!("size line `{header}` is not `ROWS COLUMNS`"));
    };
    let body: Vec<&str> = lines.collect();
    if body.len() != rows {
        return Err(format!("{} rows given, {rows} declared", body.len()));
    }
    if let Some((r, row)) = body
        .iter()
        .enumerate()
        .find(|(_, row)| row.split_whitespace().count() != cols)
    {
        return Err(format!(
            "row {} has {} squares, {cols} declared",
            r + 1,
            row.split_whitespace().count()
        ));
    }
    Ok(body)
}

/// The solution grid as digits (0 for non-white squares), matching the puzzle's shape.
fn digits(text: &str, puzzle: &Puzzle) -> Result<Vec<u8>, String> {
    let rows = sized_rows(text)?;
    if rows.len() != puzzle.rows {
        return Err("its size differs from the problem's".into());
    }
    let mut out = Vec::with_capacity(puzzle.rows * puzzle.cols);
    for (r, row) in rows.iter().enumerate() {
        for (c, token) in row.split_whitespace().enumerate() {
            let digit = match token.parse::<u8>() {
                Ok(d @ 1..=9) => d,
                _ if token == "-" => 0,
                _ => {
                    return Err(format!(
                        "row {}, column {}: bad token `{token}`",
                        r + 1,
                        c + 1
                    ))
                }
            };
            if (digit != 0) != puzzle.is_white(r, c) {
                return Err(format!(
                    "row {}, column {}: `{token}` does not match the problem's square",
                    r + 1,
                    c + 1
                ));
            }
            out.push(digit);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"{"data": {
  "b": {"problem": "2 3\n- 4, 3,\n,3 0 0", "solution": "2 3\n- - -\n- 1 2"},
  "a": {"problem": "2 3\n- 4, 3,\n,3 0 x"}
}}"#;

    #[test]
    fn reads_in_file_order_with_oracle() {
        let entries = read(SAMPLE).unwrap();
        assert_eq!(entries[0].name, "b");
        let p = entries[0].puzzle.as_ref().unwrap();
        assert_eq!(p.known_solution.as_deref(), Some(&[0, 0, 0, 0, 1, 2][..]));
        let err = entries[1].puzzle.as_ref().unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.message.contains("unknown token `x`"), "{}", err.message);
    }

    #[test]
    fn rejects_non_json() {
        assert!(read("{nope").is_err());
    }
}
