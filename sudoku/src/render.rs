//! Renderers: a text grid (values, or pencil marks for undecided cells) and an SVG picture.

use std::fmt::Write;

use crate::facts::Board;
use crate::grid::{symbol, Puzzle, Variant};

/// What a cell shows: its value (given or found) or its candidates.
enum Shown {
    Given(u8),
    Found(u8),
    Marks(u32),
}

fn shown(puzzle: &Puzzle, board: Option<&Board>, cell: usize) -> Shown {
    match (puzzle.cells[cell], board) {
        (g, _) if g != 0 => Shown::Given(g),
        (_, Some(b)) if b.values[cell] != 0 => Shown::Found(b.values[cell]),
        (_, Some(b)) => Shown::Marks(b.candidates[cell]),
        (_, None) => Shown::Marks(0),
    }
}

/// The grid as text. With every cell decided (or no board and no pencil marks wanted), one
/// symbol per cell; otherwise each cell is a √N×√N block of its candidates (pencil marks).
pub fn render_text(puzzle: &Puzzle, board: Option<&Board>) -> String {
    let n = puzzle.size;
    let b = puzzle.box_side;
    let marks = board.is_some_and(|bd| !bd.is_complete());
    let (width, height) = if marks { (b, b) } else { (1, 1) };
    let rule = {
        let segment = "-".repeat(b * (width + 1) + 1);
        let mut s = vec![segment; b].join("+");
        s.push('\n');
        s
    };
    let mut out = String::new();
    for row in 0..n {
        if row > 0 && row % b == 0 {
            out.push_str(&rule);
        }
        for line in 0..height {
            for col in 0..n {
                if col > 0 && col % b == 0 {
                    out.push_str(" |");
                }
                out.push(' ');
                let cell = row * n + col;
                for k in 0..width {
                    let ch = match shown(puzzle, board, cell) {
                        Shown::Given(v) | Shown::Found(v) if !marks => symbol(v),
                        Shown::Given(v) | Shown::Found(v) => {
                            if line == height / 2 && k == width / 2 {
                                symbol(v)
                            } else {
                                ' '
                            }
                        }
                        Shown::Marks(_) if !marks => '.',
                        Shown::Marks(m) => {
                            let v = line * width + k + 1;
                            if m & (1 << (v - 1)) != 0 {
                                symbol(v as u8)
                            } else {
                                '·'
                            }
                        }
                    };
                    out.push(ch);
                }
            }
            out.push('\n');
        }
        if marks && row + 1 < n && (row + 1) % b != 0 {
            out.push('\n');
        }
    }
    out
}

/// The grid as an SVG picture: givens in black, found values in blue, candidates small and grey.
pub fn render_svg(puzzle: &Puzzle, board: Option<&Board>) -> String {
    let n = puzzle.size;
    let b = puzzle.box_side;
    let cell = 40usize;
    let side = n * cell;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w}" viewBox="-2 -2 {w} {w}" font-family="sans-serif">"#,
        w = side + 4
    );
    let _ = writeln!(s, r#"<rect width="{side}" height="{side}" fill="white"/>"#);
    if puzzle.variant == Variant::X {
        let _ = writeln!(
            s,
            r##"<path d="M0 0L{side} {side}M{side} 0L0 {side}" stroke="#f0c0c0" stroke-width="6"/>"##
        );
    }
    for i in 0..=n {
        let w = if i % b == 0 { 3 } else { 1 };
        let p = i * cell;
        let _ = writeln!(
            s,
            r#"<path d="M{p} 0V{side}M0 {p}H{side}" stroke="black" stroke-width="{w}"/>"#
        );
    }
    for c in 0..n * n {
        let (x, y) = ((c % n) * cell, (c / n) * cell);
        match shown(puzzle, board, c) {
            Shown::Given(v) | Shown::Found(v) => {
                let colour = if puzzle.cells[c] != 0 {
                    "black"
                } else {
                    "#1f5fbf"
                };
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" font-size="24" text-anchor="middle" fill="{colour}">{}</text>"#,
                    x + cell / 2,
                    y + cell / 2 + 8,
                    symbol(v)
                );
            }
            Shown::Marks(m) => {
                let step = cell / b;
                for v in (1..=n).filter(|v| m & (1 << (v - 1)) != 0) {
                    let k = v - 1;
                    let _ = writeln!(
                        s,
                        r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#888">{}</text>"##,
                        x + (k % b) * step + step / 2,
                        y + (k / b) * step + step - 2,
                        step.saturating_sub(2).max(5),
                        symbol(v as u8)
                    );
                }
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_shows_values_then_pencil_marks() {
        let p = Puzzle::new(4, [1, 0, 0, 0].repeat(4), Variant::Standard).unwrap();
        let text = render_text(&p, None);
        assert_eq!(text.lines().next(), Some(" 1 . | . ."));
        let mut board = Board {
            size: 4,
            values: vec![0; 16],
            candidates: vec![0b1111; 16],
        };
        board.values[1] = 2;
        let marks = render_text(&p, Some(&board));
        assert!(
            marks.starts_with("       | 12 12\n  1  2 | 34 34\n"),
            "{marks}"
        );
        let svg = render_svg(&p, Some(&board));
        assert!(svg.starts_with("<svg") && svg.contains("#1f5fbf"));
    }
}
