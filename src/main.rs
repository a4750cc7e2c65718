//! `salience`: run CLIPS programs from the command line.

mod repl;


use clap::{Parser, Subcommand};
use salience_engine::agenda::Strategy;
use salience_engine::env::Environment;
use std::io::{IsTerminal, Write};
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
    },
    /// Execute a CLIPS command file as `clips -f FILE` does, echoing each command.
    Batch {
        /// The command file.
        file: PathBuf,
        /// Do not echo commands (as `clips -f2`).
        #[arg(long)]
        quiet: bool,
    },
    /// An interactive CLIPS prompt: line editing, history, tab completion, `(exit)` or Ctrl-D to leave.
    Repl {
        /// Keep the command history in ~/.salience_history across sessions.
        #[arg(long)]
        history: bool,
    },
}

fn main() -> ExitCode {
    // Deeply recursive programs (deffunctions calling themselves) need a large stack.
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| real_main(Cli::parse()))
        .expect("spawning the main thread");
    worker.join().unwrap_or(ExitCode::from(101))
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
        } => {
            let limits = env.limits_mut();
            limits.max_firings = max_firings;
            limits.max_facts = max_facts;
            limits.max_time = max_seconds.map(Duration::from_secs_f64);
            env.set_strategy(strategy);
            for file in &files {
                if let Err(e) = env.load_file(file) {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
            for item in &watch {
                // The values are checked by clap; `set` accepts every one of them.
                let _ = env.watch_mut().set(item, true);
            }
            let started = Instant::now();
            env.reset();
            let result = env.run(None);
            let _ = std::io::stdout().flush();
            if stats {
                let fired = result.as_ref().copied().unwrap_or(0);
                eprintln!(
                    "{fired} rules fired in {:.3} s",
                    started.elapsed().as_secs_f64()
                );
            }
            match result {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Batch { file, quiet } => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: cannot read {}: {e}", file.display());
                    return ExitCode::FAILURE;
                }
            };
            env.batch_str(&text, &file.display().to_string(), !quiet);
            ExitCode::SUCCESS
        }
        Command::Repl { history } => {
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
