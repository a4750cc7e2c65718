//! A program file, loaded, reset and run under limits.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    salience_fuzz::enter_scratch();
    let text = salience_fuzz::text(data);
    if salience_fuzz::runnable(&text) {
        salience_fuzz::load_and_run(&text);
    }
});
