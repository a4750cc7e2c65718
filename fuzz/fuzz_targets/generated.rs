//! A well-formed program from the generator (salience_fuzz::program): its files
//! written, its constructs loaded, then reset, run and its commands executed.
#![no_main]

use salience_fuzz::program::Program;

libfuzzer_sys::fuzz_target!(|program: Program| {
    salience_fuzz::enter_scratch();
    salience_fuzz::run_generated(&program);
});
