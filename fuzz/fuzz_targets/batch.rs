//! A batch file of commands, executed as `clips -f` executes it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    salience_fuzz::enter_scratch();
    let text = salience_fuzz::text(data);
    if salience_fuzz::runnable(&text) {
        salience_fuzz::batch(&text);
    }
});
