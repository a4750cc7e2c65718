//! A playground request, as the server reads it off the socket: the first line is the
//! method, the second the target, the third the `Host` header (an empty line: none,
//! `-`: this server's own address), the rest the body. The reply must be one the
//! server documents: a known status, and a JSON body for every JSON reply.
#![no_main]

use salience::serve::http::{Incoming, Playground, Reply};
use std::sync::OnceLock;

/// The port the playground believes it listens on (nothing is bound).
const PORT: u16 = 8421;

/// Statuses `Playground::handle_request` answers with.
const STATUSES: [u16; 6] = [200, 400, 403, 404, 405, 413];

fn playground() -> &'static Playground {
    static PLAYGROUND: OnceLock<Playground> = OnceLock::new();
    PLAYGROUND.get_or_init(|| Playground::new(PORT).expect("the bundled catalog loads"))
}

/// Splits off the text up to the next newline (all of it when there is none).
fn line<'a>(rest: &mut &'a [u8]) -> &'a [u8] {
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let (head, tail) = rest.split_at(end);
    *rest = tail.get(1..).unwrap_or_default();
    head
}

fn check(reply: &Reply) {
    assert!(STATUSES.contains(&reply.status), "status {}", reply.status);
    if reply.content_type == "application/json" {
        serde_json::from_str::<serde_json::Value>(&reply.body).expect("a JSON reply");
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    salience_fuzz::enter_scratch();
    let mut rest = data;
    let method = String::from_utf8_lossy(line(&mut rest)).into_owned();
    let target = String::from_utf8_lossy(line(&mut rest)).into_owned();
    let host = String::from_utf8_lossy(line(&mut rest)).into_owned();
    let own = format!("127.0.0.1:{PORT}");
    let host = match host.as_str() {
        "" => None,
        "-" => Some(own.as_str()),
        other => Some(other),
    };
    let request = Incoming {
        method: &method,
        target: &target,
        host,
        body: rest,
    };
    check(&playground().handle_request(&request));
});
