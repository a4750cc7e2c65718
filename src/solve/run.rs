//! The `salience solve <puzzle>` command over files: read each file's puzzles, solve them
//! in file order, print each result as it comes, and a summary per file.

use super::kind::{Numbered, PuzzleKind};
use super::report::{self, Tally};
use super::solver::{SolveOptions, Solver};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A grid per puzzle and a summary per file.
    Text,
    /// One JSON object per puzzle per line.
    Json,
    /// An SVG picture per puzzle (into `--output DIR`, or to standard output).
    Svg,
}

/// Everything `salience solve` was asked to do.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// The puzzle files.
    pub files: Vec<PathBuf>,
    /// Rule files replacing the bundled rulebase (each one a level).
    pub rules: Vec<PathBuf>,
    /// The output format.
    pub format: Format,
    /// The input format, or `None` to detect it.
    pub input_format: Option<String>,
    /// A puzzle variant, e.g. `x` for Sudoku-X.
    pub variant: Option<String>,
    /// Where SVG pictures go.
    pub output: Option<PathBuf>,
    /// Limits and the explain switch.
    pub options: SolveOptions,
}

/// Runs the request, writing results to `out` and problems to `err`. Returns `true` when
/// every puzzle was read and no answer was wrong.
pub fn solve_files<K: PuzzleKind>(
    request: &SolveRequest,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool, String> {
    if let Some(format) = &request.input_format {
        if !K::INPUT_FORMATS.contains(&format.as_str()) {
            return Err(format!(
                "unknown {} input format {format:?}; expected one of: {}",
                K::NAME,
                K::INPUT_FORMATS.join(", ")
            ));
        }
    }
    let rules = (!request.rules.is_empty()).then_some(request.rules.as_slice());
    let mut solver = Solver::<K>::with_options(rules, request.options)?;
    if let Some(dir) = &request.output {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut sound = true;
    for file in &request.files {
        let name = file.display().to_string();
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                writeln!(err, "error: cannot read {name}: {e}").map_err(io)?;
                sound = false;
                continue;
            }
        };
        let puzzles = match K::parse(&text, request.input_format.as_deref()) {
            Ok(puzzles) => puzzles,
            Err(e) => {
                writeln!(err, "error: {name}: {e}").map_err(io)?;
                sound = false;
                continue;
            }
        };
        let mut tally = Tally::default();
        for entry in puzzles {
            match entry.and_then(|p| apply_variant::<K>(p, request.variant.as_deref())) {
                Err(problem) => {
                    tally.unreadable += 1;
                    writeln!(
                        err,
                        "error: {}",
                        report::describe_unreadable(&name, &problem)
                    )
                    .map_err(io)?;
                    if request.format == Format::Json {
                        writeln!(out, "{}", report::json_unreadable(&name, &problem))
                            .map_err(io)?;
                    }
                }
                Ok(puzzle) => {
                    let outcome = solver.solve(&puzzle.puzzle);
                    tally.add(&outcome);
                    match request.format {
                        Format::Json => {
                            let line = report::json_result::<K>(&name, &puzzle, &outcome);
                            writeln!(out, "{line}").map_err(io)?;
                            // Each result is shown as soon as it is known.
                            out.flush().map_err(io)?;
                        }
                        Format::Text => {
                            let block = report::text_result::<K>(&name, &puzzle, &outcome);
                            out.write_all(block.as_bytes()).map_err(io)?;
                            out.flush().map_err(io)?;
                        }
                        Format::Svg => {
                            let svg = K::render_svg(&puzzle.puzzle, outcome.answer.as_ref());
                            write_svg(request.output.as_deref(), file, puzzle.index, &svg, out)?;
                        }
                    }
                }
            }
        }
        if request.format == Format::Text {
            out.write_all(tally.summary(&name).as_bytes()).map_err(io)?;
        }
        sound &= tally.all_sound();
    }
    out.flush().map_err(io)?;
    Ok(sound)
}

/// Applies `--variant` to a freshly read puzzle.
pub fn apply_variant<K: PuzzleKind>(
    mut puzzle: Numbered<K::Puzzle>,
    variant: Option<&str>,
) -> Result<Numbered<K::Puzzle>, super::kind::PuzzleError> {
    if let Some(variant) = variant {
        K::set_variant(&mut puzzle.puzzle, variant).map_err(|message| {
            super::kind::PuzzleError {
                index: puzzle.index,
                name: puzzle.name.clone(),
                line: 1,
                column: None,
                message,
            }
        })?;
    }
    Ok(puzzle)
}

/// Writes one SVG picture to `DIR/<file stem>-<index>.svg`, or to `out`.
fn write_svg(
    dir: Option<&Path>,
    file: &Path,
    index: usize,
    svg: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    match dir {
        Some(dir) => {
            let stem = file
                .file_stem()
                .map_or_else(|| "puzzle".into(), |s| s.to_string_lossy());
            let path = dir.join(format!("{stem}-{index}.svg"));
            std::fs::write(&path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => writeln!(out, "{svg}").map_err(io),
    }
}

fn io(e: std::io::Error) -> String {
    format!("cannot write the results: {e}")
}
