//! The explorer's local server: the property of the `explorer` target, any
//! bytes sent on a connection ([`rfc1738_explorer::server::answer`], the
//! same reading and answer as a connection over TCP).
//!
//! - The server writes an answer (it never just drops the connection): a
//!   status line `HTTP/1.1 NNN Reason` of a status it serves, headers, a
//!   blank line, and a body of exactly its `Content-Length` (none for
//!   `HEAD`).
//! - The next connection, a plain request for the stylesheet, is served.

use std::net::SocketAddr;

use rfc1738_explorer::server::answer;

/// Where the server listens (a `Host` must name this port).
const LOCAL: &str = "127.0.0.1:1738";

/// The statuses the server answers with, and their reasons.
const STATUSES: &[(u16, &str)] = &[
    (200, "OK"),
    (400, "Bad Request"),
    (403, "Forbidden"),
    (404, "Not Found"),
    (405, "Method Not Allowed"),
    (408, "Request Timeout"),
    (411, "Length Required"),
    (413, "Content Too Large"),
    (431, "Request Header Fields Too Large"),
];

/// Checks one answer: its status, and its body's length (which a `HEAD`,
/// when `may_omit_body`, leaves out). Returns the status.
pub fn check_answer(written: &[u8], may_omit_body: bool) -> u16 {
    let head_end = written
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("the answer's head ends with a blank line");
    let head = std::str::from_utf8(&written[..head_end]).expect("the head is UTF-8");
    let body = &written[head_end + 4..];
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let rest = status_line
        .strip_prefix("HTTP/1.1 ")
        .unwrap_or_else(|| panic!("a status line {status_line:?}"));
    let (code, reason) = rest
        .split_once(' ')
        .unwrap_or_else(|| panic!("a status line {status_line:?}"));
    let code: u16 = code
        .parse()
        .unwrap_or_else(|_| panic!("a status line {status_line:?}"));
    assert!(
        STATUSES.contains(&(code, reason)),
        "a status the server does not serve: {status_line:?}"
    );
    let mut length = None;
    for line in lines {
        let (name, value) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("a header line {line:?}"));
        assert!(
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_graphic()),
            "a header name {name:?}"
        );
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>().expect("a Content-Length"));
        }
    }
    let length = length.expect("a Content-Length");
    assert!(
        body.len() == length || (may_omit_body && body.is_empty()),
        "a body of {} bytes, its Content-Length {length} ({status_line})",
        body.len()
    );
    code
}

/// The `explorer` target.
pub fn connection(data: &[u8]) {
    let local: SocketAddr = LOCAL.parse().expect("an address");
    let written = answer(data, local);
    assert!(!written.is_empty(), "an answer to {data:?}");
    // A HEAD that was read whole is answered without the body.
    check_answer(&written, data.starts_with(b"HEAD"));
    let next = answer(
        b"GET /explorer.css HTTP/1.1\r\nHost: 127.0.0.1:1738\r\n\r\n",
        local,
    );
    assert_eq!(check_answer(&next, false), 200, "the next connection");
}
