//! The Kakuro readers (a leading byte below 8 picks the format; detected otherwise), then the renderers.
#![no_main]

use salience_kakuro::read::{read, Format};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (choice, rest) = salience_fuzz::choice(data);
    let format = choice.and_then(|c| Format::ALL.get(usize::from(c)).copied());
    let text = salience_fuzz::text(rest);
    for entry in read(&text, format).into_iter().flatten() {
        if let Ok(puzzle) = entry.puzzle {
            salience_kakuro::render::text(&puzzle, None);
            salience_kakuro::render::svg(&puzzle, None);
        }
    }
});
