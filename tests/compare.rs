//! `salience compare`: the table, the CSV and JSON schemas, per-puzzle limits, shards
//! that merge into the same results as a single run, and the HTML report opened in a
//! real headless browser.

use std::path::{Path, PathBuf};
use std::process::Command;

fn salience() -> Command {
    Command::new(env!("CARGO_BIN_EXE_salience"))
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("salience-compare-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The bundled Sudoku examples: small, fast, with puzzles that need different levels.
fn collection() -> PathBuf {
    repo("examples/compare/sudoku.txt")
}

fn run_ok(cmd: &mut Command) -> String {
    let out = cmd.output().expect("salience runs");
    assert!(
        out.status.success(),
        "failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn load_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("json written")).expect("valid json")
}

/// The results without their timings (the only thing allowed to differ between runs).
fn without_timings(mut results: serde_json::Value) -> serde_json::Value {
    if let Some(list) = results["results"].as_array_mut() {
        for r in list {
            r["elapsed_us"] = serde_json::Value::Null;
        }
    }
    results
}

#[test]
fn table_csv_and_json_agree_and_have_stable_columns() {
    let dir = scratch("schemas");
    let (csv, json) = (dir.join("r.csv"), dir.join("r.json"));
    let table = run_ok(
        salience()
            .args(["compare", "sudoku"])
            .arg(collection())
            .arg("--csv")
            .arg(&csv)
            .arg("--json")
            .arg(&json),
    );
    let json = load_json(&json);
    let results = json["results"].as_array().expect("results");
    let rule_sets: Vec<&str> = json["rule_sets"]
        .as_array()
        .expect("rule sets")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert!(
        rule_sets.len() >= 2,
        "the bundled levels are compared cumulatively"
    );
    let puzzles = std::fs::read_to_string(collection())
        .expect("examples")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(results.len(), puzzles * rule_sets.len());
    for r in results {
        for key in [
            "rule_set",
            "collection",
            "index",
            "name",
            "status",
            "level",
            "firings",
            "elapsed_us",
            "rules",
            "answer",
        ] {
            assert!(r.get(key).is_some(), "result lacks {key}: {r}");
        }
    }
    let text = std::fs::read_to_string(&csv).expect("csv");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("rule_set,collection,index,name,status,level,firings,elapsed_us,detail")
    );
    assert_eq!(lines.count(), results.len());
    // The table's solved count for the full rulebase matches the raw results.
    let full = rule_sets.last().expect("a rule set");
    let solved = results
        .iter()
        .filter(|r| r["rule_set"] == *full && r["status"] == "solved")
        .count();
    let row = table
        .lines()
        .find(|l| l.contains(&format!("| {full} ")))
        .expect("a row for the full rulebase");
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!(cells[4], solved.to_string(), "{row}");
    assert_eq!(
        solved, puzzles,
        "the full rulebase solves every bundled example"
    );
}

#[test]
fn merged_shards_equal_a_single_run() {
    let dir = scratch("shards");
    let whole = dir.join("whole.json");
    run_ok(
        salience()
            .args(["compare", "sudoku"])
            .arg(collection())
            .arg("--json")
            .arg(&whole)
            .args(["--jobs", "1"]),
    );
    for k in 1..=3 {
        run_ok(
            salience()
                .args(["compare", "sudoku"])
                .arg(collection())
                .args(["--shard", &format!("{k}/3")])
                .arg("--json")
                .arg(dir.join(format!("shards/{k}.json"))),
        );
    }
    let merged = dir.join("merged.json");
    run_ok(
        salience()
            .args(["compare", "sudoku", "--merge"])
            .arg(dir.join("shards"))
            .arg("--json")
            .arg(&merged),
    );
    assert_eq!(
        without_timings(load_json(&merged)),
        without_timings(load_json(&whole))
    );
}

#[test]
fn firing_limit_is_reported_per_puzzle() {
    let dir = scratch("limits");
    let json = dir.join("r.json");
    run_ok(
        salience()
            .args(["compare", "sudoku"])
            .arg(collection())
            .args(["--max-firings", "3"])
            .arg("--json")
            .arg(&json),
    );
    let json = load_json(&json);
    let results = json["results"].as_array().expect("results");
    assert!(results
        .iter()
        .all(|r| r["status"] == "limit" || r["firings"].as_u64() <= Some(3)));
    assert!(
        results.iter().any(|r| r["status"] == "limit"),
        "some puzzle needs more than 3 firings"
    );
}

#[test]
fn bad_shard_and_missing_rule_file_are_clear_errors() {
    let out = salience()
        .args(["compare", "sudoku"])
        .arg(collection())
        .args(["--shard", "4/3"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("K/N"));
    let out = salience()
        .args(["compare", "sudoku"])
        .arg(collection())
        .args(["--rules", "no/such.clp"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no/such.clp"));
}

/// Opens the report in Debian's chromium, headless, and reads the page it built.
#[test]
fn html_report_loads_in_a_headless_browser_and_shows_the_numbers() {
    let dir = scratch("report");
    let json = dir.join("r.json");
    run_ok(
        salience()
            .args(["compare", "sudoku"])
            .arg(collection())
            .arg("--json")
            .arg(&json)
            .arg("--report")
            .arg(dir.join("report")),
    );
    let page = dir.join("report/index.html");
    let html = std::fs::read_to_string(&page).expect("report written");
    for fetch in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(
            !html.contains(fetch),
            "the report needs no network: found {fetch}"
        );
    }
    let Some(browser) = ["chromium", "chromium-browser"].into_iter().find(|b| {
        Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    }) else {
        eprintln!("SKIPPED: no chromium on this machine (apt-get install chromium); the report was written and parsed only");
        return;
    };
    let profile = dir.join("profile");
    let out = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        dom.contains("data-loaded=\"yes\""),
        "the page's scripts ran to the end: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dom.contains("data-errors=\"0\""), "no script errors");
    // The summary row of every rule set shows its solved count from the raw results.
    let json = load_json(&json);
    for set in json["rule_sets"].as_array().expect("rule sets") {
        let set = set.as_str().expect("name");
        let solved = json["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter(|r| r["rule_set"] == set && r["status"] == "solved")
            .count();
        let row_start = dom
            .find(&format!("data-rule-set=\"{set}\""))
            .expect("a summary row per rule set");
        let row = &dom[row_start..];
        let cell = row.find("class=\"solved\">").expect("solved cell");
        let value: String = row[cell + 15..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        assert_eq!(value, solved.to_string(), "solved count of {set}");
    }
    assert!(dom.contains("<svg"), "the chart and the grids are drawn");
}
