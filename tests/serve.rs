//! `salience serve`: the playground's API checked against independent truth (each step's
//! grid holds exactly the deductions its resolution path lists so far; the end of a run is
//! what `salience solve` gives; problems sit at the line that was broken; the teaching
//! examples print what the CLIPS 6.41 console printed; a pasted puzzle's answer is the
//! bundled one transposed), requests it must refuse, file and process access refused,
//! every bound, 50 clients at once, and the page driven in a real headless browser
//! (Debian's chromium through chromedriver): program mode's panes checked against the
//! engine's own `(facts)`, `(agenda)`, `why` and `why-not` at each step, a `(read)`
//! answered, a breakpoint, a share link, a pasted puzzle, phone width; puzzle mode's
//! stepping, running, and an edit that breaks the rule file.
//!
//! `SALIENCE_PLAYGROUND_SCREENSHOT=docs/playground.png cargo test --release --test serve`
//! also saves the browser's picture of the playground after a run, and
//! `SALIENCE_PROGRAM_SCREENSHOT=docs/playground-program.png` that of program mode.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A child process killed when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `salience serve --port 0`, with the address it printed.
struct Playground {
    process: Running,
    /// `127.0.0.1:PORT`.
    address: String,
}

impl Playground {
    fn start() -> Playground {
        let mut child = Command::new(env!("CARGO_BIN_EXE_salience"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("salience serve starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let process = Running(child);
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("salience serve prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        Playground { process, address }
    }

    fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// One HTTP/1.1 exchange: the status code and the body.
    fn exchange(&self, method: &str, path: &str, host: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("send");
        let mut reply = String::new();
        stream.read_to_string(&mut reply).expect("receive");
        let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status code");
        (status, body.to_string())
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.exchange("GET", path, &self.address, "")
    }

    fn run(&self, request: &Value) -> (u16, Value) {
        let (status, body) = self.exchange("POST", "/api/run", &self.address, &request.to_string());
        (status, serde_json::from_str(&body).expect("JSON reply"))
    }

    /// A program-mode run: the status code and the reply.
    fn program(&self, request: &Value) -> (u16, Value) {
        let (status, body) =
            self.exchange("POST", "/api/program", &self.address, &request.to_string());
        (status, serde_json::from_str(&body).expect("JSON reply"))
    }

    /// A program-mode run that must succeed.
    fn state(&self, request: &Value) -> Value {
        let (status, reply) = self.program(request);
        assert_eq!(status, 200, "{reply}");
        assert_eq!(reply["ok"], true, "{reply}");
        reply
    }

    /// The server's resident memory, in kB.
    fn resident_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.process.0.id()))
            .expect("the server's status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .expect("VmRSS")
    }

    /// A run that must succeed.
    fn played(&self, request: &Value) -> Value {
        let (status, reply) = self.run(request);
        assert_eq!(status, 200, "{reply}");
        assert_eq!(reply["ok"], true, "{reply}");
        reply
    }
}

/// A run request for a bundled puzzle with the bundled text of rule level `level`.
fn request(kind: &str, puzzle: usize, level: usize, rules: &str) -> Value {
    json!({ "kind": kind, "puzzle": puzzle, "level": level, "rules": rules })
}

/// The cell a path line names first ("r3c4 black: ...") and what the rest of the change says.
fn cell_change(line: &str) -> Option<(usize, usize, String)> {
    let change = line.split(": ").next()?;
    let (cell, what) = change.split_once(' ')?;
    let (r, c) = cell.strip_prefix('r')?.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?, what.to_string()))
}

#[test]
fn hitori_steps_show_exactly_the_deductions_listed_so_far() {
    let playground = Playground::start();
    let rules = read("rulebases/hitori/connectivity.clp");
    for puzzle in 0..2 {
        let whole = playground.played(&request("hitori", puzzle, 2, &rules));
        let path: Vec<String> = serde_json::from_value(whole["path"].clone()).expect("path");
        assert_eq!(whole["steps"], path.len());
        assert!(!path.is_empty());
        let mut after: Option<u64> = None;
        let mut last_firings = 0;
        for n in 0..=path.len() {
            let mut req = request("hitori", puzzle, 2, &rules);
            req["step"] = json!(n);
            req["after"] = json!(after);
            let step = playground.played(&req);
            assert_eq!(step["step"], n, "puzzle {puzzle} step {n}");
            assert_eq!(
                step["path"], whole["path"],
                "the whole path comes with every step"
            );
            // The grid: every cell named by the first n lines decided as they say, no other.
            let rows: Vec<String> = serde_json::from_value(step["answer"].clone()).expect("rows");
            let mut expected: Vec<Vec<char>> = rows
                .iter()
                .map(|r| r.chars().map(|_| '?').collect())
                .collect();
            for line in &path[..n] {
                let (r, c, what) = cell_change(line).unwrap_or_else(|| panic!("{line}"));
                expected[r - 1][c - 1] = if what == "black" { '#' } else { '.' };
            }
            let expected: Vec<String> = expected.iter().map(|r| r.iter().collect()).collect();
            assert_eq!(rows, expected, "puzzle {puzzle} after {n} deductions");
            let firings = step["firings"].as_u64().expect("firings");
            assert!(firings >= last_firings, "firings grow with the steps");
            last_firings = firings;
            // Without the hint the server finds the same step.
            if n % 7 == 3 {
                req["after"] = Value::Null;
                let cold = playground.played(&req);
                assert_eq!(cold["answer"], step["answer"]);
                assert_eq!(cold["firings"], step["firings"]);
            }
            after = Some(firings);
        }
        assert_eq!(
            last_firings,
            whole["total_firings"].as_u64().expect("total")
        );
    }
}

#[test]
fn a_whole_run_is_what_salience_solve_gives() {
    let playground = Playground::start();
    let levels = [
        "rulebases/hitori/basic.clp",
        "rulebases/hitori/patterns.clp",
        "rulebases/hitori/connectivity.clp",
    ];
    let whole = playground.played(&request("hitori", 1, 2, &read(levels[2])));
    let mut solve = Command::new(env!("CARGO_BIN_EXE_salience"));
    solve
        .args(["solve", "hitori", "--format", "json", "--explain"])
        .arg(repo("hitori/examples/singles.txt"));
    for level in levels {
        solve.arg("--rules").arg(repo(level));
    }
    let out = solve.output().expect("salience solve runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let solved: Value = text
        .lines()
        .nth(1)
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or_else(|| panic!("no second puzzle in {text}"));
    assert_eq!(whole["status"], solved["status"], "{solved}");
    assert_eq!(whole["status"], "solved");
    assert_eq!(whole["answer"], solved["shading"], "{solved}");
    assert_eq!(whole["total_firings"], solved["firings"], "{solved}");
    assert_eq!(whole["path"], solved["path"], "{solved}");
    assert_eq!(whole["level"], solved["level"], "{solved}");
}

/// The grid of a digit puzzle's answer as one string: Sudoku's answer is one, Kakuro's is
/// one string per row.
fn flat(answer: &Value) -> String {
    match answer {
        Value::String(s) => s.clone(),
        Value::Array(rows) => rows.iter().filter_map(Value::as_str).collect(),
        other => panic!("not a grid: {other}"),
    }
}

/// Steps of a digit puzzle show exactly the digits the path's "rRcC = D" lines place so
/// far, on top of `start` (the grid before any deduction); checked at the first placements
/// (and the step before each) and at the end.
fn digits_follow_the_path(kind: &str, level: usize, rules_file: &str, start: &str) {
    let playground = Playground::start();
    let rules = read(rules_file);
    let whole = playground.played(&request(kind, 0, level, &rules));
    assert_eq!(whole["status"], "solved");
    let path: Vec<String> = serde_json::from_value(whole["path"].clone()).expect("path");
    let width = grid_width(&whole["answer"]);
    // Each placement: the step that makes it, the cell and the digit.
    let placements: Vec<(usize, usize, char)> = path
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(" = "))
        .map(|(i, line)| {
            let (r, c, what) = cell_change(line).unwrap_or_else(|| panic!("{line}"));
            let digit = what.trim_start_matches("= ").chars().next();
            (i + 1, (r - 1) * width + (c - 1), digit.expect("a digit"))
        })
        .collect();
    assert!(
        placements.len() > 10,
        "{kind}: {} placements",
        placements.len()
    );
    let mut steps: Vec<usize> = placements[..6]
        .iter()
        .flat_map(|p| [p.0 - 1, p.0])
        .collect();
    steps.insert(0, 0);
    steps.push(path.len());
    let mut after: Option<u64> = None;
    for n in steps {
        let mut req = request(kind, 0, level, &rules);
        req["step"] = json!(n);
        req["after"] = json!(after);
        let step = playground.played(&req);
        assert_eq!(step["step"], n);
        let mut expected: Vec<char> = start.chars().collect();
        for &(_, cell, digit) in placements.iter().filter(|p| p.0 <= n) {
            expected[cell] = digit;
        }
        let expected: String = expected.into_iter().collect();
        assert_eq!(
            flat(&step["answer"]),
            expected,
            "{kind} after {n} deductions"
        );
        after = step["firings"].as_u64();
    }
}

/// The number of columns of an answer: the length of a row, or the side of a square grid
/// given as one string.
fn grid_width(answer: &Value) -> usize {
    match answer {
        Value::Array(rows) => rows[0].as_str().map_or(0, |row| row.chars().count()),
        other => (flat(other).chars().count() as f64).sqrt().round() as usize,
    }
}

#[test]
fn sudoku_steps_place_the_digits_the_path_names() {
    let givens = read("examples/compare/sudoku.txt")
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a puzzle")
        .to_string();
    digits_follow_the_path("sudoku", 0, "rulebases/sudoku/singles.clp", &givens);
}

#[test]
fn kakuro_steps_never_show_a_wrong_digit() {
    // Kakuro's grid shows a cell's last candidate as its digit, and bookkeeping firings
    // between deductions move candidates, so a step's grid is not a function of the path
    // lines alone; what must hold: no givens at the start, every digit shown at every step
    // is the solution's, and the last step is the whole run's answer.
    let playground = Playground::start();
    let rules = read("rulebases/kakuro/combinations.clp");
    let whole = playground.played(&request("kakuro", 0, 1, &rules));
    assert_eq!(whole["status"], "solved");
    let solution: Vec<char> = flat(&whole["answer"]).chars().collect();
    let steps = whole["steps"].as_u64().expect("steps") as usize;
    let mut after: Option<u64> = None;
    for n in (0..steps).step_by(37).chain([steps]) {
        let mut req = request("kakuro", 0, 1, &rules);
        req["step"] = json!(n);
        req["after"] = json!(after);
        let step = playground.played(&req);
        assert_eq!(step["step"], n);
        let shown = flat(&step["answer"]);
        for (cell, (s, solved)) in shown.chars().zip(&solution).enumerate() {
            assert!(
                s == '.' || s == *solved,
                "step {n}, cell {cell}: {s}, not {solved}"
            );
            if n == 0 {
                assert!(!s.is_ascii_digit(), "a digit before any deduction: {shown}");
            }
        }
        after = step["firings"].as_u64();
    }
    let mut req = request("kakuro", 0, 1, &rules);
    req["step"] = json!(steps);
    assert_eq!(playground.played(&req)["answer"], whole["answer"]);
}

#[test]
fn problems_are_placed_at_the_line_that_was_broken() {
    let playground = Playground::start();
    let rules = read("rulebases/hitori/basic.clp");
    let lines: Vec<&str> = rules.lines().collect();
    let line_of = |prefix: &str| {
        1 + lines
            .iter()
            .position(|l| l.trim_start().starts_with(prefix))
            .expect("the line is there")
    };
    let edit = |at: usize, new: String| {
        let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        edited[at - 1] = new;
        edited.join("\n")
    };
    // A syntax error: a `)` too many ends the rule before its `=>`.
    let place = line_of("(place ");
    let broken = edit(place, format!("{})", lines[place - 1]));
    let (status, reply) = playground.run(&request("hitori", 0, 0, &broken));
    assert_eq!(status, 200);
    assert_eq!(reply["ok"], false);
    assert_eq!(reply["problems"][0]["line"], place, "{reply}");
    assert!(reply["rendered"]
        .as_str()
        .expect("rendered")
        .contains(&format!("rulebases/hitori/basic.clp:{place}:")));
    // A semantic error: a misspelt function.
    let assert_line = line_of("(assert ");
    let misspelt = edit(
        assert_line,
        lines[assert_line - 1].replacen("(assert", "(asert", 1),
    );
    let (_, reply) = playground.run(&request("hitori", 0, 0, &misspelt));
    assert_eq!(reply["problems"][0]["line"], assert_line, "{reply}");
    assert!(reply["problems"][0]["message"]
        .as_str()
        .expect("message")
        .contains("asert"));
}

#[test]
fn a_rule_that_never_stops_is_stopped_by_the_firing_limit() {
    let playground = Playground::start();
    let rules = format!(
        "{}\n(deffacts spinning (spin 0))\n\
         (defrule spin ?f <- (spin ?n) => (retract ?f) (assert (spin (+ ?n 1))))\n",
        read("rulebases/hitori/basic.clp")
    );
    let started = Instant::now();
    let whole = playground.played(&request("hitori", 0, 0, &rules));
    assert_eq!(whole["status"], "limit", "{}", whole["detail"]);
    assert!(whole["detail"].as_str().expect("detail").contains("firing"));
    assert_eq!(whole["total_firings"], 100_000);
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// The first puzzle of the bundled Hitori file, transposed: a puzzle of its own whose
/// answer is the transposed answer.
fn transposed_first_hitori() -> String {
    let rows: Vec<Vec<String>> = read("hitori/examples/singles.txt")
        .lines()
        .skip_while(|l| l.starts_with('#'))
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    (0..rows[0].len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].clone())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_pasted_puzzle_is_solved_like_a_bundled_one() {
    let playground = Playground::start();
    let rules = read("rulebases/hitori/hypothesis.clp");
    let bundled = playground.played(&request("hitori", 0, 3, &rules));
    let mut pasted = request("hitori", 0, 3, &rules);
    pasted["puzzle_text"] = json!(transposed_first_hitori());
    let pasted = playground.played(&pasted);
    assert_eq!(pasted["status"], "solved", "{pasted}");
    let rows: Vec<String> = serde_json::from_value(bundled["answer"].clone()).expect("rows");
    let transposed: Vec<String> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r.as_bytes()[c] as char).collect())
        .collect();
    assert_eq!(pasted["answer"], json!(transposed));
    // A puzzle that does not read is named as such, with its line.
    let mut broken = request("hitori", 0, 3, &rules);
    broken["puzzle_text"] = json!("1 2\n3 x\n");
    let (status, reply) = playground.run(&broken);
    assert_eq!(status, 400);
    assert!(
        reply["message"]
            .as_str()
            .expect("message")
            .contains("pasted puzzle"),
        "{reply}"
    );
}

#[test]
fn requests_the_page_would_not_make_are_refused_with_a_reason() {
    let playground = Playground::start();
    let rules = read("rulebases/hitori/basic.clp");
    let cases = [
        (request("chess", 0, 0, &rules), "hitori"),
        (request("hitori", 99, 0, &rules), "no puzzle 99"),
        (request("hitori", 0, 99, &rules), "no rule level 99"),
        (json!({ "kind": "hitori" }), "not a run request"),
    ];
    for (req, reason) in cases {
        let (status, reply) = playground.run(&req);
        assert_eq!(status, 400, "{req}");
        let message = reply["message"].as_str().expect("a message");
        assert!(message.contains(reason), "{message}");
    }
    let (status, _) = playground.exchange("POST", "/api/run", &playground.address, "{not json");
    assert_eq!(status, 400);
    assert_eq!(playground.get("/api/run").0, 405);
    assert_eq!(playground.get("/nothing-here").0, 404);
    assert_eq!(playground.get("/api/rules?kind=hitori&level=x").0, 400);
    assert_eq!(
        playground.get("/api/rules?kind=hitori&level=0"),
        (200, rules)
    );
    // Another site's page in the same browser must not drive the playground.
    let (status, _) = playground.exchange("GET", "/api/catalog", "evil.example", "");
    assert_eq!(status, 403);
}

#[test]
fn the_page_needs_nothing_from_outside() {
    let playground = Playground::start();
    let (status, page) = playground.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<script>") && page.contains("<style>"));
    for outside in ["src=", "href=", "http://", "https://", "//cdn"] {
        assert!(!page.contains(outside), "the page refers to {outside}");
    }
    let (status, catalog) = playground.get("/api/catalog");
    assert_eq!(status, 200);
    let catalog: Value = serde_json::from_str(&catalog).expect("JSON");
    let kinds: Vec<&str> = catalog["kinds"]
        .as_array()
        .expect("kinds")
        .iter()
        .filter_map(|k| k["name"].as_str())
        .collect();
    assert!(
        kinds.contains(&"hitori") && kinds.contains(&"sudoku"),
        "{kinds:?}"
    );
}

/// A teaching example with what CLIPS 6.41 printed for it: its conformance batch file
/// (`tests/conformance/batch/teach_NAME.bat`: load, reset, run with answers, facts) and
/// the console's transcript.
struct Taught {
    file: String,
    text: String,
    /// The answers the batch file gives to the example's `(read)`s.
    answers: Vec<String>,
    /// What `(run)` printed on the console (the answers echoed).
    printed: String,
    /// The `(facts)` listing after the run.
    facts: Vec<String>,
    /// The `(instances)` listing after the run (`[name] of CLASS`), when the
    /// batch file asks for it (no instances otherwise).
    instances: Vec<String>,
}

fn teaching_examples() -> Vec<Taught> {
    let mut files: Vec<_> = std::fs::read_dir(repo("examples/teaching"))
        .expect("examples/teaching")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|f| f.ends_with(".clp"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let name = format!("teach_{}", file.trim_end_matches(".clp").replace('-', "_"));
            let batch = read(&format!("tests/conformance/batch/{name}.bat"));
            let transcript = read(&format!("tests/conformance/batch/{name}.out"));
            let answers = batch
                .lines()
                .skip_while(|l| *l != "(run)")
                .skip(1)
                .take_while(|l| *l != "(facts)")
                .map(str::to_string)
                .collect();
            let (_, after_run) = transcript.split_once("CLIPS> (run)\n").expect("a run");
            let (printed, after) = after_run.split_once("CLIPS> (facts)\n").expect("facts");
            let facts = after
                .lines()
                .take_while(|l| l.starts_with("f-"))
                .map(str::to_string)
                .collect();
            let instances = after
                .split_once("CLIPS> (instances)\n")
                .map(|(_, listed)| {
                    (listed.lines())
                        .take_while(|l| l.starts_with('['))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            Taught {
                text: read(&format!("examples/teaching/{file}")),
                file,
                answers,
                printed: printed.to_string(),
                facts,
                instances,
            }
        })
        .collect()
}

fn program_request(file: &str, text: &str) -> Value {
    json!({ "files": [{ "name": file, "text": text }] })
}

#[test]
fn teaching_examples_print_what_clips_prints() {
    let playground = Playground::start();
    let examples = teaching_examples();
    assert!(examples.len() >= 9, "{} examples", examples.len());
    let (_, catalog) = playground.get("/api/catalog");
    let catalog: Value = serde_json::from_str(&catalog).expect("JSON");
    for taught in &examples {
        let listed = catalog["examples"]
            .as_array()
            .expect("examples")
            .iter()
            .find(|e| e["file"] == taught.file.as_str())
            .unwrap_or_else(|| panic!("{} is not in the catalog", taught.file));
        assert_eq!(listed["text"], taught.text.as_str());
        assert!(
            taught.text.contains("Try:"),
            "{}: no comment on what to try",
            taught.file
        );
        let mut request = program_request(&taught.file, &taught.text);
        request["input"] = json!(taught.answers);
        let state = playground.state(&request);
        assert_eq!(state["stop"], "end", "{}: {state}", taught.file);
        assert_eq!(state["output"], taught.printed.as_str(), "{}", taught.file);
        assert_eq!(state["facts"], json!(taught.facts), "{}", taught.file);
        let mut instances: Vec<String> = Vec::new();
        for table in state["instances"].as_array().expect("instances") {
            for row in table["instances"].as_array().expect("rows") {
                instances.push(format!(
                    "[{}] of {}",
                    row[0].as_str().expect("name"),
                    table["class"].as_str().expect("class")
                ));
            }
        }
        let mut listed = taught.instances.clone();
        listed.sort();
        instances.sort();
        assert_eq!(instances, listed, "{}", taught.file);
    }
}

/// A program whose third construct is in error (an unknown function), and the
/// same program without it.
fn program_with_an_error() -> (String, String) {
    let good = [
        "(deffacts start (item a) (item b))",
        "(defrule good-one (item ?x) => (printout t \"one \" ?x crlf))",
        "(defrule good-two (item ?x) => (printout t \"two \" ?x crlf))",
    ];
    let broken = "(defrule broken (item ?x) => (printuot t ?x crlf))";
    let whole = [good[0], good[1], broken, good[2]].join("\n");
    (whole, good.join("\n"))
}

#[test]
fn a_construct_in_error_is_left_out_and_the_rest_runs() {
    let playground = Playground::start();
    let (whole, without) = program_with_an_error();
    let state = playground.state(&program_request("items.clp", &whole));
    let problems = state["problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1, "{state}");
    assert_eq!(problems[0]["line"], 3, "{state}");
    assert!(
        problems[0]["clips"]
            .as_str()
            .expect("CLIPS's message")
            .contains("printuot"),
        "{state}"
    );
    assert!(
        state["rendered"]
            .as_str()
            .expect("rendered")
            .contains("items.clp:3:"),
        "{state}"
    );
    // The rest ran as the program without the broken rule runs.
    let alone = playground.state(&program_request("items.clp", &without));
    assert_eq!(alone["problems"], json!([]));
    for pane in ["output", "facts", "rules", "firings", "stop"] {
        assert_eq!(state[pane], alone[pane], "{pane}");
    }
    assert!(
        state["output"].as_str().expect("output").contains("two a"),
        "{state}"
    );
}

#[test]
fn a_read_stops_the_run_until_it_is_answered() {
    let playground = Playground::start();
    let text = read("examples/teaching/animals.clp");
    let mut request = program_request("animals.clp", &text);
    let asked = playground.state(&request);
    assert_eq!(asked["stop"], "input");
    assert_eq!(asked["output"], "Does it have feathers? (yes/no) ");
    request["input"] = json!(["yes"]);
    let next = playground.state(&request);
    assert_eq!(next["stop"], "input");
    assert!(
        next["output"]
            .as_str()
            .expect("output")
            .ends_with("yes\nDoes it fly? (yes/no) "),
        "{next}"
    );
    assert_eq!(
        next["facts"][0],
        "f-1     (answer (question feathers) (value yes))"
    );
    request["input"] = json!(["yes", "yes"]);
    let done = playground.state(&request);
    assert_eq!(done["stop"], "end");
    assert!(done["output"]
        .as_str()
        .expect("output")
        .ends_with("I think it is a eagle.\n"));
}

#[test]
fn the_playground_refuses_files_and_processes() {
    let playground = Playground::start();
    let dir = std::env::temp_dir().join(format!("salience-serve-refusals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch");
    let keep = dir.join("keep.txt");
    std::fs::write(&keep, "(kept)").expect("keep.txt");
    let made = dir.join("made.txt");
    let actions = [
        format!("(open \"{}\" o \"w\")", made.display()),
        format!("(save-facts \"{}\")", made.display()),
        format!("(dribble-on \"{}\")", made.display()),
        format!("(system \"touch {}\")", made.display()),
        format!("(remove \"{}\")", keep.display()),
        format!("(rename \"{}\" \"{}\")", keep.display(), made.display()),
        format!("(load \"{}\")", keep.display()),
        format!("(batch \"{}\")", keep.display()),
        format!("(load-facts \"{}\")", keep.display()),
        "(chdir \"/\")".to_string(),
        "(exit)".to_string(),
        "(eval \"(system \\\"true\\\")\")".to_string(),
    ];
    for action in actions {
        let text = format!("(defrule try => {action} (assert (went-on)))");
        let state = playground.state(&program_request("try.clp", &text));
        assert_eq!(state["stop"], "error", "{action}: {state}");
        let message = state["message"].as_str().expect("message");
        assert!(
            message.contains("is not available here"),
            "{action}: {message}"
        );
        assert_eq!(state["facts"], json!([]), "{action}");
        assert!(!made.exists() && keep.exists(), "{action}");
    }
    // A defglobal's value is computed as it loads: refused there too.
    let global = format!("(defglobal ?*g* = (system \"touch {}\"))", made.display());
    let (status, _) = playground.program(&program_request("global.clp", &global));
    assert_eq!(status, 200);
    assert!(!made.exists(), "a defglobal ran a process");
    // Puzzle mode's edited rule files are confined as well.
    let rules = format!(
        "{}\n{global}\n(defrule leak => (open \"{}\" o \"w\"))\n",
        read("rulebases/hitori/basic.clp"),
        made.display()
    );
    let (status, reply) = playground.run(&request("hitori", 0, 0, &rules));
    assert_eq!(status, 200, "{reply}");
    assert!(
        !made.exists() && keep.exists(),
        "puzzle mode reached a file: {reply}"
    );
    // The server is still there.
    assert_eq!(playground.get("/api/catalog").0, 200);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_run_is_bounded() {
    let playground = Playground::start();
    // Firings.
    let counting = "(deffacts start (n 0))
        (defrule count ?f <- (n ?x) => (retract ?f) (assert (n (+ ?x 1))))";
    let state = playground.state(&program_request("count.clp", counting));
    assert_eq!(state["stop"], "limit", "{state}");
    assert!(state["message"]
        .as_str()
        .expect("message")
        .contains("firing"));
    assert_eq!(state["firings"], 100_000);
    // Time, inside one firing.
    let started = Instant::now();
    let spinning = "(defrule spin => (while TRUE do (bind ?x 1)))";
    let state = playground.state(&program_request("spin.clp", spinning));
    assert!(
        state["message"]
            .as_str()
            .expect("message")
            .contains("time limit"),
        "{state}"
    );
    assert!(started.elapsed() < Duration::from_secs(60));
    // Output.
    let printing = "(defrule print => (loop-for-count 200000 (printout t \"0123456789\" crlf)))";
    let state = playground.state(&program_request("print.clp", printing));
    assert_eq!(state["output_cut"], true);
    assert_eq!(state["output"].as_str().expect("output").len(), 1 << 20);
    // Memory: a multifield that doubles until the server holds too much.
    let growing =
        "(defrule grow => (bind ?x (create$ a)) (while TRUE do (bind ?x (create$ ?x ?x))))";
    let state = playground.state(&program_request("grow.clp", growing));
    assert!(
        state["message"]
            .as_str()
            .expect("message")
            .contains("memory limit"),
        "{state}"
    );
    // A request body over the bound is refused unread.
    let huge = "x".repeat(2 << 20);
    let (status, _) = playground.exchange("POST", "/api/program", &playground.address, &huge);
    assert_eq!(status, 413);
    assert_eq!(playground.get("/api/catalog").0, 200);
}

#[test]
fn hosts_other_than_an_address_or_localhost_are_refused() {
    let playground = Playground::start();
    let port = playground.address.split(':').nth(1).expect("port");
    for (host, status) in [
        (format!("127.0.0.1:{port}"), 200),
        (format!("localhost:{port}"), 200),
        (format!("192.168.1.5:{port}"), 200),
        (format!("[::1]:{port}"), 200),
        (format!("evil.example:{port}"), 403),
        ("127.0.0.1:1".to_string(), 403),
        ("127.0.0.1".to_string(), 403),
    ] {
        assert_eq!(
            playground.exchange("GET", "/api/catalog", &host, "").0,
            status,
            "{host}"
        );
    }
    // --listen: the address printed is the one asked for; a bad one is named.
    let out = Command::new(env!("CARGO_BIN_EXE_salience"))
        .args(["serve", "--listen", "nowhere"])
        .output()
        .expect("salience serve runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--listen nowhere"));
}

#[test]
fn request_handling_without_a_socket_refuses_what_it_cannot_use() {
    // Playground::handle_request is all a request can make the server do (the fuzz
    // target's entry point): odd methods, targets, hosts and bodies get a status, never
    // a panic.
    use salience::serve::http::{Incoming, Playground as Handler, MAX_BODY};
    let handler = Handler::new(8421).expect("the bundled catalog");
    let host = Some("127.0.0.1:8421");
    let body = |method: &str, target: &str, host: Option<&str>, body: &[u8]| {
        handler
            .handle_request(&Incoming {
                method,
                target,
                host,
                body,
            })
            .status
    };
    assert_eq!(body("GET", "/", host, b""), 200);
    assert_eq!(body("GET", "/", None, b""), 403);
    assert_eq!(body("GET", "/", Some("127.0.0.1:8422"), b""), 403);
    assert_eq!(body("GET", "/", Some(":8421"), b""), 403);
    assert_eq!(body("BREW", "/", host, b""), 405);
    assert_eq!(body("GET", "/api/rules?kind=&level=", host, b""), 400);
    assert_eq!(
        body(
            "GET",
            "/api/rules?&&==&kind=hitori&level=99999999999999999999",
            host,
            b""
        ),
        400
    );
    assert_eq!(body("GET", "/../etc/passwd", host, b""), 404);
    assert_eq!(body("POST", "/api/program", host, b"\xff\xfe{"), 400);
    assert_eq!(body("POST", "/api/program", host, br#"{"files": []}"#), 400);
    assert_eq!(
        body(
            "POST",
            "/api/program",
            host,
            br#"{"files": [{"name": "a", "text": "(defrule"}]}"#
        ),
        200
    );
    assert_eq!(
        body(
            "POST",
            "/api/run",
            host,
            br#"{"kind": "sudoku", "puzzle": 0, "level": 0, "rules": "", "puzzle_text": "12"}"#
        ),
        400
    );
    assert_eq!(
        body("POST", "/api/program", host, &vec![b' '; MAX_BODY + 1]),
        413
    );
}

#[test]
fn fifty_clients_at_once_are_all_answered() {
    // 50 clients on loopback, each sending 4 program runs (the family example, 16
    // firings) one after the other: every reply is right, and the figures are printed
    // for the README.
    const CLIENTS: usize = 50;
    const EACH: usize = 4;
    let playground = Playground::start();
    let request = program_request("family.clp", &read("examples/teaching/family.clp"));
    let expected = playground.state(&request)["output"].clone();
    let before = playground.resident_kb();
    let started = Instant::now();
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|_| {
                scope.spawn(|| {
                    (0..EACH)
                        .map(|_| {
                            let sent = Instant::now();
                            let state = playground.state(&request);
                            assert_eq!(state["output"], expected);
                            sent.elapsed()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        clients
            .into_iter()
            .flat_map(|c| c.join().expect("a client"))
            .collect()
    });
    let wall = started.elapsed();
    let after = playground.resident_kb();
    let mut sorted = latencies.clone();
    sorted.sort();
    assert_eq!(sorted.len(), CLIENTS * EACH);
    println!(
        "load test: {} requests from {CLIENTS} clients in {:.2} s ({:.0}/s); latency median {} ms, \
         95th percentile {} ms, max {} ms; server memory {} MB before, {} MB after",
        sorted.len(),
        wall.as_secs_f64(),
        sorted.len() as f64 / wall.as_secs_f64(),
        sorted[sorted.len() / 2].as_millis(),
        sorted[sorted.len() * 95 / 100].as_millis(),
        sorted[sorted.len() - 1].as_millis(),
        before / 1024,
        after / 1024,
    );
    // Nothing is kept between requests: memory stays within the run bound.
    assert!(after < 512 * 1024, "{after} kB after the load test");
    // And the server still answers.
    assert_eq!(playground.get("/api/catalog").0, 200);
}

mod browser {
    //! The page in headless chromium, driven through chromedriver (WebDriver).

    use super::*;
    use fantoccini::{Client, ClientBuilder, Locator};
    use salience_engine::env::{Environment, TextInput, WHY_DEPTH};
    use salience_engine::value::FactId;
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::rc::Rc;

    /// chromedriver on a free port, or why it cannot run here.
    fn chromedriver() -> Result<(Running, u16), String> {
        for tool in ["chromedriver", "chromium"] {
            let found = Command::new(tool)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            if !found.is_ok_and(|s| s.success()) {
                return Err(format!(
                    "{tool} is not installed (apt-get install chromium chromium-driver)"
                ));
            }
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("chromedriver does not start: {e}"))?;
        let driver = Running(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err("chromedriver did not listen within 20 s".to_string());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Ok((driver, port))
    }

    async fn browser(port: u16) -> Client {
        let mut capabilities = serde_json::Map::new();
        let mut chrome = json!({ "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--window-size=1200,800"] });
        if Path::new("/usr/bin/chromium").exists() {
            chrome["binary"] = json!("/usr/bin/chromium");
        }
        capabilities.insert("goog:chromeOptions".to_string(), chrome);
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a chromium session")
    }

    /// Waits until the script on the page says `expression` is true.
    /// The page open in headless Chromium on a fresh playground, ready; `None`
    /// (the test says it skipped) when there is no chromedriver.
    async fn open_page() -> Option<(Running, Playground, Client)> {
        let (driver, port) = match chromedriver() {
            Ok(found) => found,
            Err(why) => {
                println!("skipped: the playground was not opened in a browser: {why}");
                return None;
            }
        };
        let playground = Playground::start();
        let client = browser(port).await;
        client
            .goto(&playground.url())
            .await
            .expect("the page opens");
        until(&client, "document.body.dataset.ready === 'yes'").await;
        Some((driver, playground, client))
    }

    async fn until(client: &Client, expression: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let value = client
                .execute(&format!("return Boolean({expression});"), vec![])
                .await
                .expect("script runs");
            if value == Value::Bool(true) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {expression}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn click_and_wait(client: &Client, id: &str) {
        client
            .execute("document.body.dataset.busy = 'clicked';", vec![])
            .await
            .expect("script runs");
        client
            .find(Locator::Id(id))
            .await
            .expect("the button")
            .click()
            .await
            .expect("click");
        until(client, "document.body.dataset.busy === 'no'").await;
    }

    async fn text(client: &Client, css: &str) -> String {
        client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .text()
            .await
            .expect("text")
    }

    /// Runs `script` in the page (with `arguments`) and waits for the request it makes.
    async fn act(client: &Client, script: &str, arguments: Vec<Value>) {
        client
            .execute(
                &format!("document.body.dataset.busy = 'clicked'; {script}"),
                arguments,
            )
            .await
            .expect("script runs");
        until(client, "document.body.dataset.busy === 'no'").await;
    }

    async fn value(client: &Client, expression: &str) -> Value {
        client
            .execute(&format!("return {expression};"), vec![])
            .await
            .unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// What the panes show, or the engine holds, at one step: the fact indices (in
    /// index order), the agenda's lines by module as `(agenda MODULE)` shows them,
    /// and each instance as `(send [x] print)` prints it on one line (sorted).
    #[derive(Debug, PartialEq)]
    struct Shown {
        facts: Vec<String>,
        agenda: Agenda,
        instances: Vec<String>,
    }

    /// The engine itself, run as far as the page says: its `(facts)` indices, its
    /// `(agenda MODULE)` lines of each module (blanks squeezed), its instances
    /// (`(instances)`, each printed by `(send [x] print)`), and the environment.
    fn engine_at(text: &str, answers: &[String], firings: u64) -> (Shown, Environment) {
        let mut env = Environment::new();
        let out = env.capture_output();
        env.set_input(Rc::new(RefCell::new(TextInput {
            text: answers.iter().map(|a| format!("{a}\n")).collect(),
            pos: 0,
            echo: true,
        })));
        env.set_journal(true);
        env.load_str(text, "example.clp")
            .expect("the example loads");
        env.reset();
        if firings > 0 {
            env.run(Some(firings)).expect("the example runs");
        }
        out.take();
        env.execute_str("(facts)", "facts");
        let facts = out
            .take()
            .lines()
            .filter_map(|l| l.split_whitespace().next().filter(|f| f.starts_with("f-")))
            .map(str::to_string)
            .collect();
        let modules: Vec<String> = env
            .rt
            .program
            .modules
            .iter()
            .map(|m| m.name.to_string())
            .collect();
        let mut agenda = BTreeMap::new();
        for module in modules {
            env.execute_str(&format!("(agenda {module})"), "agenda");
            let lines: Vec<String> = out
                .take()
                .lines()
                .filter(|l| !l.starts_with("For a total"))
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            if !lines.is_empty() {
                agenda.insert(module, lines);
            }
        }
        env.execute_str("(instances)", "instances");
        let names: Vec<String> = (out.take().lines())
            .filter_map(|l| l.split_whitespace().next().filter(|n| n.starts_with('[')))
            .map(str::to_string)
            .collect();
        let mut instances: Vec<String> = names
            .iter()
            .map(|name| {
                env.execute_str(&format!("(send {name} print)"), "print");
                out.take().split_whitespace().collect::<Vec<_>>().join(" ")
            })
            .collect();
        instances.sort();
        let shown = Shown {
            facts,
            agenda,
            instances,
        };
        (shown, env)
    }

    /// Agenda lines by module.
    type Agenda = BTreeMap<String, Vec<String>>;

    /// What the panes show (instances rebuilt from the tables as `print` prints
    /// them), and the firings shown.
    async fn panes(client: &Client) -> (Shown, u64) {
        let facts: Vec<String> = serde_json::from_value(
            value(
                client,
                "[...document.querySelectorAll('#p-facts .fact')].map((e) => Number(e.dataset.id))\
                 .sort((a, b) => a - b).map((n) => `f-${n}`)",
            )
            .await,
        )
        .expect("fact ids");
        let rows: Vec<Vec<String>> = serde_json::from_value(
            value(
                client,
                "[...document.querySelectorAll('#p-agenda tr.activation')]\
                 .map((r) => [...r.cells].map((c) => c.textContent))",
            )
            .await,
        )
        .expect("agenda rows");
        let mut agenda = Agenda::new();
        for row in rows {
            agenda
                .entry(row[3].clone())
                .or_default()
                .push(format!("{} {}: {}", row[0], row[1], row[2]));
        }
        let firings = text(client, "#p-status")
            .await
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .expect("the firings shown");
        let mut instances: Vec<String> = serde_json::from_value(
            value(
                client,
                "[...document.querySelectorAll('#p-instances table')].flatMap((t) => {\
                   const slots = [...t.rows[0].cells].slice(1).map((c) => c.textContent);\
                   return [...t.querySelectorAll('tr.instance')].map((r) => \
                     `${r.cells[0].textContent} of ${t.caption.textContent}` + slots.map((s, i) => \
                       ` (${s}${r.cells[i + 1].textContent ? ' ' + r.cells[i + 1].textContent : ''})`).join(''));\
                 })",
            )
            .await,
        )
        .expect("instance rows");
        instances.sort();
        let shown = Shown {
            facts,
            agenda,
            instances,
        };
        (shown, firings)
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_class_works_through_the_teaching_examples() {
        let Some((_driver, playground, client)) = open_page().await else {
            return;
        };
        let examples = teaching_examples();
        let titles: Vec<String> = serde_json::from_value(
            value(
                &client,
                "[...document.querySelectorAll('#example option')].map((o) => o.value)",
            )
            .await,
        )
        .expect("options");
        assert!(titles.len() > examples.len(), "{titles:?}");

        // Every example: step forward and back, the panes equal the engine's state.
        for index in 0..titles.len() - 1 {
            act(
                &client,
                "const s = document.getElementById('example'); s.value = arguments[0]; \
                 s.dispatchEvent(new Event('change'));",
                vec![json!(index.to_string())],
            )
            .await;
            let source: String = serde_json::from_value(
                value(&client, "document.getElementById('p-editor').value").await,
            )
            .expect("the editor");
            let taught = examples
                .iter()
                .find(|t| t.text == source)
                .unwrap_or_else(|| panic!("example {index} is not one of examples/teaching"));
            let mut answers: Vec<String> = Vec::new();
            let moves = [
                "p-step", "p-step", "p-step", "p-back", "p-step", "p-back", "p-back",
            ];
            for id in moves {
                let disabled = value(
                    &client,
                    &format!("document.getElementById('{id}').disabled"),
                )
                .await;
                if disabled == json!(true) {
                    continue;
                }
                click_and_wait(&client, id).await;
                if !client
                    .find(Locator::Id("ask"))
                    .await
                    .expect("ask")
                    .is_displayed()
                    .await
                    .expect("shown")
                {
                    let (shown, firings) = panes(&client).await;
                    let (engine, _) = engine_at(&taught.text, &answers, firings);
                    assert_eq!(shown, engine, "{} after {firings} firings", taught.file);
                } else {
                    // A (read): answer as the conformance batch file does.
                    let answer = taught.answers[answers.len()].clone();
                    answers.push(answer.clone());
                    let input = client.find(Locator::Id("ask-input")).await.expect("input");
                    input.send_keys(&answer).await.expect("typing");
                    click_and_wait(&client, "ask-send").await;
                }
            }
        }

        // The animal identifier asks in the page; the whole run prints what CLIPS printed.
        act(
            &client,
            "const s = document.getElementById('example'); s.value = '0'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await;
        let animals = examples
            .iter()
            .find(|t| t.file == "animals.clp")
            .expect("animals");
        click_and_wait(&client, "p-run").await;
        for answer in &animals.answers {
            until(&client, "!document.getElementById('ask').hidden").await;
            let input = client.find(Locator::Id("ask-input")).await.expect("input");
            input.send_keys(answer).await.expect("typing");
            click_and_wait(&client, "ask-send").await;
        }
        assert_eq!(
            value(&client, "document.getElementById('p-output').textContent").await,
            json!(animals.printed)
        );
        let (_, firings) = panes(&client).await;
        let (_, env) = engine_at(&animals.text, &animals.answers, firings);

        // A click on a fact shows its derivation; on a rule, why it has not fired.
        act(
            &client,
            "document.querySelector('#p-facts .fact[data-id=\"2\"]').click();",
            vec![],
        )
        .await;
        let derivation = env.why(FactId(2), WHY_DEPTH).expect("why");
        assert_eq!(
            value(
                &client,
                "document.getElementById('explain-text').textContent"
            )
            .await,
            json!(derivation)
        );
        assert!(
            derivation.contains("asserted by rule ask-flies"),
            "{derivation}"
        );
        act(
            &client,
            "document.querySelector('#p-rules li[data-rule=\"zebra\"]').click();",
            vec![],
        )
        .await;
        if let Ok(file) = std::env::var("SALIENCE_PROGRAM_SCREENSHOT") {
            client.set_window_size(1280, 1000).await.expect("resize");
            let png = client.screenshot().await.expect("a screenshot");
            std::fs::write(&file, png).expect("the screenshot is written");
            client.set_window_size(1200, 800).await.expect("resize");
        }
        let why_not = env.why_not("zebra").expect("why-not");
        assert_eq!(
            value(
                &client,
                "document.getElementById('explain-text').textContent"
            )
            .await,
            json!(why_not)
        );

        // A breakpoint set in the gutter on REPORT::fault; Run to breakpoint stops before it.
        let diagnosis = examples
            .iter()
            .find(|t| t.file == "diagnosis.clp")
            .expect("diagnosis");
        let (_, catalog) = playground.get("/api/catalog");
        let catalog: Value = serde_json::from_str(&catalog).expect("JSON");
        let index = catalog["examples"]
            .as_array()
            .expect("examples")
            .iter()
            .position(|e| e["file"] == "diagnosis.clp")
            .expect("the diagnosis example");
        act(
            &client,
            "const s = document.getElementById('example'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
            vec![json!(index.to_string())],
        )
        .await;
        let line = 1 + diagnosis
            .text
            .lines()
            .position(|l| l.starts_with("(defrule REPORT::fault"))
            .expect("the rule");
        // Scrolled to, as a student would scroll the editor there.
        client
            .execute(
                "const e = document.getElementById('p-editor'); \
                 e.scrollTop = document.getElementById(arguments[0]).offsetTop - 40; \
                 e.dispatchEvent(new Event('scroll'));",
                vec![json!(format!("p-gutter-line-{line}"))],
            )
            .await
            .expect("scrolled");
        client
            .find(Locator::Id(&format!("p-gutter-line-{line}")))
            .await
            .expect("the line number")
            .click()
            .await
            .expect("click");
        let marked = client
            .find(Locator::Css("#p-gutter div.break"))
            .await
            .expect("a breakpoint");
        assert_eq!(marked.text().await.expect("number"), line.to_string());
        click_and_wait(&client, "p-break").await;
        let status = text(&client, "#p-status").await;
        assert!(status.contains("stopped at a breakpoint"), "{status}");
        let first = text(&client, "#p-agenda tr.activation").await;
        assert!(first.contains("fault"), "{first}");
        let (shown, firings) = panes(&client).await;
        let (engine, _) = engine_at(&diagnosis.text, &[], firings);
        assert_eq!(shown, engine);

        // A construct in error is marked at its line and left out; the rest runs.
        let (whole, without) = program_with_an_error();
        client
            .execute(
                "const e = document.getElementById('p-editor'); e.value = arguments[0]; \
                 e.dispatchEvent(new Event('input'));",
                vec![json!(whole)],
            )
            .await
            .expect("the program typed");
        click_and_wait(&client, "p-run").await;
        until(&client, "!document.getElementById('p-problems').hidden").await;
        let marked = client
            .find(Locator::Css("#p-gutter div.bad"))
            .await
            .expect("a marked line");
        assert_eq!(marked.text().await.expect("number"), "3");
        let listed = text(&client, "#p-problem-list li").await;
        assert!(
            listed.contains("line 3") && listed.contains("printuot"),
            "{listed}"
        );
        let (alone, _) = engine_at(&without, &[], u64::MAX);
        let mut engine = Environment::new();
        let out = engine.capture_output();
        engine.load_str(&without, "items.clp").expect("loads");
        engine.reset();
        engine.run(None).expect("runs");
        assert_eq!(
            value(&client, "document.getElementById('p-output').textContent").await,
            json!(out.take())
        );
        let (shown, _) = panes(&client).await;
        assert_eq!(shown, alone);

        // Phone width: nothing wider than the screen.
        client.set_window_size(390, 844).await.expect("resize");
        let fits = value(
            &client,
            "document.documentElement.scrollWidth <= window.innerWidth + 1",
        )
        .await;
        assert_eq!(fits, json!(true), "the page is wider than a phone");
        client.set_window_size(1200, 800).await.expect("resize");

        // A share link opens the same program.
        act(&client, "const s = document.getElementById('example'); s.value = '1'; s.dispatchEvent(new Event('change'));", vec![]).await;
        click_and_wait(&client, "p-step").await;
        click_and_wait(&client, "p-step").await;
        let shown: Value = value(&client, "document.getElementById('p-editor').value").await;
        client
            .find(Locator::Id("share"))
            .await
            .expect("share")
            .click()
            .await
            .expect("click");
        until(
            &client,
            "document.getElementById('share-link').value.includes('#z=')",
        )
        .await;
        let link: String = serde_json::from_value(
            value(&client, "document.getElementById('share-link').value").await,
        )
        .expect("the link");
        client.goto("about:blank").await.expect("away");
        client.goto(&link).await.expect("the link opens");
        until(&client, "document.body.dataset.ready === 'yes'").await;
        assert_eq!(
            value(&client, "document.getElementById('p-editor').value").await,
            shown
        );
        assert_eq!(
            value(&client, "document.getElementById('example').value").await,
            json!("own")
        );

        // Puzzle mode takes a pasted puzzle.
        click_and_wait(&client, "mode-puzzle").await;
        until(
            &client,
            "document.getElementById('status').textContent.startsWith('Step 0 of ')",
        )
        .await;
        act(
            &client,
            "document.getElementById('level').value = '3'; document.getElementById('level').dispatchEvent(new Event('change'));",
            vec![],
        )
        .await;
        client
            .find(Locator::Css("#paste summary"))
            .await
            .expect("the paste box")
            .click()
            .await
            .expect("opened");
        client
            .execute(
                "document.getElementById('puzzle-text').value = arguments[0];",
                vec![json!(transposed_first_hitori())],
            )
            .await
            .expect("pasted");
        click_and_wait(&client, "use-puzzle").await;
        click_and_wait(&client, "run").await;
        let status = text(&client, "#status").await;
        assert!(status.contains("the whole run: solved"), "{status}");

        let errors = value(&client, "document.body.dataset.errors").await;
        assert_eq!(errors, json!("0"), "script errors on the page");
        client.close().await.expect("the browser closes");
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_student_steps_runs_and_breaks_the_rule_file() {
        let Some((_driver, _playground, client)) = open_page().await else {
            return;
        };
        click_and_wait(&client, "mode-puzzle").await;
        until(
            &client,
            "document.getElementById('status').textContent.startsWith('Step 0 of ')",
        )
        .await;
        let grid_at_start = text(&client, "#grid").await;

        // Three steps: the grid changes, the third change is shown with its rule.
        for _ in 0..3 {
            click_and_wait(&client, "step").await;
        }
        assert!(text(&client, "#status").await.starts_with("Step 3 of "));
        let current = text(&client, "#path li.current").await;
        let third = text(&client, "#path li:nth-child(3)").await;
        assert_eq!(current, third);
        let change = text(&client, "#change").await;
        let why = text(&client, "#path li.current .why").await;
        assert!(change.starts_with("Step 3: "), "{change}");
        assert!(
            change.contains(&why) && why.contains('('),
            "{change} / {why}"
        );
        let shaded_or_white = client
            .execute(
                "return document.querySelector('#grid svg').outerHTML;",
                vec![],
            )
            .await
            .expect("the grid");
        assert_ne!(shaded_or_white.as_str().unwrap_or(""), grid_at_start);
        click_and_wait(&client, "back").await;
        assert!(text(&client, "#status").await.starts_with("Step 2 of "));

        // Run to the end.
        click_and_wait(&client, "run").await;
        let status = text(&client, "#status").await;
        assert!(status.contains("the whole run: solved"), "{status}");
        if let Ok(file) = std::env::var("SALIENCE_PLAYGROUND_SCREENSHOT") {
            let png = client.screenshot().await.expect("a screenshot");
            std::fs::write(&file, png).expect("the screenshot is written");
        }

        // Type a `)` too many at the end of the first `(place ...` pattern, then run.
        let rules = read("rulebases/hitori/basic.clp");
        let (line, offset) = rules
            .lines()
            .scan(0, |start, l| {
                let here = (*start, l);
                *start += l.len() + 1;
                Some(here)
            })
            .enumerate()
            .find(|(_, (_, l))| l.trim_start().starts_with("(place "))
            .map(|(i, (start, l))| (i + 1, start + l.len()))
            .expect("a place pattern");
        let editor = client.find(Locator::Id("editor")).await.expect("editor");
        editor.click().await.expect("focus");
        client
            .execute(
                "const e = document.getElementById('editor'); \
                 e.setSelectionRange(arguments[0], arguments[0]);",
                vec![json!(offset)],
            )
            .await
            .expect("caret placed");
        editor.send_keys(")").await.expect("typing");
        let typed: Value = client
            .execute("return document.getElementById('editor').value;", vec![])
            .await
            .expect("the text");
        let typed_line = typed
            .as_str()
            .and_then(|t| t.lines().nth(line - 1))
            .unwrap_or("");
        assert!(typed_line.ends_with("))"), "{typed_line}");
        click_and_wait(&client, "run").await;
        until(&client, "!document.getElementById('problems').hidden").await;
        let first = text(&client, "#problem-list li").await;
        assert!(
            first.starts_with(&format!("Line {line}, column ")),
            "{first}"
        );
        let marked = client
            .find(Locator::Css("#gutter div.bad"))
            .await
            .expect("a marked line");
        assert_eq!(marked.text().await.expect("number"), line.to_string());
        assert_eq!(
            marked.attr("id").await.expect("id"),
            Some(format!("gutter-line-{line}"))
        );
        let rendered = text(&client, "#rendered").await;
        assert!(
            rendered.contains(&format!("basic.clp:{line}:")),
            "{rendered}"
        );
        let errors = client
            .execute("return document.body.dataset.errors;", vec![])
            .await
            .expect("errors");
        assert_eq!(errors, json!("0"), "script errors on the page");
        client.close().await.expect("the browser closes");
    }
}
