//! Pictures of a puzzle and what is known of its shading: a text grid and an SVG image.

use crate::grid::{Puzzle, Shade, Shading};
use std::fmt::Write;

/// The shade of cell `i`, unknown when there is no shading.
fn shade(shading: Option<&Shading>, i: usize) -> Shade {
    shading.map_or(Shade::Unknown, |s| s.cells[i])
}

/// A text grid: white cells show their number, shaded cells `#`, undecided cells their
/// number followed by `?`. Columns are as wide as the largest number.
pub fn text(puzzle: &Puzzle, shading: Option<&Shading>) -> String {
    let width = puzzle
        .values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for r in 0..puzzle.rows {
        let cells: Vec<String> = (0..puzzle.cols)
            .map(|c| {
                let i = r * puzzle.cols + c;
                match shade(shading, i) {
                    Shade::Black => "#".repeat(width + 1),
                    Shade::White => format!("{:>width$} ", puzzle.values[i]),
                    Shade::Unknown => format!("{:>width$}?", puzzle.values[i]),
                }
            })
            .collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// An SVG picture: shaded cells filled black, undecided cells grey, numbers in every cell.
pub fn svg(puzzle: &Puzzle, shading: Option<&Shading>) -> String {
    const CELL: usize = 32;
    let (w, h) = (puzzle.cols * CELL + 2, puzzle.rows * CELL + 2);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\">\n",
        CELL / 2
    );
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let i = r * puzzle.cols + c;
            let (x, y) = (1 + c * CELL, 1 + r * CELL);
            let (fill, ink) = match shade(shading, i) {
                Shade::Black => ("#222", "#fff"),
                Shade::White => ("#fff", "#000"),
                Shade::Unknown => ("#ddd", "#000"),
            };
            let _ = writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#888\"/>\
                 <text x=\"{}\" y=\"{}\" fill=\"{ink}\">{}</text>",
                x + CELL / 2,
                y + CELL * 2 / 3,
                puzzle.values[i]
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_marks_shaded_white_and_unknown_cells() {
        let p = Puzzle::from_rows(vec![vec![1, 10], vec![10, 1]]).unwrap();
        let s = Shading::from_row_strings(&["#.", "?."]).unwrap();
        assert_eq!(text(&p, Some(&s)), "### 10\n10?  1\n");
    }

    #[test]
    fn svg_has_one_rect_per_cell() {
        let p = Puzzle::from_rows(vec![vec![1, 2], vec![2, 1]]).unwrap();
        let s = Shading::from_row_strings(&["#.", ".#"]).unwrap();
        let svg = svg(&p, Some(&s));
        assert_eq!(svg.matches("<rect").count(), 4);
        assert_eq!(svg.matches("fill=\"#222\"").count(), 2);
    }
}
