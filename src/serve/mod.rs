//! `salience serve`: the playground, a local web page for learning to write rules.
//!
//! Two modes. In program mode a student writes any CLIPS program (one or more files, or
//! a bundled teaching example, [`examples`]) and runs it, steps it forward and back,
//! runs it to a breakpoint, answers its `(read)`s, and sees the output, the facts, the
//! agenda and the focus stack after each step, why a fact holds and why a rule does
//! not fire ([`program`]). In puzzle mode a student picks a bundled puzzle (or pastes
//! one) and one of its rule files, edits the rule file, then runs it or steps through
//! it one deduction at a time and watches the grid change, each change shown beside the
//! rule that made it and that rule's comment ([`play`]). A file that does not load has
//! its problems shown at their lines.
//!
//! The server ([`http`]) listens on 127.0.0.1 unless told otherwise and serves
//! everything the page needs itself: the page ([`page`], with its script and style
//! inline), the puzzles, rule files and examples bundled in the binary ([`catalog`]),
//! and runs. Both modes are stateless: the engine is deterministic, so a step is a
//! replay stopped after the right number of firings ([`play::Stepper`]). Rules typed in
//! the page are untrusted: they run with no file or process access and bounded in
//! firings, time, facts, memory and output.

pub mod catalog;
pub mod examples;
pub mod http;
pub mod page;
pub mod play;
pub mod program;
pub mod rules;

pub use http::serve;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The address `salience serve` listens on: `--listen ADDR` or `ADDR:PORT` (127.0.0.1
/// when not given), with `--port` when `ADDR` names no port.
pub fn listen_address(listen: Option<&str>, port: u16) -> Result<SocketAddr, String> {
    let Some(text) = listen else {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
    };
    if let Ok(address) = text.parse::<SocketAddr>() {
        return Ok(address);
    }
    let bare = text.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>()
        .map(|ip| SocketAddr::new(ip, port))
        .map_err(|_| {
            format!("--listen {text}: expected an IP address, e.g. 0.0.0.0 or 127.0.0.1:8421")
        })
}
