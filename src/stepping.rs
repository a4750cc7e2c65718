//! `salience run --step` and `--break RULE`: fire one rule at a time, printing what each
//! firing did; on a terminal, wait for Enter between steps (`c` runs on to the next
//! breakpoint, `q` stops).

use salience_engine::env::{Environment, RunError, StopReason};
use std::io::{BufRead, IsTerminal};

/// What the user answered at a step prompt.
enum Answer {
    Next,
    Continue,
    Quit,
}

/// Runs with stepping; `from_start` steps from the first firing, otherwise the run
/// goes on until a breakpoint and steps from there. Returns the number of firings.
pub fn run_stepping(env: &mut Environment, from_start: bool) -> Result<u64, RunError> {
    let interactive = std::io::stdin().is_terminal();
    let mut stepping = from_start;
    let mut fired = 0;
    loop {
        if !stepping {
            let (n, reason) = env.run_with_reason(None)?;
            fired += n;
            if reason != StopReason::Breakpoint {
                return Ok(fired);
            }
            stepping = true;
        }
        if !env.step()? {
            return Ok(fired);
        }
        fired += 1;
        if interactive {
            match prompt() {
                Answer::Next => {}
                Answer::Continue => stepping = false,
                Answer::Quit => return Ok(fired),
            }
        }
    }
}

/// Asks what to do next; end of input quits.
fn prompt() -> Answer {
    eprint!("[Enter] next step, c continue to the next breakpoint, q quit: ");
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => Answer::Quit,
        Ok(_) => match line.trim() {
            "c" => Answer::Continue,
            "q" => Answer::Quit,
            _ => Answer::Next,
        },
    }
}
