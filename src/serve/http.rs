//! The server: listens on 127.0.0.1 only and answers one request at a time.
//!
//! Routes: `GET /` the page; `GET /api/catalog` the kinds, puzzles and levels (JSON);
//! `GET /api/rules?kind=K&level=N` a bundled rule file (text); `POST /api/run` a run or a
//! step (a [`PlayRequest`] as JSON in, a [`Played`](super::play::Played) or the rule
//! file's problems out). A request whose `Host` is not this server's loopback address is
//! refused, so that no other web site can drive the playground through the browser.

use super::catalog::Catalog;
use super::page;
use super::play::{PlayError, PlayRequest};
use serde_json::json;
use std::io::{Read, Write};
use tiny_http::{Header, Method, Request, Response, Server};

/// The largest request body read (an edited rule file with room to spare).
const MAX_BODY: u64 = 4 << 20;

/// Serves the playground on 127.0.0.1:`port` (0 picks a free port) until the process is
/// stopped. The page's address is written to `out` once the server listens.
pub fn serve(port: u16, out: &mut dyn Write) -> Result<(), String> {
    let catalog = Catalog::bundled()?;
    let server = Server::http(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
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
    let hosts = [
        format!("127.0.0.1:{}", address.port()),
        format!("localhost:{}", address.port()),
    ];
    for mut request in server.incoming_requests() {
        let reply = answer(&catalog, &hosts, &mut request);
        // A browser that went away is no reason to stop serving the others.
        let _ = request.respond(reply.into_response());
    }
    Ok(())
}

/// A response before it is sent.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: String,
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

/// The reply to one request.
fn answer(catalog: &Catalog, hosts: &[String], request: &mut Request) -> Reply {
    let host_ok = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .is_some_and(|h| hosts.iter().any(|ok| h.value.as_str() == ok));
    if !host_ok {
        return Reply::refused(403, "this server answers only http://127.0.0.1 requests");
    }
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    match (request.method(), path) {
        (Method::Get, "/") => Reply::new(200, "text/html", page::render().into_string()),
        (Method::Get, "/api/catalog") => Reply::json(200, &catalog.describe()),
        (Method::Get, "/api/rules") => rules(catalog, query),
        (Method::Post, "/api/run") => match read_body(request) {
            Ok(body) => run(catalog, &body),
            Err(reply) => reply,
        },
        (_, "/" | "/api/catalog" | "/api/rules" | "/api/run") => Reply::refused(
            405,
            format!("{} is not allowed on {path}", request.method()),
        ),
        _ => Reply::refused(404, format!("nothing at {path}")),
    }
}

/// `GET /api/rules?kind=K&level=N`: a bundled rule file's text.
fn rules(catalog: &Catalog, query: &str) -> Reply {
    let param = |name: &str| {
        query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
    };
    let Some(kind) = param("kind").and_then(|k| catalog.kind(k)) else {
        return Reply::refused(400, "expected ?kind=NAME&level=N with a known puzzle kind");
    };
    let level = param("level").and_then(|l| l.parse::<usize>().ok());
    match level.and_then(|l| kind.level_text(l)) {
        Some(text) => Reply::new(200, "text/plain", text),
        None => Reply::refused(400, format!("{} has no such rule level", kind.name())),
    }
}

/// `POST /api/run`: a run or a step; the rule file's problems when it does not load.
fn run(catalog: &Catalog, body: &str) -> Reply {
    let request: PlayRequest = match serde_json::from_str(body) {
        Ok(r) => r,
        Err(e) => return Reply::refused(400, format!("the request is not a run request: {e}")),
    };
    match catalog.play(&request) {
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

/// The request's body as text, at most [`MAX_BODY`] bytes.
fn read_body(request: &mut Request) -> Result<String, Reply> {
    let mut body = String::new();
    let read = request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_string(&mut body);
    match read {
        Err(e) => Err(Reply::refused(400, format!("cannot read the request: {e}"))),
        Ok(n) if n as u64 > MAX_BODY => Err(Reply::refused(413, "the request is too large")),
        Ok(_) => Ok(body),
    }
}
