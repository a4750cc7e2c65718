//! The Sudoku readers (a leading byte below 8 picks the format and variant; lines otherwise), then the renderers.
#![no_main]

use salience_sudoku::read::{read, FORMATS};
use salience_sudoku::Variant;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (choice, rest) = salience_fuzz::choice(data);
    let format = choice.and_then(|c| FORMATS.get(usize::from(c % 4)).copied());
    let variant = match choice {
        Some(c) if c & 4 != 0 => Variant::X,
        _ => Variant::Standard,
    };
    let text = salience_fuzz::text(rest);
    for entry in read(&text, format, variant).into_iter().flatten() {
        if let Ok(puzzle) = entry.puzzle {
            salience_sudoku::render::render_text(&puzzle, None);
            salience_sudoku::render::render_svg(&puzzle, None);
        }
    }
});
