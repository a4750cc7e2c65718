//! What `(watch statistics)` prints after a run, as CLIPS prints it: the rules
//! fired, the run time and rate, and the mean and maximum numbers of facts,
//! instances and activations, sampled before the first firing and after each one.

use crate::value::format_float;
use std::time::Instant;

/// The counts a run samples while statistics are watched.
#[derive(Debug)]
pub(super) struct RunStatistics {
    started: Instant,
    facts: Sample,
    activations: Sample,
}

/// A count sampled before the run and after each firing: the sum and the maximum.
#[derive(Debug)]
struct Sample {
    sum: u64,
    max: u64,
}

impl Sample {
    fn new(count: usize) -> Self {
        Sample {
            sum: count as u64,
            max: count as u64,
        }
    }

    fn add(&mut self, count: usize) {
        self.sum += count as u64;
        self.max = self.max.max(count as u64);
    }

    /// The mean over the samples (one more than the rules fired), rounded as CLIPS
    /// rounds it.
    fn mean(&self, fired: u64) -> u64 {
        (self.sum as f64 / (fired + 1) as f64 + 0.5) as u64
    }
}

impl RunStatistics {
    /// Starts sampling: the counts before the first firing.
    pub(super) fn start(facts: usize, activations: usize) -> Self {
        RunStatistics {
            started: Instant::now(),
            facts: Sample::new(facts),
            activations: Sample::new(activations),
        }
    }

    /// The counts after a firing.
    pub(super) fn sample(&mut self, facts: usize, activations: usize) {
        self.facts.add(facts);
        self.activations.add(activations);
    }

    /// The report, line by line as CLIPS's `Run` writes it (Salience has no
    /// instances: their line says none, as CLIPS's console says without any).
    pub(super) fn report(&self, fired: u64) -> String {
        let seconds = self.started.elapsed().as_secs_f64();
        let mut out = format!("{fired} rules fired");
        if seconds > 0.0 {
            out.push_str(&format!(
                "        Run time is {} seconds.\n{} rules per second.\n",
                format_float(seconds),
                format_float(fired as f64 / seconds)
            ));
        } else {
            out.push('\n');
        }
        out.push_str(&format!(
            "{} mean number of facts ({} maximum).\n",
            self.facts.mean(fired),
            self.facts.max
        ));
        out.push_str("0 mean number of instances (0 maximum).\n");
        out.push_str(&format!(
            "{} mean number of activations ({} maximum).\n",
            self.activations.mean(fired),
            self.activations.max
        ));
        out
    }
}
