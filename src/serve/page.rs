//! The playground page: one HTML document with its style and script inline, so that it
//! needs nothing but this server. The script (`page.js`) fills the pickers from
//! `/api/catalog` and shows what `/api/program` and `/api/run` answer.

use maud::{html, Markup, PreEscaped, DOCTYPE};

/// The page's script.
const SCRIPT: &str = include_str!("page.js");

/// The page's style.
const STYLE: &str = include_str!("page.css");

/// The whole page.
pub fn render() -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "Salience playground" }
                style { (PreEscaped(STYLE)) }
            }
            body data-ready="no" data-busy="no" data-errors="0" data-mode="program" {
                header {
                    h1 { "Salience playground" }
                    nav.modes {
                        button #mode-program type="button" { "Program" }
                        button #mode-puzzle type="button" { "Puzzle" }
                    }
                    div.share {
                        button #share type="button" title="A link that carries the program" { "Share link" }
                        button #download type="button" title="Save the files" { "Download" }
                        input #share-link type="text" readonly aria-label="The share link" hidden;
                    }
                }
                (program_mode())
                (puzzle_mode())
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
}

/// Program mode: files in tabs, the run controls and the panes.
fn program_mode() -> Markup {
    html! {
        div #program-mode {
            p.intro {
                "Write CLIPS rules (or open an example), then Run, or Step one rule firing at a "
                "time and go Back. Click a line number to set a breakpoint on the rule there, a "
                "fact to see why it holds, a rule to see why it has not fired. A construct in "
                "error is marked and left out; the rest loads and runs, as in CLIPS."
            }
            div.controls {
                label { "Example" select #example {} }
            }
            main {
                section {
                    div.tabs #tabs {}
                    div.toolbar {
                        button #p-reset type="button" title="(reset): the facts before any rule fires" { "Reset" }
                        button #p-back type="button" title="One firing back" { "◀ Back" }
                        button #p-step type="button" title="Fire one rule" { "Step ▶" }
                        button #p-break type="button" title="Run until a rule with a breakpoint is next" { "Run to breakpoint" }
                        button #p-run type="button" title="Run until no rule is left to fire" { "Run" }
                    }
                    div.code {
                        div.gutter #p-gutter {}
                        textarea #p-editor spellcheck="false" autocomplete="off" wrap="off"
                            autocapitalize="off" aria-label="The program" {}
                    }
                    div.problems #p-problems hidden {
                        h2 { "Left out (the rest of the program loaded)" }
                        ul #p-problem-list {}
                        pre #p-rendered {}
                    }
                }
                section {
                    p #p-status { "Loading…" }
                    h2 { "Output" }
                    pre #p-output {}
                    form #ask hidden {
                        label for="ask-input" { "The program asks: " }
                        input #ask-input type="text" autocomplete="off" autocapitalize="off";
                        button #ask-send type="submit" { "Answer" }
                    }
                    h2 { "Facts" }
                    div #p-facts {}
                    h2 { "Instances" }
                    div #p-instances {}
                    div #explain hidden {
                        h2 #explain-title {}
                        pre #explain-text {}
                    }
                    h2 { "Agenda " span #p-strategy {} }
                    table #p-agenda {}
                    p { "Focus stack: " span #p-focus {} }
                    h2 { "Rules" }
                    ul #p-rules {}
                }
            }
        }
    }
}

/// Puzzle mode: a bundled or pasted puzzle, one of its rule files, the grid.
fn puzzle_mode() -> Markup {
    html! {
        div #puzzle-mode hidden {
            p.intro {
                "Pick a puzzle and a rule file, edit the rules, then run them or step through "
                "them one deduction at a time. Each change to the grid is listed with the rule "
                "that made it and the rule's comment."
            }
            div.controls {
                label { "Puzzle kind" select #kind {} }
                label { "Puzzle" select #puzzle {} }
                label { "Rule file" select #level {} }
            }
            details #paste {
                summary { "Paste your own puzzle" }
                textarea #puzzle-text rows="6" spellcheck="false"
                    aria-label="A puzzle in any format salience solve reads" {}
                button #use-puzzle type="button" { "Use this puzzle" }
            }
            main {
                section {
                    div.toolbar {
                        button #run type="button" title="Run the rules to the end" { "Run" }
                        button #start type="button" title="The puzzle as given" { "« Start" }
                        button #back type="button" title="One deduction back" { "◀ Back" }
                        button #step type="button" title="The next deduction" { "Step ▶" }
                        button #restore type="button" title="Reload the bundled rule file" { "Restore file" }
                    }
                    div.code {
                        div.gutter #gutter {}
                        textarea #editor spellcheck="false" autocomplete="off" wrap="off"
                            aria-label="The rule file" {}
                    }
                    p #loaded-with {}
                    div.problems #problems hidden {
                        h2 { "The rule file does not load" }
                        ul #problem-list {}
                        pre #rendered {}
                    }
                }
                section {
                    p #status { "Loading…" }
                    div #grid {}
                    p #change {}
                    ol #path {}
                }
            }
        }
    }
}
