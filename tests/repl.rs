//! `salience repl` with standard input piped: scripted sessions read as plain lines.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `salience repl` with `script` on standard input.
fn repl(script: &str) -> Output {
    repl_with(&[], script)
}

/// [`repl`] with extra options after `repl`.
fn repl_with(options: &[&str], script: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_salience"))
        .arg("repl")
        .args(options)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the salience binary runs");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(script.as_bytes())
        .expect("write the script");
    child.wait_with_output().expect("the session ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_scripted_session_defines_resets_runs_and_exits() {
    let out = repl(
        "(deftemplate person (slot name) (slot age))\n\
         (defrule adult\n\
         \x20 (person (name ?n) (age ?a&:(>= ?a 18)))\n\
         \x20 =>\n\
         \x20 (printout t ?n \" is an adult\" crlf))\n\
         (deffacts people (person (name Ann) (age 30)) (person (name Bob) (age 10)))\n\
         (watch facts)\n\
         (reset)\n\
         (agenda)\n\
         (facts)\n\
         (run)\n\
         (+ 1 2)\n\
         (exit)\n\
         (printout t \"not reached\" crlf)\n",
    );
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        text(&out.stdout),
        "CLIPS> CLIPS> CLIPS> CLIPS> \
         CLIPS> ==> f-1     (person (name Ann) (age 30))\n\
         ==> f-2     (person (name Bob) (age 10))\n\
         CLIPS> 0      adult: f-1\n\
         For a total of 1 activation.\n\
         CLIPS> f-1     (person (name Ann) (age 30))\n\
         f-2     (person (name Bob) (age 10))\n\
         For a total of 2 facts.\n\
         CLIPS> Ann is an adult\n\
         CLIPS> 3\n\
         CLIPS> "
    );
}

/// A rule naming a slot its template lacks, between two good commands.
const BAD_RULE_SESSION: &str = "(deftemplate p (slot n))\n\
    (defrule bad\n\
    \x20 (p (m ?x))\n\
    \x20 =>)\n\
    (assert (p (n 1)))\n";

#[test]
fn errors_are_shown_with_a_caret_and_the_session_goes_on() {
    let out = repl_with(&["--diagnostics", "rich"], BAD_RULE_SESSION);
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: unknown slot `m` in template `p`"),
        "{stderr}"
    );
    assert!(stderr.contains(" --> <stdin>:2:7"), "{stderr}");
    assert!(stderr.contains("  (p (m ?x))\n  |       ^"), "{stderr}");
    assert!(text(&out.stdout).ends_with("CLIPS> <Fact-1>\nCLIPS> "));
}

/// By default the REPL shows CLIPS 6.41's message and construct echo (recorded from
/// the console for this input).
#[test]
fn errors_are_shown_in_clips_words_by_default() {
    let out = repl(BAD_RULE_SESSION);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stderr),
        "\n[TMPLTDEF1] Invalid slot 'm' not defined in corresponding deftemplate 'p'.\n\
         \nERROR:\n(defrule MAIN::bad\n   (p (m\n"
    );
    assert!(text(&out.stdout).ends_with("CLIPS> <Fact-1>\nCLIPS> "));
}

#[test]
fn strings_and_comments_do_not_confuse_the_reader() {
    let out = repl(
        "(printout t \"(\" ; a comment )\n\
         \x20 crlf)\n\
         (str-cat \"a)\" \"b\")\n",
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "CLIPS> (\nCLIPS> \"a)b\"\nCLIPS> ");
}

#[test]
fn exit_passes_its_code_on() {
    let out = repl("(exit 3)\n");
    assert_eq!(out.status.code(), Some(3));
}
