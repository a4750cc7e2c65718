//! The playground page: one HTML document with its style and script inline, so that it
//! needs nothing but this server. The script (`page.js`) fills the pickers from
//! `/api/catalog` and shows what `/api/run` answers.

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
                title { "Salience playground" }
                style { (PreEscaped(STYLE)) }
            }
            body data-ready="no" data-busy="no" data-errors="0" {
                h1 { "Salience playground" }
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
                            div #gutter {}
                            textarea #editor spellcheck="false" autocomplete="off" wrap="off"
                                aria-label="The rule file" {}
                        }
                        p #loaded-with {}
                        div #problems hidden {
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
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
}
