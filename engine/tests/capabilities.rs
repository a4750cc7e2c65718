//! A confined environment (`Capabilities::CONFINED`, as the playground runs untrusted
//! rules) refuses every command that reaches files or processes, whichever way it is
//! called, and nothing happens on disk; an environment with the default capabilities
//! does what CLIPS does.

use salience_engine::env::capabilities::{commands_needing, needs, Access, Capabilities};
use salience_engine::env::{Captured, Environment, RunError};
use std::path::{Path, PathBuf};

/// A fresh directory for one test, with a file `keep.txt` and a batch and a source file
/// that would assert `(ran)` if they were read.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "salience-capabilities-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    std::fs::write(dir.join("keep.txt"), "(ran)\n").expect("keep.txt");
    std::fs::write(dir.join("f.bat"), "(assert (ran))\n").expect("f.bat");
    std::fs::write(dir.join("f.clp"), "(deffacts ran (ran))\n").expect("f.clp");
    dir
}

/// Runs `(defrule r => ACTION)` in an environment with `allowed`; the run's result.
fn run_action(allowed: Capabilities, action: &str) -> (Result<u64, RunError>, Environment) {
    let mut env = Environment::new();
    env.set_capabilities(allowed);
    let out = Captured::default();
    env.set_output(out.clone());
    env.set_error_output(out);
    env.load_str(&format!("(defrule r => {action})"), "test.clp")
        .expect("the rule loads");
    env.reset();
    let result = env.run(None);
    (result, env)
}

/// Each confined command: a call, and the file that must not exist afterwards (or that
/// must still exist, for `remove` and `rename`).
fn calls(dir: &Path) -> Vec<(&'static str, String, PathBuf)> {
    let p = |name: &str| dir.join(name).display().to_string();
    let keep = dir.join("keep.txt");
    let absent = |name: &str| dir.join(name);
    vec![
        (
            "batch",
            format!("(batch \"{}\")", p("f.bat")),
            absent("never"),
        ),
        (
            "batch*",
            format!("(batch* \"{}\")", p("f.bat")),
            absent("never"),
        ),
        (
            "bload",
            format!("(bload \"{}\")", p("keep.txt")),
            absent("never"),
        ),
        (
            "bload-facts",
            format!("(bload-facts \"{}\")", p("keep.txt")),
            absent("never"),
        ),
        (
            "bsave",
            format!("(bsave \"{}\")", p("image.bin")),
            absent("image.bin"),
        ),
        (
            "bsave-facts",
            format!("(bsave-facts \"{}\")", p("facts.bin")),
            absent("facts.bin"),
        ),
        ("chdir", format!("(chdir \"{}\")", p("")), absent("never")),
        (
            "dribble-on",
            format!("(dribble-on \"{}\")", p("dribble.txt")),
            absent("dribble.txt"),
        ),
        (
            "fetch",
            format!("(fetch \"{}\")", p("keep.txt")),
            absent("never"),
        ),
        (
            "load",
            format!("(load \"{}\")", p("f.clp")),
            absent("never"),
        ),
        (
            "load*",
            format!("(load* \"{}\")", p("f.clp")),
            absent("never"),
        ),
        (
            "load-facts",
            format!("(load-facts \"{}\")", p("keep.txt")),
            absent("never"),
        ),
        (
            "open",
            format!("(open \"{}\" out \"w\")", p("opened.txt")),
            absent("opened.txt"),
        ),
        (
            "remove",
            format!("(remove \"{}\")", p("keep.txt")),
            keep.clone(),
        ),
        (
            "rename",
            format!("(rename \"{}\" \"{}\")", p("keep.txt"), p("moved.txt")),
            keep,
        ),
        (
            "save",
            format!("(save \"{}\")", p("saved.clp")),
            absent("saved.clp"),
        ),
        (
            "save-facts",
            format!("(save-facts \"{}\")", p("facts.txt")),
            absent("facts.txt"),
        ),
        (
            "system",
            format!("(system \"touch {}\")", p("touched")),
            absent("touched"),
        ),
        ("exit", "(exit)".to_string(), absent("never")),
    ]
}

#[test]
fn every_file_and_process_command_is_refused_with_a_message() {
    let dir = scratch("refused");
    let cwd = std::env::current_dir().expect("cwd");
    let calls = calls(&dir);
    // The table above covers every command the capabilities name, and no other.
    let mut named: Vec<&str> = commands_needing(Access::Files)
        .iter()
        .chain(commands_needing(Access::Processes))
        .copied()
        .collect();
    named.sort_unstable();
    let mut tried: Vec<&str> = calls.iter().map(|c| c.0).collect();
    tried.sort_unstable();
    assert_eq!(named, tried);
    for (name, call, witness) in &calls {
        // Directly, through eval, funcall and a deffunction.
        let quoted = call.replace('\\', "\\\\").replace('"', "\\\"");
        let args: Vec<String> = call
            .trim_start_matches('(')
            .trim_end_matches(')')
            .split_once(' ')
            .map(|(_, a)| a.to_string())
            .into_iter()
            .collect();
        let ways = [
            call.clone(),
            format!("(eval \"{quoted}\")"),
            format!("(funcall {name} {})", args.join(" ")),
        ];
        for way in ways {
            let (result, env) =
                run_action(Capabilities::CONFINED, &format!("{way} (assert (after))"));
            let message = match result {
                Err(RunError::Rule { clips, .. }) => clips,
                other => panic!("{way}: not refused: {other:?}"),
            };
            let access = if *name == "system" || *name == "exit" {
                "process"
            } else {
                "file"
            };
            assert!(
                message.starts_with(&format!(
                    "Function '{name}' is not available here: this environment has no {access} access"
                )),
                "{way}: {message}"
            );
            assert!(needs(name).is_some());
            // The action stopped there: nothing after it, nothing it would have read.
            let facts: Vec<_> = env.facts().collect();
            assert!(facts.is_empty(), "{way}: {} facts", facts.len());
            assert_eq!(
                witness.exists(),
                witness.ends_with("keep.txt"),
                "{way}: {}",
                witness.display()
            );
            assert_eq!(std::env::current_dir().expect("cwd"), cwd, "{way}");
            assert!(env.rt.exit_requested.is_none(), "{way}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deffunction_cannot_reach_a_file_either() {
    let dir = scratch("deffunction");
    let target = dir.join("out.txt");
    let mut env = Environment::new();
    env.set_capabilities(Capabilities::CONFINED);
    env.set_error_output(std::io::sink());
    env.load_str(
        &format!(
            "(deffunction w () (open \"{}\" o \"w\") (printout o x) (close o))
             (defrule r => (w))",
            target.display()
        ),
        "test.clp",
    )
    .expect("loads");
    env.reset();
    assert!(matches!(env.run(None), Err(RunError::Rule { .. })));
    assert!(!target.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn by_default_files_are_reached_as_in_clips() {
    let dir = scratch("allowed");
    let target = dir.join("facts.txt");
    let (result, _) = run_action(
        Capabilities::default(),
        &format!("(assert (x 1)) (save-facts \"{}\")", target.display()),
    );
    assert_eq!(result, Ok(1));
    let saved = std::fs::read_to_string(&target).expect("save-facts wrote the file");
    assert!(saved.contains("(x 1)"), "{saved}");
    // Commands that reach nothing outside are never refused.
    let (result, _) = run_action(
        Capabilities::CONFINED,
        "(printout t (str-cat a b) crlf) (assert (y)) (facts)",
    );
    assert_eq!(result, Ok(1));
    let _ = std::fs::remove_dir_all(&dir);
}
