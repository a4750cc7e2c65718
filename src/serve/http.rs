//! The server: listens on 127.0.0.1 by default (`--listen ADDR` for a class), answers
//! with a few worker threads, each request on its own, nothing kept between requests.
//!
//! Routes: `GET /` the page; `GET /api/catalog` the puzzle kinds, their puzzles and
//! levels, and the teaching examples (JSON); `GET /api/rules?kind=K&level=N` a bundled
//! rule file (text); `POST /api/run` a puzzle run or step (a [`PlayRequest`] in, a
//! [`Played`](super::play::Played) or the rule file's problems out); `POST
//! /api/program` a program-mode run (a [`ProgramRequest`] in, a
//! [`ProgramState`](super::program::ProgramState) out, with the problems of any
//! construct left out).
//!
//! [`Playground::handle_request`] is the whole of what a request can make the server
//! do, apart from reading the bytes off the socket: it takes the method, target,
//! `Host` header and body as they came and gives the reply, so that it can be tested
//! and fuzzed without a socket. A request whose `Host` names this server by a domain
//! name other than `localhost` is refused, so that no other web site can drive the
//! playground through a browser (DNS rebinding); an IP address is accepted, so that
//! students reach a teacher's `--listen 0.0.0.0:8421` by the teacher's address.

use super::catalog::Catalog;
use super::page;
use super::play::{PlayError, PlayRequest};
use super::program::{run_program, BadRequest, ProgramRequest};
use serde_json::json;
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response, Server};

/// The largest request body answered (a program of several files with room to spare).
pub const MAX_BODY: usize = 1 << 20;

/// Threads answering requests: runs beyond this many wait their turn.
const WORKERS: usize = 4;

/// Each worker's stack: deffunctions may recurse 2,000 deep (see `src/stack.rs`).
const WORKER_STACK: usize = 256 << 20;

/// Serves the playground on `listen` (port 0 picks a free one) until the process is
/// stopped. The page's address is written to `out` once the server listens.
pub fn serve(listen: SocketAddr, out: &mut dyn Write) -> Result<(), String> {
    let server = Server::http(listen).map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or("the server has no IP address")?;
    writeln!(
        out,
        "Salience playground: http://{address}/  (Ctrl-C stops it)"
    )
    .and_then(|()| out.flush())
    .map_err(|e| format!("cannot write the address: {e}"))?;
    let playground = Arc::new(Playground::new(address.port())?);
    let server = Arc::new(server);
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (server, playground) = (Arc::clone(&server), Arc::clone(&playground));
            std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn(move || {
                    for mut request in server.incoming_requests() {
                        let reply = playground.answer(&mut request);
                        // A browser that went away is no reason to stop serving the others.
                        let _ = request.respond(reply.into_response());
                    }
                })
                .map_err(|e| format!("cannot start a worker: {e}"))
        })
        .collect::<Result<_, _>>()?;
    for worker in workers {
        let _ = worker.join();
    }
    Ok(())
}

/// A response before it is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The media type, without its charset.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Reply {
    fn new(status: u16, content_type: &'static str, body: impl Into<String>) -> Self {
        Reply {
            status,
            content_type,
            body: body.into(),
        }
    }

    fn json(status: u16, value: &serde_json::Value) -> Self {
        Reply::new(status, "application/json", value.to_string())
    }

    /// A request the page should not have made: `{"ok": false, "message": ...}`.
    fn refused(status: u16, message: impl Into<String>) -> Self {
        Reply::json(status, &json!({ "ok": false, "message": message.into() }))
    }

    fn into_response(self) -> Response<std::io::Cursor<Vec<u8>>> {
        let content_type = format!("{}; charset=utf-8", self.content_type);
        // The length is known: send it rather than chunks.
        let mut response = Response::from_string(self.body)
            .with_status_code(self.status)
            .with_chunked_threshold(usize::MAX);
        for (name, value) in [
            ("Content-Type", content_type.as_str()),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
        ] {
            if let Ok(header) = Header::from_bytes(name, value) {
                response = response.with_header(header);
            }
        }
        response
    }
}

/// A request as it came: what [`Playground::handle_request`] reads.
#[derive(Clone, Copy, Debug)]
pub struct Incoming<'a> {
    /// The method, e.g. `GET`.
    pub method: &'a str,
    /// The request target, e.g. `/api/rules?kind=hitori&level=0`.
    pub target: &'a str,
    /// The `Host` header, if there was one.
    pub host: Option<&'a str>,
    /// The body (at most [`MAX_BODY`] bytes are answered).
    pub body: &'a [u8],
}

/// What the server holds: the bundled catalog and its own port.
pub struct Playground {
    catalog: Catalog,
    port: u16,
}

impl Playground {
    /// The playground of a server listening on `port`.
    pub fn new(port: u16) -> Result<Self, String> {
        Ok(Playground {
            catalog: Catalog::bundled()?,
            port,
        })
    }

    /// Reads a request off the socket (the body bounded) and answers it.
    fn answer(&self, request: &mut Request) -> Reply {
        let declared = request.body_length().unwrap_or(0);
        if declared > MAX_BODY {
            return Reply::refused(413, "the request is too large");
        }
        let mut body = Vec::new();
        if let Err(e) = request
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body)
        {
            return Reply::refused(400, format!("cannot read the request: {e}"));
        }
        let host = request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Host"))
            .map(|h| h.value.as_str().to_string());
        let method = request.method().to_string();
        let target = request.url().to_string();
        self.handle_request(&Incoming {
            method: &method,
            target: &target,
            host: host.as_deref(),
            body: &body,
        })
    }

    /// The reply to one request: every check and every parse of what the client sent.
    pub fn handle_request(&self, request: &Incoming) -> Reply {
        if !request.host.is_some_and(|h| self.host_ok(h)) {
            return Reply::refused(
                403,
                "this server answers requests addressed to it by IP address or localhost",
            );
        }
        if request.body.len() > MAX_BODY {
            return Reply::refused(413, "the request is too large");
        }
        let (path, query) = request
            .target
            .split_once('?')
            .unwrap_or((request.target, ""));
        let method = request.method.parse::<Method>().ok();
        match (method, path) {
            (Some(Method::Get), "/") => Reply::new(200, "text/html", page::render().into_string()),
            (Some(Method::Get), "/api/catalog") => Reply::json(200, &self.catalog.describe()),
            (Some(Method::Get), "/api/rules") => self.rules(query),
            (Some(Method::Post), "/api/run") => self.run(request.body),
            (Some(Method::Post), "/api/program") => program(request.body),
            (_, "/" | "/api/catalog" | "/api/rules" | "/api/run" | "/api/program") => {
                Reply::refused(405, format!("{} is not allowed on {path}", request.method))
            }
            _ => Reply::refused(404, "nothing at this address"),
        }
    }

    /// Whether `host` (a `Host` header) names this server: `localhost` or an IP
    /// address, with this server's port.
    fn host_ok(&self, host: &str) -> bool {
        let Some((name, port)) = host.rsplit_once(':') else {
            return false;
        };
        if port.parse::<u16>().ok() != Some(self.port) {
            return false;
        }
        let name = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name);
        name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok()
    }

    /// `GET /api/rules?kind=K&level=N`: a bundled rule file's text.
    fn rules(&self, query: &str) -> Reply {
        let param = |name: &str| {
            query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value)
        };
        let Some(kind) = param("kind").and_then(|k| self.catalog.kind(k)) else {
            return Reply::refused(400, "expected ?kind=NAME&level=N with a known puzzle kind");
        };
        let level = param("level").and_then(|l| l.parse::<usize>().ok());
        match level.and_then(|l| kind.level_text(l)) {
            Some(text) => Reply::new(200, "text/plain", text),
            None => Reply::refused(400, format!("{} has no such rule level", kind.name())),
        }
    }

    /// `POST /api/run`: a puzzle run or step; the rule file's problems when it does
    /// not load.
    fn run(&self, body: &[u8]) -> Reply {
        let request: PlayRequest = match serde_json::from_slice(body) {
            Ok(r) => r,
            Err(e) => return Reply::refused(400, format!("the request is not a run request: {e}")),
        };
        match self.catalog.play(&request) {
            Ok(played) => {
                let mut value = json!(played);
                value["ok"] = json!(true);
                Reply::json(200, &value)
            }
            Err(PlayError::Rules { problems, rendered }) => Reply::json(
                200,
                &json!({ "ok": false, "problems": problems, "rendered": rendered }),
            ),
            Err(PlayError::BadRequest(message)) => Reply::refused(400, message),
        }
    }
}

/// `POST /api/program`: a program-mode run, with the problems of the constructs left out.
fn program(body: &[u8]) -> Reply {
    let request: ProgramRequest = match serde_json::from_slice(body) {
        Ok(r) => r,
        Err(e) => return Reply::refused(400, format!("the request is not a program request: {e}")),
    };
    match run_program(&request) {
        Ok(state) => {
            let mut value = json!(state);
            value["ok"] = json!(true);
            Reply::json(200, &value)
        }
        Err(BadRequest(message)) => Reply::refused(400, message),
    }
}
