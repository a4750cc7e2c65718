//! `salience`: run CLIPS programs from the command line.

mod allocator;
mod repl;
mod stack;
mod stepping;

/// mimalloc for small blocks, the system's allocator for large ones (see [`allocator`]).
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

use clap::{Parser, Subcommand};
use salience::compare::{CompareRequest, Outputs};
use salience::solve::hitori::Hitori;
use salience::solve::kakuro::Kakuro;
use salience::solve::run::{solve_files, Format, SolveRequest};
use salience::solve::sudoku::Sudoku;
use salience::solve::{PuzzleKind, SolveOptions};
use salience_engine::agenda::Strategy;
use salience_engine::env::{DiagnosticStyle, Environment};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "salience",
    version,
    about = "A CLIPS-compatible forward-chaining rule engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Load the files in order, (reset), (run); print only what the program prints.
    Run {
        /// The .clp files to load.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Stop after this many rule firings (an error: the program did not finish).
        #[arg(long)]
        max_firings: Option<u64>,
        /// Stop when working memory would exceed this many facts.
        #[arg(long)]
        max_facts: Option<usize>,
        /// Stop after this many seconds of running.
        #[arg(long)]
        max_seconds: Option<f64>,
        /// Conflict-resolution strategy: depth, breadth, simplicity, complexity, lex, mea, random.
        #[arg(long, default_value = "depth")]
        strategy: Strategy,
        /// Trace: rules, facts, activations (repeatable).
        #[arg(long, value_parser = ["rules", "facts", "activations", "focus", "globals", "statistics", "all"])]
        watch: Vec<String>,
        /// Print the number of rules fired and the time taken on standard error.
        #[arg(long)]
        stats: bool,
        /// Fire one rule at a time, showing the activation, the facts it changed and the
        /// agenda after it (waits for Enter between steps on a terminal).
        #[arg(long)]
        step: bool,
        /// Run until this rule is about to fire, then step (repeatable).
        #[arg(long = "break", value_name = "RULE")]
        breaks: Vec<String>,
        #[command(flatten)]
        hypotheses: HypothesisFlags,
        /// How errors are shown: `rich` (Salience's, with a caret under the source) or
        /// `clips` (CLIPS 6.41's messages, word for word).
        #[arg(long, value_enum, default_value = "rich")]
        diagnostics: Diagnostics,
    },
    /// Execute a CLIPS command file as `clips -f FILE` does, echoing each command.
    Batch {
        /// The command file.
        file: PathBuf,
        /// Do not echo commands (as `clips -f2`).
        #[arg(long)]
        quiet: bool,
        /// How errors are shown: `clips` (CLIPS 6.41's messages, word for word) or
        /// `rich` (Salience's, with a caret under the source).
        #[arg(long, value_enum, default_value = "clips")]
        diagnostics: Diagnostics,
    },
    /// Solve puzzles with a rulebase: read the files, run the rules on each puzzle, check and print the answers.
    Solve {
        /// The puzzle: hitori, kakuro or sudoku.
        puzzle: PuzzleName,
        /// The puzzle files (the format is detected from the content).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// A rule file to use instead of the bundled rulebase; repeat for several levels, weakest first.
        #[arg(long = "rules", value_name = "FILE.clp")]
        rules: Vec<PathBuf>,
        /// How to print results.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Force the input format instead of detecting it.
        #[arg(long, value_name = "FORMAT")]
        input_format: Option<String>,
        /// A puzzle variant (sudoku: `x` makes the two diagonals units too).
        #[arg(long)]
        variant: Option<String>,
        /// Print the resolution path: every deduction with the rule that made it.
        #[arg(long)]
        explain: bool,
        /// Stop a puzzle after this many rule firings (reported as `limit`).
        #[arg(long)]
        max_firings: Option<u64>,
        /// Stop a puzzle after this many seconds (reported as `limit`).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        #[command(flatten)]
        hypotheses: HypothesisFlags,
        /// With `--format svg`: write one picture per puzzle into this directory.
        #[arg(long, value_name = "DIR")]
        output: Option<PathBuf>,
    },
    /// Compare rule sets on puzzle collections: a table on stdout, raw results, an HTML report.
    Compare {
        /// The puzzle: hitori, kakuro or sudoku.
        puzzle: PuzzleName,
        /// The collections (puzzle files).
        #[arg(required_unless_present = "merge")]
        files: Vec<PathBuf>,
        /// A rule set: comma-separated rule files loaded in order; repeat to compare several.
        /// Without it, the bundled levels are compared cumulatively (level 1, levels 1-2, ...).
        #[arg(long = "rules", value_name = "A.clp[,B.clp...]")]
        rules: Vec<String>,
        /// Worker threads (default: all cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Run only the K-th of N deterministic slices of the puzzles (save it with --json).
        #[arg(long, value_name = "K/N")]
        shard: Option<salience::compare::Shard>,
        /// Combine saved shard results (JSON files, or directories of them) instead of running.
        #[arg(long, value_name = "PATH", num_args = 1.., conflicts_with_all = ["files", "rules", "shard"])]
        merge: Vec<PathBuf>,
        /// Write the per-puzzle results as CSV.
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Write the per-puzzle results as JSON (the format --merge reads).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Write a static HTML report (index.html) into this directory.
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
        /// Force the input format instead of detecting it.
        #[arg(long, value_name = "FORMAT")]
        input_format: Option<String>,
        /// A puzzle variant (sudoku: `x`).
        #[arg(long)]
        variant: Option<String>,
        /// Stop a puzzle after this many rule firings (reported as `limit`).
        #[arg(long)]
        max_firings: Option<u64>,
        /// Stop a puzzle after this many seconds (reported as `limit`).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        #[command(flatten)]
        hypotheses: HypothesisFlags,
    },
    /// The playground: a web page to write, run and step CLIPS programs and puzzle rule files.
    Serve {
        /// The port (0 picks a free one); the page's address is printed.
        #[arg(long, default_value_t = 8421)]
        port: u16,
        /// The address to listen on: 127.0.0.1 (this machine only) unless given, e.g.
        /// `0.0.0.0` for a class on the local network, or `ADDR:PORT`.
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
    },
    /// An interactive CLIPS prompt: line editing, history, tab completion, `(exit)` or Ctrl-D to leave.
    Repl {
        /// Keep the command history in ~/.salience_history across sessions.
        #[arg(long)]
        history: bool,
        /// How errors are shown: `clips` (CLIPS 6.41's messages, word for word) or
        /// `rich` (Salience's, with a caret under the source).
        #[arg(long, value_enum, default_value = "clips")]
        diagnostics: Diagnostics,
    },
}

/// How errors are shown (`--diagnostics`).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Diagnostics {
    /// CLIPS 6.41's messages, word for word: a transcript is the one CLIPS makes.
    Clips,
    /// Salience's messages with file, line, column and a caret under the source.
    Rich,
}

impl From<Diagnostics> for DiagnosticStyle {
    fn from(d: Diagnostics) -> Self {
        match d {
            Diagnostics::Clips => DiagnosticStyle::Clips,
            Diagnostics::Rich => DiagnosticStyle::Rich,
        }
    }
}

/// Limits on hypothetical reasoning (`defhypothesis`), shared by run, solve and compare.
#[derive(clap::Args, Clone, Copy, Debug)]
struct HypothesisFlags {
    /// Switch hypothetical reasoning (trial and error, BLISS) off.
    #[arg(long)]
    no_hypotheses: bool,
    /// The most hypothesis branches one run (one puzzle) may open.
    #[arg(long, value_name = "N")]
    max_hypotheses: Option<u64>,
    /// The deepest hypothesis level: 1 keeps T&E(1) and BLISS(1), 2 also BLISS(2) and T&E(2).
    #[arg(long, value_name = "N")]
    max_hypothesis_depth: Option<u32>,
}

/// The puzzles `salience solve` knows.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum PuzzleName {
    Hitori,
    Kakuro,
    Sudoku,
}

/// `salience compare` for one puzzle kind: build the rule sets, then run or merge.
fn compare_command<K: PuzzleKind>(
    rules: &[String],
    mut request: CompareRequest,
    merge: &[PathBuf],
    outputs: &Outputs,
) -> Result<(), String> {
    if merge.is_empty() {
        request.rule_sets = salience::compare::rule_sets::<K>(rules)?;
        salience::compare::compare::<K>(Some(&request), merge, outputs)
    } else {
        salience::compare::compare::<K>(None, merge, outputs)
    }
    .map(|_| ())
}

fn main() -> ExitCode {
    // Deeply recursive programs (deffunctions calling themselves) need a large stack.
    stack::raise_limit();
    real_main(Cli::parse())
}

/// Writes out what the program wrote, and leaves the environment to the end of the
/// process, which comes next. Freeing every fact, token and node one by one walked the
/// whole of working memory and the network again, cold in the caches: 4.3% of
/// joins_100k's instructions, 1.1% of waltz_50's. CLIPS's `(exit)` does not free its
/// environment either.
fn finish(mut env: Environment) {
    // Flushing the output router's buffer flushes standard output under it.
    env.close_outputs();
    std::mem::forget(env);
}

fn real_main(cli: Cli) -> ExitCode {
    let mut env = Environment::new();
    env.set_output(std::io::BufWriter::new(std::io::stdout()));
    match cli.command {
        Command::Run {
            files,
            max_firings,
            max_facts,
            max_seconds,
            strategy,
            watch,
            stats,
            step,
            breaks,
            hypotheses,
            diagnostics,
        } => {
            env.set_diagnostic_style(diagnostics.into());
            let limits = env.limits_mut();
            limits.max_firings = max_firings;
            limits.max_facts = max_facts;
            limits.max_time = max_seconds.map(Duration::from_secs_f64);
            limits.no_hypotheses = hypotheses.no_hypotheses;
            limits.max_hypotheses = hypotheses.max_hypotheses;
            limits.max_hypothesis_depth = hypotheses.max_hypothesis_depth;
            env.set_strategy(strategy);
            // As CLIPS loads, a construct with an error is reported and left out, and the
            // rest of the program loads and runs; the exit status then says it failed.
            let mut load_failed = false;
            let unreadable = allocator::returning_emptied_pages(|| {
                for file in &files {
                    match env.load_file_reporting(file) {
                        Err(e) if e.diagnostics.is_empty() => return Some(e),
                        Err(_) => load_failed = true,
                        Ok(()) => {}
                    }
                }
                None
            });
            if let Some(e) = unreadable {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
            for item in &watch {
                // The values are checked by clap; `set` accepts every one of them.
                let _ = env.watch_mut().set(item, true);
            }
            for rule in &breaks {
                if !env.set_break(rule, true) {
                    eprintln!("error: --break {rule}: no rule of that name");
                    return ExitCode::FAILURE;
                }
            }
            let started = Instant::now();
            env.reset();
            let result = if step || !breaks.is_empty() {
                stepping::run_stepping(&mut env, step)
            } else {
                env.run(None)
            };
            finish(env);
            if stats {
                let fired = result.as_ref().copied().unwrap_or(0);
                eprintln!(
                    "{fired} rules fired in {:.3} s",
                    started.elapsed().as_secs_f64()
                );
            }
            match result {
                Ok(_) if load_failed => ExitCode::FAILURE,
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Batch {
            file,
            quiet,
            diagnostics,
        } => {
            env.set_diagnostic_style(diagnostics.into());
            let text = match salience_engine::syntax::encoding::read_file(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: cannot read {}: {e}", file.display());
                    return ExitCode::FAILURE;
                }
            };
            env.batch_str(&text, &file.display().to_string(), !quiet);
            finish(env);
            ExitCode::SUCCESS
        }
        Command::Solve {
            puzzle,
            files,
            rules,
            format,
            input_format,
            variant,
            explain,
            max_firings,
            timeout,
            output,
            hypotheses,
        } => {
            let request = SolveRequest {
                files,
                rules,
                format,
                input_format,
                variant,
                output,
                options: SolveOptions {
                    max_firings,
                    timeout: timeout.map(Duration::from_secs_f64),
                    explain,
                    no_hypotheses: hypotheses.no_hypotheses,
                    max_hypotheses: hypotheses.max_hypotheses,
                    max_hypothesis_depth: hypotheses.max_hypothesis_depth,
                    ..SolveOptions::default()
                },
            };
            let run = match puzzle {
                PuzzleName::Hitori => solve_files::<Hitori>,
                PuzzleName::Kakuro => solve_files::<Kakuro>,
                PuzzleName::Sudoku => solve_files::<Sudoku>,
            };
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            match run(&request, &mut out, &mut std::io::stderr()) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Compare {
            puzzle,
            files,
            rules,
            jobs,
            shard,
            merge,
            csv,
            json,
            report,
            input_format,
            variant,
            max_firings,
            timeout,
            hypotheses,
        } => {
            let outputs = Outputs {
                csv,
                json,
                report,
                command: std::env::args().collect::<Vec<_>>().join(" "),
            };
            let compare = match puzzle {
                PuzzleName::Hitori => compare_command::<Hitori>,
                PuzzleName::Kakuro => compare_command::<Kakuro>,
                PuzzleName::Sudoku => compare_command::<Sudoku>,
            };
            let request = CompareRequest {
                files,
                rule_sets: Vec::new(),
                input_format,
                variant,
                options: SolveOptions {
                    max_firings,
                    timeout: timeout.map(Duration::from_secs_f64),
                    explain: false,
                    no_hypotheses: hypotheses.no_hypotheses,
                    max_hypotheses: hypotheses.max_hypotheses,
                    max_hypothesis_depth: hypotheses.max_hypothesis_depth,
                    ..SolveOptions::default()
                },
                jobs,
                shard,
                pictures: outputs.report.is_some(),
                progress: std::io::stderr().is_terminal(),
            };
            match compare(&rules, request, &merge, &outputs) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Serve { port, listen } => {
            match salience::serve::listen_address(listen.as_deref(), port)
                .and_then(|address| salience::serve::serve(address, &mut std::io::stdout()))
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Repl {
            history,
            diagnostics,
        } => {
            env.set_diagnostic_style(diagnostics.into());
            let result = if std::io::stdin().is_terminal() {
                let history_file = history
                    .then(|| std::env::var_os("HOME"))
                    .flatten()
                    .map(|home| PathBuf::from(home).join(".salience_history"));
                repl::Terminal::new(history_file)
                    .and_then(|mut terminal| repl::run_session(&mut env, &mut terminal))
            } else {
                let mut plain = repl::Plain::new(std::io::stdin().lock(), std::io::stdout());
                repl::run_session(&mut env, &mut plain)
            };
            match result {
                Ok(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
