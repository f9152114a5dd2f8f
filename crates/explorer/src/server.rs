//! The local server of `rfc1738 explore`: HTTP/1.1 on loopback, one
//! request a connection, read with `httparse` under fixed bounds, so that
//! a malformed, huge or slow request gets an error and costs a bounded
//! amount of memory and time while the server goes on:
//!
//! - the request line and headers: at most [`MAX_HEAD`] bytes and
//!   [`MAX_HEADERS`] headers (else 431);
//! - a body: only with `Content-Length`, at most [`MAX_BODY`] bytes (else
//!   411 or 413, without reading it), UTF-8 (else 400);
//! - a whole request within [`REQUEST_TIME`] (else 408);
//! - at most [`MAX_CONNECTIONS`] connections at once (the next ones get
//!   503 at once);
//! - a `Host` (and an `Origin`, when sent) naming a loopback address
//!   (else 403): a page of another site cannot reach the server through a
//!   name that resolves to 127.0.0.1.
//!
//! The answers ([`respond`]) are the page, its script and stylesheet, the
//! diagrams, and the JSON of [`crate::explain`]. [`answer`] is one
//! connection served in memory: the bytes the client sent in, the bytes
//! the server wrote out.
//!
//! Why not `tiny_http`: it reads a header line byte by byte into a vector
//! with no bound (`read_next_line` in its `client.rs`, version 0.12), so a
//! request whose header never ends grows the server's memory without
//! limit. `hyper` with an async runtime would cost the tool's build far
//! more than the few bounds written here around `httparse` (hyper's own
//! parser).

use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rfc1738::dialect::Dialect;
use rfc1738_bnf::Grammar;

use crate::diagram::{self, Links};
use crate::explain::{self, Query};

/// The most bytes of a request line and its headers.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most headers of a request.
pub const MAX_HEADERS: usize = 64;
/// The largest body: room for a megabyte of URLs and more.
pub const MAX_BODY: usize = 2 * 1024 * 1024;
/// The longest a request may take to arrive.
pub const REQUEST_TIME: Duration = Duration::from_secs(10);
/// The most connections served at once.
pub const MAX_CONNECTIONS: usize = 16;

pub(crate) const INDEX: &str = include_str!("page/index.html");
pub(crate) const SCRIPT: &str = include_str!("page/explorer.js");
pub(crate) const STYLE: &str = include_str!("page/explorer.css");

/// A request as [`respond`] reads it.
#[derive(Debug)]
pub struct Request<'a> {
    /// `GET`, `HEAD` or `POST` (others are refused before).
    pub method: &'a str,
    /// The path and query, as sent.
    pub target: &'a str,
    /// The body (empty for `GET`).
    pub body: &'a str,
}

/// An answer: status, content type and body.
#[derive(Debug)]
pub struct Response {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
        }
    }

    /// An error: the status and a line saying why, as plain text.
    pub fn error(status: u16, why: &str) -> Response {
        Response::new(
            status,
            "text/plain; charset=utf-8",
            format!("{status} {}: {why}\n", reason(status)),
        )
    }

    fn json(value: &serde_json::Value) -> Response {
        Response::new(
            200,
            "application/json",
            serde_json::to_vec(value).unwrap_or_default(),
        )
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// The answer to a request that has arrived whole.
pub fn respond(request: &Request<'_>) -> Response {
    let (path, query) = request
        .target
        .split_once('?')
        .unwrap_or((request.target, ""));
    let pairs = || form_urlencoded::parse(query.as_bytes()).into_owned();
    let post = request.method == "POST";
    match (post, path) {
        (false, "/" | "/index.html") => Response::new(200, "text/html; charset=utf-8", INDEX),
        (false, "/explorer.js") => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        (false, "/explorer.css") => Response::new(200, "text/css; charset=utf-8", STYLE),
        (false, "/api/grammar") => {
            let revision = pairs()
                .find(|(key, _)| key == "revision")
                .map_or("rfc1738".to_owned(), |(_, value)| value);
            match Dialect::from_name(&revision) {
                Some(dialect) => Response::json(&explain::grammar(dialect)),
                None => Response::error(404, &format!("no revision {revision:?}")),
            }
        }
        (_, "/api/explain") => {
            let query = match Query::from_pairs(pairs().filter(|(key, _)| key != "urls")) {
                Ok(query) => query,
                Err(why) => return Response::error(400, &why),
            };
            let urls = match post {
                true => request.body.to_owned(),
                false => pairs()
                    .filter(|(key, _)| key == "urls")
                    .map(|(_, value)| value)
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
            Response::json(&explain::explain(&urls, &query))
        }
        (false, _) if path.starts_with("/diagrams/") => diagram_file(path),
        (true, _) => Response::error(405, "only /api/explain takes a POST"),
        (false, _) => Response::error(404, "no such page"),
    }
}

/// `/diagrams/<revision>/<production>.svg`: the production's diagram.
fn diagram_file(path: &str) -> Response {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    let rest = decoded.trim_start_matches("/diagrams/");
    let found = rest.split_once('/').and_then(|(revision, file)| {
        let dialect = Dialect::from_name(revision)?;
        let production = file.strip_suffix(".svg")?;
        let grammar = Grammar::of(dialect).ok()?;
        let expr = grammar.get(production)?;
        Some(diagram::svg(production, expr, Links::None))
    });
    match found {
        Some(svg) => Response::new(200, "image/svg+xml", svg),
        None => Response::error(404, "no such diagram"),
    }
}

/// Binds the server to `port` on 127.0.0.1 (0: any free port).
pub fn bind(port: u16) -> io::Result<TcpListener> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, port))
}

/// Serves connections on `listener` until it fails.
pub fn serve(listener: TcpListener) -> io::Result<()> {
    serve_for(listener, REQUEST_TIME)
}

/// [`serve`], with `request_time` the longest a request may take to
/// arrive (tests shorten it).
pub fn serve_for(listener: TcpListener, request_time: Duration) -> io::Result<()> {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
            let _ = write_response(
                &mut stream,
                &Response::error(503, "too many connections"),
                false,
            );
            continue;
        }
        let slot = Slot(Arc::clone(&open));
        // When the thread cannot start, the closure, its stream and its
        // slot are dropped: the connection closes and the slot is free.
        let _ = std::thread::Builder::new()
            .name("explore-connection".into())
            .spawn(move || {
                connection(&mut stream, request_time);
                drop(slot);
            });
    }
    Ok(())
}

/// The bytes the server writes on a connection whose client sent
/// `request` and then ended its side, the server listening at `local`:
/// the same reading under the same bounds, and the same answer, as a
/// connection of [`serve`], in memory. A request that has not arrived
/// whole by the end of `request` is refused as one that stops arriving.
pub fn answer(request: &[u8], local: SocketAddr) -> Vec<u8> {
    let mut memory = InMemory {
        input: request,
        output: Vec::new(),
        local,
    };
    connection(&mut memory, REQUEST_TIME);
    memory.output
}

/// Where a request is read from and its answer written to: a TCP
/// connection, or bytes in memory ([`answer`]).
trait Connection: Read + Write {
    /// Bounds the next read (`None`: no bound).
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()>;
    /// Bounds each write.
    fn set_write_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()>;
    /// Ends the server's side: the answer is complete.
    fn shutdown_write(&mut self);
    /// The address the server listens at (its port is the one a `Host`
    /// names).
    fn local_addr(&self) -> Option<SocketAddr>;
}

impl Connection for TcpStream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()> {
        TcpStream::set_read_timeout(self, timeout)
    }

    fn set_write_timeout(&mut self, timeout: Option<Duration>) -> io::Result<()> {
        TcpStream::set_write_timeout(self, timeout)
    }

    fn shutdown_write(&mut self) {
        let _ = self.shutdown(std::net::Shutdown::Write);
    }

    fn local_addr(&self) -> Option<SocketAddr> {
        TcpStream::local_addr(self).ok()
    }
}

/// A connection in memory: what the client sent, what the server wrote.
struct InMemory<'a> {
    input: &'a [u8],
    output: Vec<u8>,
    local: SocketAddr,
}

impl Read for InMemory<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.input.read(buffer)
    }
}

impl Write for InMemory<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.output.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Connection for InMemory<'_> {
    fn set_read_timeout(&mut self, _: Option<Duration>) -> io::Result<()> {
        Ok(())
    }

    fn set_write_timeout(&mut self, _: Option<Duration>) -> io::Result<()> {
        Ok(())
    }

    fn shutdown_write(&mut self) {}

    fn local_addr(&self) -> Option<SocketAddr> {
        Some(self.local)
    }
}

/// A connection being served; its place is given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One connection: one request read within the bounds, its answer, close.
fn connection(stream: &mut impl Connection, request_time: Duration) {
    let _ = stream.set_write_timeout(Some(request_time));
    let deadline = Instant::now() + request_time;
    let local = stream.local_addr();
    let (response, head_only, unread) = match read_request(stream, deadline, local) {
        Ok((method, target, body)) => {
            let request = Request {
                method: &method,
                target: &target,
                body: &body,
            };
            let head_only = method == "HEAD";
            (respond(&request), head_only, false)
        }
        // A request refused for its size may still be arriving.
        Err(refusal) => {
            let unread = matches!(refusal.status, 411 | 413 | 431);
            (Response::error(refusal.status, &refusal.why), false, unread)
        }
    };
    let _ = write_response(stream, &response, head_only);
    stream.shutdown_write();
    if unread {
        // What the client still sends is read and dropped for a moment, so
        // that closing does not reset the connection before it reads the
        // answer.
        drain(stream);
    }
}

/// Why a request is refused.
struct Refusal {
    status: u16,
    why: String,
}

fn refuse(status: u16, why: impl Into<String>) -> Refusal {
    Refusal {
        status,
        why: why.into(),
    }
}

/// Reads one request: method, target and body.
fn read_request(
    stream: &mut impl Connection,
    deadline: Instant,
    local: Option<SocketAddr>,
) -> Result<(String, String, String), Refusal> {
    let mut buffer = vec![0u8; MAX_HEAD];
    let mut filled = 0;
    let head_end = loop {
        if let Some(end) = find_head_end(&buffer[..filled]) {
            break end;
        }
        if filled == buffer.len() {
            return Err(refuse(
                431,
                format!("the request line and headers exceed {MAX_HEAD} bytes"),
            ));
        }
        match read_before(stream, &mut buffer[filled..], deadline)? {
            0 => return Err(refuse(400, "the request ended before its headers did")),
            read => filled += read,
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buffer[..head_end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err(refuse(400, "an incomplete request head")),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(refuse(431, format!("more than {MAX_HEADERS} headers")))
        }
        Err(error) => return Err(refuse(400, format!("a malformed request: {error}"))),
    }
    let method = parsed.method.unwrap_or_default().to_owned();
    let target = parsed.path.unwrap_or_default().to_owned();
    if !matches!(method.as_str(), "GET" | "HEAD" | "POST") {
        return Err(refuse(
            405,
            format!("{method} is not served (GET, HEAD or POST)"),
        ));
    }
    if !target.starts_with('/') {
        return Err(refuse(400, "the target is not a path"));
    }
    let header = |name: &str| {
        parsed
            .headers
            .iter()
            .filter(|header| header.name.eq_ignore_ascii_case(name))
            .map(|header| String::from_utf8_lossy(header.value).into_owned())
            .collect::<Vec<_>>()
    };
    let host = header("host");
    if host.len() != 1 || !is_loopback_host(&host[0], local) {
        return Err(refuse(
            403,
            "the Host is not this server's loopback address",
        ));
    }
    if header("origin").iter().any(|origin| {
        let authority = origin.strip_prefix("http://").unwrap_or("");
        !is_loopback_host(authority, local)
    }) {
        return Err(refuse(403, "a request from a page of another origin"));
    }
    if !header("transfer-encoding").is_empty() {
        return Err(refuse(411, "a body is sent with Content-Length only"));
    }
    let length = match header("content-length")[..] {
        [] => 0,
        [ref value] => value
            .trim()
            .parse::<usize>()
            .map_err(|_| refuse(400, "Content-Length is not a number"))?,
        _ => return Err(refuse(400, "more than one Content-Length")),
    };
    if length > MAX_BODY {
        return Err(refuse(
            413,
            format!("the body is {length} bytes; at most {MAX_BODY} are read"),
        ));
    }
    if method != "POST" && length > 0 {
        return Err(refuse(400, format!("a {method} with a body")));
    }
    let mut body = Vec::with_capacity(length);
    body.extend_from_slice(&buffer[head_end..filled.min(head_end + length)]);
    drop(buffer);
    while body.len() < length {
        let mut chunk = [0u8; 16 * 1024];
        let wanted = (length - body.len()).min(chunk.len());
        match read_before(stream, &mut chunk[..wanted], deadline)? {
            0 => return Err(refuse(400, "the body ended before its Content-Length")),
            read => body.extend_from_slice(&chunk[..read]),
        }
    }
    let body = String::from_utf8(body).map_err(|_| refuse(400, "the body is not UTF-8"))?;
    Ok((method, target, body))
}

/// Where the head ends (after its blank line), if it has arrived.
fn find_head_end(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map(|at| at + 4)
}

/// One read, given up at `deadline`.
fn read_before(
    stream: &mut impl Connection,
    buffer: &mut [u8],
    deadline: Instant,
) -> Result<usize, Refusal> {
    let left = deadline
        .checked_duration_since(Instant::now())
        .filter(|left| !left.is_zero())
        .ok_or_else(|| refuse(408, "the request took too long to arrive"))?;
    stream
        .set_read_timeout(Some(left))
        .map_err(|_| refuse(400, "the connection failed"))?;
    match stream.read(buffer) {
        Ok(read) => Ok(read),
        Err(error)
            if matches!(
                error.kind(),
                io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
            ) =>
        {
            Err(refuse(408, "the request took too long to arrive"))
        }
        Err(error) => Err(refuse(400, format!("the connection failed: {error}"))),
    }
}

/// Whether `authority` (`host:port` of a `Host` or `Origin`) names a
/// loopback address, with this server's port when it has one.
fn is_loopback_host(authority: &str, local: Option<SocketAddr>) -> bool {
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) if !host.ends_with(':') && port.chars().all(|c| c.is_ascii_digit()) => {
            (host, Some(port))
        }
        _ => (authority, None),
    };
    let loopback = matches!(host, "127.0.0.1" | "localhost" | "[::1]");
    let same_port = match (port, local) {
        (Some(port), Some(local)) => port.parse::<u16>().ok() == Some(local.port()),
        (None, Some(local)) => local.port() == 80,
        (_, None) => true,
    };
    loopback && same_port
}

fn write_response(stream: &mut impl Write, response: &Response, head_only: bool) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\n\
         Content-Type: {}\r\n\
         Content-Length: {}\r\n\
         Connection: close\r\n\
         Cache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:\r\n\
         \r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len(),
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&response.body)?;
    }
    stream.flush()
}

/// Reads and drops what the client still sends, for at most a second and
/// [`MAX_BODY`] bytes.
fn drain(stream: &mut impl Connection) {
    let until = Instant::now() + Duration::from_secs(1);
    let mut dropped = 0;
    let mut chunk = [0u8; 16 * 1024];
    while dropped < MAX_BODY {
        let Some(left) = until
            .checked_duration_since(Instant::now())
            .filter(|d| !d.is_zero())
        else {
            break;
        };
        if stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(read) => dropped += read,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(target: &str) -> Response {
        respond(&Request {
            method: "GET",
            target,
            body: "",
        })
    }

    #[test]
    fn the_page_its_parts_and_the_diagrams_are_served() {
        assert!(String::from_utf8(get("/").body)
            .unwrap()
            .contains("<script src=\"/explorer.js\""));
        assert_eq!(get("/explorer.js").status, 200);
        assert_eq!(get("/explorer.css").status, 200);
        let svg = get("/diagrams/rfc1738/gopher%2B_string.svg");
        assert_eq!((svg.status, svg.content_type), (200, "image/svg+xml"));
        assert_eq!(get("/diagrams/rfc1738/nothing.svg").status, 404);
        assert_eq!(get("/diagrams/draft-04/url.svg").status, 404);
        assert_eq!(get("/nothing").status, 404);
    }

    #[test]
    fn the_api_answers_in_json_and_refuses_a_bad_query() {
        let grammar = get("/api/grammar?revision=draft-oct93");
        let value: serde_json::Value = serde_json::from_slice(&grammar.body).unwrap();
        assert_eq!(value["productions"].as_array().unwrap().len(), 58);
        let answer =
            get("/api/explain?revision=draft-03&urls=URL%3Ahttp%3A%2F%2Fh%2F&rule=prefixedurl");
        let value: serde_json::Value = serde_json::from_slice(&answer.body).unwrap();
        assert_eq!(value["urls"][0]["tree"]["name"], "prefixedurl");
        assert_eq!(
            get("/api/explain?revision=draft-03&rule=nothing").status,
            400
        );
        let post = respond(&Request {
            method: "POST",
            target: "/",
            body: "",
        });
        assert_eq!(post.status, 405);
    }

    #[test]
    fn a_connection_in_memory_is_answered_as_one_over_tcp() {
        let local: SocketAddr = "127.0.0.1:1738".parse().unwrap();
        let status = |request: &[u8]| {
            let written = answer(request, local);
            let line = written.split(|b| *b == b'\r').next().unwrap_or_default();
            String::from_utf8_lossy(line).into_owned()
        };
        assert_eq!(
            status(b"GET /explorer.css HTTP/1.1\r\nHost: 127.0.0.1:1738\r\n\r\n"),
            "HTTP/1.1 200 OK"
        );
        let head = answer(b"HEAD / HTTP/1.1\r\nHost: localhost:1738\r\n\r\n", local);
        assert!(head.ends_with(b"\r\n\r\n"), "no body after the head");
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nHost: localhost:1738\r\n"),
            "HTTP/1.1 400 Bad Request"
        );
        assert_eq!(status(b"\x00\xff\r\n\r\n"), "HTTP/1.1 400 Bad Request");
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nHost: evil:1738\r\n\r\n"),
            "HTTP/1.1 403 Forbidden"
        );
        assert_eq!(
            status(b"POST /api/explain HTTP/1.1\r\nHost: localhost:1738\r\nContent-Length: 9\r\n\r\nhttp"),
            "HTTP/1.1 400 Bad Request"
        );
        let big = format!(
            "POST /api/explain HTTP/1.1\r\nHost: localhost:1738\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY + 1
        );
        assert_eq!(status(big.as_bytes()), "HTTP/1.1 413 Content Too Large");
    }

    #[test]
    fn only_loopback_hosts_on_this_port_are_served() {
        let local: SocketAddr = "127.0.0.1:1738".parse().unwrap();
        assert!(is_loopback_host("127.0.0.1:1738", Some(local)));
        assert!(is_loopback_host("localhost:1738", Some(local)));
        assert!(is_loopback_host("[::1]:1738", Some(local)));
        assert!(!is_loopback_host("127.0.0.1:80", Some(local)));
        assert!(!is_loopback_host("evil.example:1738", Some(local)));
        assert!(!is_loopback_host("localhost", Some(local)));
    }
}
