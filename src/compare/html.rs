//! The static HTML report (`--report DIR`): one self-contained `index.html` that opens
//! from disk with no server and no network — the tables, a chart of time per puzzle,
//! firing counts per rule, and every puzzle's final grid with its resolution path.

use super::results::{Comparison, PuzzleResult};
use super::table::{solved_by_only, summary};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// At most this many steps of a resolution path are shown per puzzle.
const PATH_STEPS: usize = 60;

/// Writes `DIR/index.html`.
pub fn write_report(dir: &Path, comparison: &Comparison, command: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let page = render(comparison, command)?;
    let file = dir.join("index.html");
    std::fs::write(&file, page.into_string())
        .map_err(|e| format!("cannot write {}: {e}", file.display()))
}

/// The report page.
pub fn render(comparison: &Comparison, command: &str) -> Result<Markup, String> {
    let chart = time_chart(comparison)?;
    Ok(html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { "Salience: " (comparison.puzzle) " rule sets compared" }
                style { (PreEscaped(STYLE)) }
                // Any script error on the page is counted where a test can see it.
                script { (PreEscaped("window.addEventListener('error',function(){var b=document.body;b.dataset.errors=String(Number(b.dataset.errors||0)+1);});")) }
            }
            body data-errors="0" {
                h1 { (comparison.puzzle) ": rule sets compared" }
                p { "Made by " code { (command) } }
                h2 { "Summary" }
                (summary_table(comparison))
                (differences(comparison))
                h2 { "Time per puzzle" }
                p { "Each line is a rule set; puzzles sorted from fastest to slowest." }
                div.chart { (PreEscaped(chart)) }
                h2 { "Rule firings" }
                (firing_table(comparison))
                h2 { "Puzzles" }
                (puzzles(comparison))
                script { (PreEscaped("document.body.dataset.loaded='yes';")) }
            }
        }
    })
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:70em}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}\
th{background:#eee}td.name{text-align:left}.solved{color:#060}.wrong{color:#b00;font-weight:bold}\
details{margin:.3em 0}.grid{display:inline-block;vertical-align:top;margin:.5em 1em .5em 0}\
.grid svg{max-width:22em;height:auto}ol{font-size:90%}";

fn summary_table(comparison: &Comparison) -> Markup {
    html! {
        table #summary {
            tr { th { "rule set" } th { "collection" } th { "puzzles" } th { "solved" } th { "stuck" }
                 th { "wrong" } th { "failed" } th { "median ms" } th { "p95 ms" } th { "firings" } }
            @for row in summary(comparison) {
                tr data-rule-set=(row.rule_set) data-collection=(row.collection) {
                    td.name { (row.rule_set) } td.name { (row.collection) }
                    td.puzzles { (row.puzzles) } td.solved { (row.solved) } td.stuck { (row.stuck) }
                    td.wrong { (row.wrong) } td.failed { (row.failed) }
                    td { (format!("{:.2}", row.median_ms)) } td { (format!("{:.2}", row.p95_ms)) }
                    td.firings { (row.firings) }
                }
            }
        }
    }
}

fn differences(comparison: &Comparison) -> Markup {
    html! {
        @for a in &comparison.rule_sets {
            @for b in &comparison.rule_sets {
                @let only = if a == b { Vec::new() } else { solved_by_only(comparison, a, b) };
                @if !only.is_empty() {
                    details {
                        summary { "Solved by " b { (a) } " but not by " b { (b) } ": " (only.len()) }
                        ul { @for p in &only { li { (p.label()) } } }
                    }
                }
            }
        }
    }
}

/// Total firings of every rule, per rule set.
fn firing_table(comparison: &Comparison) -> Markup {
    let mut counts: BTreeMap<&str, BTreeMap<&str, u64>> = BTreeMap::new();
    for r in &comparison.results {
        for (rule, n) in &r.rules {
            *counts
                .entry(rule.as_str())
                .or_default()
                .entry(r.rule_set.as_str())
                .or_default() += n;
        }
    }
    html! {
        table #firings {
            tr { th { "rule" } @for set in &comparison.rule_sets { th { (set) } } }
            @for (rule, by_set) in &counts {
                tr { td.name { (rule) }
                     @for set in &comparison.rule_sets { td { (by_set.get(set.as_str()).copied().unwrap_or(0)) } } }
            }
        }
    }
}

fn puzzles(comparison: &Comparison) -> Markup {
    let mut by_puzzle: BTreeMap<(usize, usize), Vec<&PuzzleResult>> = BTreeMap::new();
    for r in &comparison.results {
        let collection = comparison
            .collections
            .iter()
            .position(|c| *c == r.collection)
            .unwrap_or(usize::MAX);
        by_puzzle.entry((collection, r.index)).or_default().push(r);
    }
    html! {
        @for results in by_puzzle.values() {
            @let first = results[0];
            details.puzzle {
                summary { (first.collection) " #" (first.index) " " (first.name) ": "
                    @for (i, r) in results.iter().enumerate() {
                        @if i > 0 { ", " }
                        span class=(r.status) { (r.rule_set) " " (r.status) }
                    }
                }
                @for r in results {
                    div.grid {
                        p { b { (r.rule_set) } ": " (r.status) ", level " (r.level) ", "
                            (r.firings) " firings, " (format!("{:.2}", r.elapsed_us as f64 / 1e3)) " ms" }
                        @if let Some(svg) = &r.svg { (PreEscaped(strip_xml_header(svg))) }
                        @if !r.path.is_empty() {
                            details { summary { "resolution path (" (r.path.len()) " steps)" }
                                ol { @for step in r.path.iter().take(PATH_STEPS) { li { (step) } } }
                                @if r.path.len() > PATH_STEPS {
                                    p { "... and " (r.path.len() - PATH_STEPS) " more steps (" code { "salience solve --explain" } " prints them all)" }
                                } }
                        }
                    }
                }
            }
        }
    }
}

/// An SVG document without its `<?xml ...?>` line, for inlining in HTML.
fn strip_xml_header(svg: &str) -> &str {
    match svg.strip_prefix("<?xml") {
        Some(rest) => rest
            .split_once("?>")
            .map_or(svg, |(_, body)| body.trim_start()),
        None => svg,
    }
}

/// A line per rule set of its puzzle times in milliseconds, sorted (a cactus plot).
fn time_chart(comparison: &Comparison) -> Result<String, String> {
    let series: Vec<(&String, Vec<f64>)> = comparison
        .rule_sets
        .iter()
        .map(|set| {
            let mut times: Vec<f64> = comparison
                .results
                .iter()
                .filter(|r| &r.rule_set == set)
                .map(|r| r.elapsed_us as f64 / 1e3)
                .collect();
            times.sort_by(f64::total_cmp);
            (set, times)
        })
        .collect();
    let most = series
        .iter()
        .map(|(_, t)| t.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let slowest = series
        .iter()
        .flat_map(|(_, t)| t.last().copied())
        .fold(1.0, f64::max);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 360)).into_drawing_area();
        let draw = |e: &dyn std::fmt::Display| format!("cannot draw the chart: {e}");
        root.fill(&WHITE).map_err(|e| draw(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(60)
            .build_cartesian_2d(0..most, 0.0..slowest * 1.05)
            .map_err(|e| draw(&e))?;
        chart
            .configure_mesh()
            .x_desc("puzzles, fastest first")
            .y_desc("ms per puzzle")
            .draw()
            .map_err(|e| draw(&e))?;
        for (i, (name, times)) in series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    times.iter().enumerate().map(|(x, t)| (x, *t)),
                    color.stroke_width(2),
                ))
                .map_err(|e| draw(&e))?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| draw(&e))?;
        root.present().map_err(|e| draw(&e))?;
    }
    Ok(svg)
}
