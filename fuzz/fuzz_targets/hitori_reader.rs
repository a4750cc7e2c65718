//! The Hitori readers (a leading byte below 8 picks the format; detected otherwise), then the renderers.
#![no_main]

use salience_hitori::read::{read, Format};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (choice, rest) = salience_fuzz::choice(data);
    let format = choice.and_then(|c| Format::ALL.get(usize::from(c)).copied());
    let text = salience_fuzz::text(rest);
    for entry in read(&text, format).into_iter().flatten().flatten() {
        salience_hitori::render::text(&entry.puzzle, None);
        salience_hitori::render::svg(&entry.puzzle, None);
    }
});
