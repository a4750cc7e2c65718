//! Pictures of a puzzle and what is known of its answer: plain text and SVG.

use crate::grid::{Puzzle, Square};

/// The digit shown in a white cell: the answer's, or none when unknown.
fn digit_at(puzzle: &Puzzle, answer: Option<&[u8]>, r: usize, c: usize) -> Option<u8> {
    answer
        .and_then(|a| a.get(r * puzzle.cols + c).copied())
        .filter(|d| (1..=9).contains(d))
}

/// One row of the answer as JSON shows it: `-` for a non-white square, the digit of a white
/// cell, `.` for a white cell not yet decided.
pub fn answer_row(puzzle: &Puzzle, answer: &[u8], r: usize) -> String {
    (0..puzzle.cols)
        .map(|c| match puzzle.square(r, c) {
            Square::White => {
                digit_at(puzzle, Some(answer), r, c).map_or('.', |d| char::from(b'0' + d))
            }
            _ => '-',
        })
        .collect()
}

/// The grid as text, five characters a square: `  -  ` block, `16\7 ` clue, `  5  ` digit,
/// `  .  ` undecided cell.
pub fn text(puzzle: &Puzzle, answer: Option<&[u8]>) -> String {
    let mut out = String::new();
    for r in 0..puzzle.rows {
        let line: Vec<String> = (0..puzzle.cols)
            .map(|c| match puzzle.square(r, c) {
                Square::Block => "  -  ".to_string(),
                Square::Clue { down, across } => {
                    let side = |v: Option<u32>| v.map_or(String::new(), |n| n.to_string());
                    format!("{:>2}\\{:<2}", side(down), side(across))
                }
                Square::White => match digit_at(puzzle, answer, r, c) {
                    Some(d) => format!("  {d}  "),
                    None => "  .  ".to_string(),
                },
            })
            .collect();
        out.push_str(line.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// Side of a square in the SVG picture, in pixels.
const SIDE: usize = 40;

/// The grid as a standalone SVG document: dark clue squares split by a diagonal (down sum
/// bottom left, across sum top right), white cells with their digits.
pub fn svg(puzzle: &Puzzle, answer: Option<&[u8]>) -> String {
    let (w, h) = (puzzle.cols * SIDE, puzzle.rows * SIDE);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n"
    );
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let (x, y) = (c * SIDE, r * SIDE);
            let fill = if puzzle.square(r, c) == Square::White {
                "#fff"
            } else {
                "#333"
            };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{fill}\" stroke=\"#000\"/>\n"
            ));
            match puzzle.square(r, c) {
                Square::Block => {}
                Square::Clue { down, across } => {
                    out.push_str(&format!(
                        "<line x1=\"{x}\" y1=\"{y}\" x2=\"{}\" y2=\"{}\" stroke=\"#fff\"/>\n",
                        x + SIDE,
                        y + SIDE
                    ));
                    if let Some(d) = down {
                        out.push_str(&format!(
                            "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#fff\">{d}</text>\n",
                            x + 4,
                            y + SIDE - 5
                        ));
                    }
                    if let Some(a) = across {
                        out.push_str(&format!(
                            "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#fff\" text-anchor=\"end\">{a}</text>\n",
                            x + SIDE - 4,
                            y + 14
                        ));
                    }
                }
                Square::White => {
                    if let Some(d) = digit_at(puzzle, answer, r, c) {
                        out.push_str(&format!(
                            "<text x=\"{}\" y=\"{}\" font-size=\"24\" text-anchor=\"middle\">{d}</text>\n",
                            x + SIDE / 2,
                            y + SIDE - 11
                        ));
                    }
                }
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read, Format};

    #[test]
    fn renders_text_json_rows_and_svg() {
        let entries = read("- 4\\ 3\\\n\\3 . .\n\\4 . .\n", Some(Format::Plain)).unwrap();
        let p = entries[0].puzzle.clone().unwrap();
        let answer = vec![0, 0, 0, 0, 1, 2, 0, 3, 0];
        assert_eq!(answer_row(&p, &answer, 2), "-3.");
        let t = text(&p, Some(&answer));
        assert_eq!(t.lines().nth(1), Some("  \\3    1     2"));
        let s = svg(&p, Some(&answer));
        assert!(s.starts_with("<svg") && s.contains(">3</text>"));
    }
}
