//! The `salience` command line: what it prints, where, and with which exit status.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn salience(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_salience"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("the salience binary runs")
}

/// Writes `text` to a fresh file in the target directory and returns its path.
fn program(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-programs");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).expect("temp file");
    f.write_all(text.as_bytes()).expect("write program");
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn runs_the_readme_example() {
    let out = salience(&["run", "examples/hello.clp"]);
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Bob must wait 10 cm\nAnn may ride\n");
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn files_a_program_leaves_open_are_written_out() {
    // `run` and `batch` end the process without dropping the environment, so they
    // write out what it holds themselves.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-programs");
    let from_run = dir.join("left-open-run.txt");
    let from_batch = dir.join("left-open-batch.txt");
    let rules = program(
        "left-open.clp",
        &format!(
            "(defrule write => (open \"{}\" out \"w\") (printout out \"kept \" 42 crlf))\n",
            from_run.display()
        ),
    );
    let batch = program(
        "left-open.bat",
        &format!(
            "(open \"{}\" out \"w\")\n(printout out \"kept\" crlf)\n",
            from_batch.display()
        ),
    );
    let run = salience(&["run", rules.to_str().expect("utf-8 path")]);
    assert!(run.status.success(), "stderr: {}", text(&run.stderr));
    let batched = salience(&["batch", batch.to_str().expect("utf-8 path")]);
    assert!(
        batched.status.success(),
        "stderr: {}",
        text(&batched.stderr)
    );
    let written = |path: &Path| std::fs::read_to_string(path).expect("the file exists");
    assert_eq!(written(&from_run), "kept 42\n");
    assert_eq!(written(&from_batch), "kept\n");
}

#[test]
fn loads_several_files_in_order() {
    let templates = program("two-a.clp", "(deftemplate item (slot n))\n");
    let rules = program(
        "two-b.clp",
        "(deffacts d (item (n 2)))\n(defrule show (item (n ?n)) => (printout t \"n=\" ?n crlf))\n",
    );
    let out = salience(&["run", templates.to_str().unwrap(), rules.to_str().unwrap()]);
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "n=2\n");
}

#[test]
fn syntax_errors_name_file_line_and_column_with_a_caret() {
    let path = program(
        "broken.clp",
        "(deftemplate point (slot x))\n(defrule r\n   (point (y 1))\n   =>\n   (printout t \"hi\" crlf))\n(defrule s (point (x ?x)) (printout t ?x))\n",
    );
    let out = salience(&["run", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a load error exits with status 1"
    );
    assert_eq!(text(&out.stdout), "", "nothing runs after a failed load");
    let err = text(&out.stderr);
    // Both errors are reported, each with its position and a caret.
    assert!(err.contains("broken.clp:3:12"), "{err}");
    assert!(
        err.contains("unknown slot `y` in template `point`"),
        "{err}"
    );
    assert!(err.contains("expected one of: x"), "{err}");
    assert!(err.contains("broken.clp:6:"), "{err}");
    assert!(err.contains("=>"), "{err}");
    assert!(
        err.lines()
            .any(|l| l.trim_start().starts_with("| ") && l.contains('^')),
        "{err}"
    );
}

#[test]
fn unbalanced_input_is_an_error_not_a_panic() {
    for (name, source) in [
        ("open.clp", "(defrule r (a) => (printout t \"x\" crlf)"),
        ("close.clp", "(defrule r (a) => ))"),
        (
            "string.clp",
            "(defrule r (a) => (printout t \"never closed))",
        ),
        ("deep.clp", &"(".repeat(100_000)),
        ("garbage.clp", "\u{0}\u{1}((?$?~&|<- 1e999999 \"\\"),
    ] {
        let path = program(name, source);
        let out = salience(&["run", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("error"), "{name}");
    }
}

#[test]
fn runtime_errors_name_the_rule_and_stop_the_run() {
    let path = program(
        "runtime.clp",
        "(defrule a (declare (salience 10)) => (printout t \"before\" crlf) (bind ?v (nth$ 1 (create$ x))) (printout t (+ 1 ?v) crlf))\n(defrule b => (printout t \"never\" crlf))\n",
    );
    let out = salience(&["run", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "before\n");
    let err = text(&out.stderr);
    assert!(err.contains("rule a"), "{err}");
    assert!(err.contains("runtime.clp:1:"), "{err}");
}

#[test]
fn firing_limit_stops_a_runaway_program() {
    let path = program(
        "loop.clp",
        "(defrule again ?f <- (n ?x) => (retract ?f) (assert (n (+ ?x 1))))\n(deffacts d (n 0))\n",
    );
    let out = salience(&["run", "--max-firings", "1000", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("firing limit reached after 1000 rule firings"),
        "{err}"
    );
    assert!(err.contains("again"), "{err}");
}

#[test]
fn fact_limit_stops_a_growing_working_memory() {
    let path = program(
        "grow.clp",
        "(defrule grow (n ?x) => (assert (n (+ ?x 1))))\n(deffacts d (n 0))\n",
    );
    let out = salience(&["run", "--max-facts", "50", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("working-memory limit reached: 50 facts"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn watch_traces_rules_and_facts() {
    let out = salience(&[
        "run",
        "--watch",
        "rules",
        "--watch",
        "facts",
        "examples/hello.clp",
    ]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("==> f-1     (person (name Ann) (height 150))\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("FIRE    1 too-short: f-2\nBob must wait 10 cm\n"),
        "{stdout}"
    );
}

#[test]
fn strategy_option_changes_the_order() {
    let depth = salience(&["run", "examples/hello.clp"]);
    let breadth = salience(&["run", "--strategy", "breadth", "examples/hello.clp"]);
    assert_eq!(text(&breadth.stdout), "Ann may ride\nBob must wait 10 cm\n");
    assert_ne!(text(&depth.stdout), text(&breadth.stdout));
}

#[test]
fn batch_reads_answers_from_the_batch_file() {
    let path = program(
        "ask.bat",
        "(defrule ask => (printout t \"Size? \") (bind ?n (read)) (printout t \"got \" (* ?n 2) crlf))\n(reset)\n(run)\n21\n(exit)\n",
    );
    let out = salience(&["batch", path.to_str().unwrap()]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("CLIPS> (run)\nSize? "), "{stdout}");
    assert!(stdout.contains("got 42\n"), "{stdout}");
    assert!(stdout.ends_with("CLIPS> (exit)\n"), "{stdout}");
}

/// CLIPS 6.4's messages for files `batch`, `batch*` and `load` cannot open (recorded
/// with clipspy 6.4: `(batch "no-such-file.bat")` prints `[ARGACCES3] Function
/// 'batch' was unable to open file 'no-such-file.bat'.` and returns FALSE; 6.30
/// words them `[ARGACCES2] Function batch was unable to open file
/// no-such-file.bat.`).
#[test]
fn batch_and_load_report_files_they_cannot_open() {
    let path = program(
        "missing.bat",
        "(batch \"no/such.bat\")\n(batch* \"no/such.bat\")\n(load \"no/such.clp\")\n(exit)\n",
    );
    let out = salience(&["batch", path.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "CLIPS> (batch \"no/such.bat\")\nFALSE\nCLIPS> (batch* \"no/such.bat\")\nFALSE\n\
         CLIPS> (load \"no/such.clp\")\nFALSE\nCLIPS> (exit)\n"
    );
    assert_eq!(
        text(&out.stderr),
        "[ARGACCES3] Function 'batch' was unable to open file 'no/such.bat'.\n\
         [ARGACCES3] Function 'batch' was unable to open file 'no/such.bat'.\n\
         [ARGACCES3] Function 'load' was unable to open file 'no/such.clp'.\n"
    );
}

/// `build` defines one construct: with more input after it, CLIPS 6.4 defines the
/// first and reports `[STRNGFUN2] Function 'build' encountered extraneous input.`
/// (recorded with clipspy 6.4: after `(build "(defrule r1 => ) (defrule r2 => )")`,
/// `(list-defrules)` prints `r1`; CLIPS 6.30 returns TRUE and says nothing).
#[test]
fn build_defines_one_construct_and_reports_extraneous_input() {
    let path = program(
        "build.bat",
        "(build \"(defrule r1 => ) (defrule r2 => )\")\n(list-defrules)\n\
         (build \"(defrule r3 => )\")\n(exit)\n",
    );
    let out = salience(&["batch", path.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "CLIPS> (build \"(defrule r1 => ) (defrule r2 => )\")\nFALSE\n\
         CLIPS> (list-defrules)\nr1\nFor a total of 1 defrule.\n\
         CLIPS> (build \"(defrule r3 => )\")\nTRUE\nCLIPS> (exit)\n"
    );
    assert_eq!(
        text(&out.stderr),
        "[STRNGFUN2] Function 'build' encountered extraneous input.\n"
    );
}

#[test]
fn missing_file_is_reported() {
    let out = salience(&["run", "no/such/file.clp"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read no/such/file.clp"));
}

#[test]
fn step_shows_each_firing_its_output_and_the_agenda() {
    let out = salience(&["run", "--step", "examples/hello.clp"]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "FIRE    1 too-short: f-2\nBob must wait 10 cm\nAgenda:\n  0      tall-enough: f-1\n\
         FIRE    2 tall-enough: f-1\nAnn may ride\nAgenda:\n  (empty)\n"
    );
}

#[test]
fn break_runs_to_the_rule_then_steps() {
    let out = salience(&["run", "--break", "tall-enough", "examples/hello.clp"]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "Bob must wait 10 cm\nBreaking on rule tall-enough.\n\
         FIRE    2 tall-enough: f-1\nAnn may ride\nAgenda:\n  (empty)\n"
    );
    let out = salience(&["run", "--break", "nosuch", "examples/hello.clp"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--break nosuch: no rule of that name"));
}

/// A deffunction recursing up to the call-depth limit through nested special forms,
/// asserting a fact a rule joins at each level, runs to the end on the main thread
/// even when the process is started with a soft stack limit of 4 MB (the binary
/// raises it; without that it overflows); one level more is the depth error.
#[test]
fn deep_deffunction_recursion_fits_the_stack() {
    let body = |depth: usize| {
        format!(
            "(deftemplate lvl (slot n))
             (defrule seen (lvl (n ?n)) (lvl (n ?m&:(= ?m (+ ?n 1)))) =>)
             (deffunction down (?n)
               (if (> ?n 0) then
                 (bind ?s 0)
                 (loop-for-count (?i 1 2) do
                   (while (< ?s 1) do
                     (if (> ?i 0) then
                       (progn
                         (switch ?i
                           (case 1 then (assert (lvl (n ?n))))
                           (default (bind ?s (+ ?s 1))))
                         (bind ?s (+ ?s (+ 0 (+ 0 (+ 0 1)))))))))
                 (+ 1 (down (- ?n 1)))
                else 0))
             (defrule go => (printout t (down {depth}) crlf))"
        )
    };
    let run = |name: &str, depth: usize| {
        let path = program(name, &body(depth));
        Command::new("sh")
            .arg("-c")
            .arg("ulimit -S -s 4096 && exec \"$0\" run \"$1\"")
            .arg(env!("CARGO_BIN_EXE_salience"))
            .arg(&path)
            .output()
            .expect("sh runs")
    };
    let deepest = run("deep-recursion.clp", 1_999);
    assert!(
        deepest.status.success(),
        "stderr: {}",
        text(&deepest.stderr)
    );
    assert_eq!(text(&deepest.stdout), "1999\n");
    let too_deep = run("too-deep-recursion.clp", 2_000);
    assert!(
        text(&too_deep.stderr).contains("deffunction calls nested 2000 deep"),
        "stderr: {}",
        text(&too_deep.stderr)
    );
}

/// Course files written on Windows carry Latin-1 bytes in comments and strings:
/// they load, and their strings print back byte for byte, as on the CLIPS 6.41
/// console (whose transcript of the same batch file this is, but the path).
#[test]
fn files_in_other_encodings_load_and_print_their_bytes_back() {
    let clp = program("latin1.clp", "");
    std::fs::write(
        &clp,
        b"; caf\xe9\n(defrule r => (printout t \"na\xefve caf\xe9\" crlf))\n",
    )
    .expect("write the program");
    let bat = program("latin1.bat", "");
    let mut commands = b"(printout t \"caf\xe9\" crlf)\n(load \"".to_vec();
    commands.extend_from_slice(clp.to_str().expect("a UTF-8 path").as_bytes());
    commands.extend_from_slice(b"\")\n(reset)\n(run)\n(str-length \"\xe9t\xe9\")\n");
    std::fs::write(&bat, &commands).expect("write the batch file");
    let out = salience(&["batch", bat.to_str().expect("a UTF-8 path")]);
    let mut expected = b"CLIPS> (printout t \"caf\xe9\" crlf)\ncaf\xe9\nCLIPS> (load \"".to_vec();
    expected.extend_from_slice(clp.to_str().expect("a UTF-8 path").as_bytes());
    expected.extend_from_slice(
        b"\")\n*\nTRUE\nCLIPS> (reset)\nCLIPS> (run)\nna\xefve caf\xe9\nCLIPS> (str-length \"\xe9t\xe9\")\n3\nCLIPS> ",
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.stdout, expected, "{}", text(&out.stdout));
}
