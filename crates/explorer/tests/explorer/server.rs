//! The server of `rfc1738 explore` over real connections: every malformed,
//! oversized, slow or foreign request gets an error status and the server
//! goes on answering; a megabyte of input is answered whole, its size
//! bounded; the API's answers are the library's.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

use rfc1738::dialect::{self, Dialect};
use rfc1738::Options;
use rfc1738_explorer::server;
use serde_json::Value;

/// How long the test server waits for a request (the real one: 10 s).
const REQUEST_TIME: Duration = Duration::from_millis(1500);

/// One server for the whole test binary, on a free port.
fn address() -> SocketAddr {
    static ADDRESS: OnceLock<SocketAddr> = OnceLock::new();
    *ADDRESS.get_or_init(|| {
        let listener = server::bind(0).unwrap();
        let address = listener.local_addr().unwrap();
        std::thread::spawn(move || server::serve_for(listener, REQUEST_TIME));
        address
    })
}

fn connect() -> TcpStream {
    let stream = TcpStream::connect(address()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream
}

/// Sends `bytes` (as much as the server reads of them), then reads the
/// whole answer.
fn exchange(bytes: &[u8]) -> String {
    let mut stream = connect();
    // The server may answer and close before it has read everything sent.
    let _ = stream.write_all(bytes);
    let _ = stream.shutdown(Shutdown::Write);
    read_all(&mut stream)
}

fn read_all(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn status(answer: &str) -> u16 {
    answer
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"))
}

fn host() -> String {
    format!("127.0.0.1:{}", address().port())
}

fn get(target: &str) -> String {
    exchange(format!("GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n", host()).as_bytes())
}

fn post(target: &str, body: &[u8]) -> String {
    let mut request = format!(
        "POST {target} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        host(),
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    exchange(&request)
}

fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, body)| body)
}

fn json(answer: &str) -> Value {
    assert_eq!(status(answer), 200, "{answer}");
    serde_json::from_str(body(answer)).unwrap()
}

/// The server still serves the page.
fn still_up() {
    let answer = get("/");
    assert_eq!(status(&answer), 200);
    assert!(body(&answer).contains("rfc1738 explore"));
}

#[test]
fn malformed_requests_get_400_and_the_server_goes_on() {
    for request in [
        &b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n"[..],
        b"GET\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost\r\n\r\n",
        b"GET http://example.com/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"\r\n\r\n",
        b"GET / HTTP/1.1\r\n",
        b"",
    ] {
        let answer = exchange(request);
        assert_eq!(status(&answer), 400, "{request:?}: {answer}");
    }
    let host = host();
    let bad = [
        format!("GET / HTTP/1.1\r\nHost: {host}\r\nContent-Length: 3\r\n\r\nabc"),
        format!("POST /api/explain HTTP/1.1\r\nHost: {host}\r\nContent-Length: x\r\n\r\n"),
        format!(
            "POST /api/explain HTTP/1.1\r\nHost: {host}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"
        ),
        // The body ends before its length.
        format!("POST /api/explain HTTP/1.1\r\nHost: {host}\r\nContent-Length: 100\r\n\r\nhttp://a/"),
        format!("GET /api/explain?revision=draft-99&urls=x HTTP/1.1\r\nHost: {host}\r\n\r\n"),
    ];
    for request in bad {
        let answer = exchange(request.as_bytes());
        assert_eq!(status(&answer), 400, "{request:?}: {answer}");
        assert!(answer.contains("Content-Type: text/plain"), "{answer}");
    }
    // A body that is not UTF-8.
    assert_eq!(status(&post("/api/explain", b"http://a/\xff\xfe")), 400);
    still_up();
}

#[test]
fn other_methods_paths_and_chunked_bodies_are_refused() {
    let host = host();
    let answer = exchange(format!("DELETE / HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes());
    assert_eq!(status(&answer), 405);
    let answer = exchange(
        format!(
            "POST /api/explain HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhttp:\r\n0\r\n\r\n"
        )
        .as_bytes(),
    );
    assert_eq!(status(&answer), 411);
    assert_eq!(status(&get("/etc/passwd")), 404);
    assert_eq!(status(&get("/diagrams/../../Cargo.toml")), 404);
    assert_eq!(status(&post("/", b"x")), 405);
    let head = exchange(format!("HEAD / HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes());
    assert_eq!(status(&head), 200);
    assert_eq!(body(&head), "");
    still_up();
}

#[test]
fn huge_heads_and_bodies_get_431_and_413_without_being_read() {
    let host = host();
    // A header line longer than the whole head may be.
    let long = format!(
        "GET / HTTP/1.1\r\nHost: {host}\r\nX-Long: {}\r\n\r\n",
        "a".repeat(server::MAX_HEAD)
    );
    assert_eq!(status(&exchange(long.as_bytes())), 431);
    // A head that never ends: 8 MB without a line break.
    let endless = vec![b'a'; 8 << 20];
    assert_eq!(status(&exchange(&endless)), 431);
    // More headers than are read.
    let mut many = format!("GET / HTTP/1.1\r\nHost: {host}\r\n");
    for index in 0..server::MAX_HEADERS + 1 {
        many.push_str(&format!("X-{index}: {index}\r\n"));
    }
    many.push_str("\r\n");
    assert_eq!(status(&exchange(many.as_bytes())), 431);
    // A body announced larger than is read: refused before it is sent.
    let mut stream = connect();
    let announce = format!(
        "POST /api/explain HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\n\r\n",
        server::MAX_BODY + 1
    );
    stream.write_all(announce.as_bytes()).unwrap();
    let answer = read_all(&mut stream);
    assert_eq!(status(&answer), 413, "{answer}");
    // And a body sent anyway is dropped.
    let mut request = announce.into_bytes();
    request.extend(std::iter::repeat_n(b'x', 4 << 20));
    assert_eq!(status(&exchange(&request)), 413);
    still_up();
}

#[test]
fn a_page_of_another_origin_cannot_ask() {
    let port = address().port();
    for head in [
        "Host: evil.example\r\n".to_owned(),
        format!("Host: evil.example:{port}\r\n"),
        "Host: 127.0.0.1:1\r\n".to_owned(),
        format!("Host: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"),
        format!("Host: 127.0.0.1:{port}\r\nHost: 127.0.0.1:{port}\r\n"),
        String::new(),
    ] {
        let answer = exchange(format!("GET /api/grammar HTTP/1.1\r\n{head}\r\n").as_bytes());
        assert_eq!(status(&answer), 403, "{head:?}");
    }
    let answer = exchange(
        format!("GET /api/grammar HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: http://localhost:{port}\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(status(&answer), 200);
}

#[test]
fn slow_and_idle_connections_time_out_and_the_rest_wait_their_turn() {
    // A server of its own, so that no other test takes its places.
    let listener = server::bind(0).unwrap();
    let own = listener.local_addr().unwrap();
    std::thread::spawn(move || server::serve_for(listener, REQUEST_TIME));
    let open = || {
        let stream = TcpStream::connect(own).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
    };
    let request = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", own.port());
    let ask = || {
        let mut stream = open();
        stream.write_all(request.as_bytes()).unwrap();
        read_all(&mut stream)
    };
    // A head that stops coming: 408 once the request time is over.
    let mut slow = open();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
        .unwrap();
    let answer = read_all(&mut slow);
    assert_eq!(status(&answer), 408, "{answer}");
    // (Its place is given back once its thread ends.)
    std::thread::sleep(Duration::from_millis(200));
    // As many idle connections as are served at once, and one more: that
    // one is told at once that the server is busy.
    let idle: Vec<TcpStream> = (0..server::MAX_CONNECTIONS).map(|_| open()).collect();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(status(&ask()), 503);
    for mut stream in idle {
        assert_eq!(status(&read_all(&mut stream)), 408);
    }
    // Their places are free again.
    assert_eq!(status(&ask()), 200);
}

#[test]
fn a_megabyte_of_input_is_answered_with_a_bounded_answer() {
    // One URL of a megabyte: verdicts, the failure at its end, findings.
    let mut url = String::from("http://h.example/");
    url.push_str(&"ab/".repeat((1 << 20) / 3));
    // A `/` in the search: no httpurl, an otherurl.
    url.push_str("?q/");
    let answer = json(&post("/api/explain", url.as_bytes()));
    let one = &answer["urls"][0];
    assert_eq!(one["bytes"], url.len());
    assert_eq!(one["failure"]["offset"], url.len() - 1);
    assert_eq!(
        one["verdicts"][3]["alternatives"],
        serde_json::json!(["otherurl"])
    );
    // A megabyte of short lines: the first ones read, the rest counted.
    let lines = "http://h.example/a\nftp://u@h/x\n".repeat((1 << 20) / 31);
    let text = post("/api/explain", lines.as_bytes());
    let answer = json(&text);
    let count = lines.lines().count();
    assert_eq!(answer["lines"], count);
    assert_eq!(answer["omitted"], count - 1000);
    assert_eq!(answer["urls"].as_array().unwrap().len(), 1000);
    assert!(body(&text).len() < 4 << 20, "{} bytes", body(&text).len());
    // A megabyte that derives: the tree is cut at its bound.
    let long = format!("http://h.example/{}", "a/".repeat(1 << 19));
    let answer = json(&post("/api/explain", long.as_bytes()));
    let tree = &answer["urls"][0]["tree"];
    assert_eq!(tree["end"], long.len());
    assert!(answer["urls"][0]["nodes"].as_u64().unwrap() > 500_000);
    still_up();
}

/// The tree of the API in the notation of `rfc1738 tree`.
fn notation(node: &Value, url: &str, depth: usize, out: &mut String) {
    let (start, end) = (
        node["start"].as_u64().unwrap() as usize,
        node["end"].as_u64().unwrap() as usize,
    );
    out.push_str(&format!(
        "{:indent$}{} {start}..{end} {:?}\n",
        "",
        node["name"].as_str().unwrap(),
        &url[start..end],
        indent = depth * 2
    ));
    for child in node["children"].as_array().unwrap() {
        notation(child, url, depth + 1, out);
    }
}

#[test]
fn the_answers_are_the_librarys() {
    let urls = [
        "http://www.w3.org/pub/WWW/TheProject.html",
        "ftp://anonymous:x@ftp.funet.fi:21/pub/;type=d",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "news:comp.infosystems.www",
        "URL:http://h/",
        "http://h.x/a#b",
        "mailto:joe@example.com",
        "wais://h/db?query",
        "telnet://u:p@h:23/",
    ];
    for dialect in Dialect::ALL {
        for mode in ["default", "strict"] {
            let options = Options::default().with_strict(mode == "strict");
            let body = urls.join("\n");
            let target = format!("/api/explain?revision={}&mode={mode}", dialect.name());
            let answer = json(&post(&target, body.as_bytes()));
            for (url, explained) in urls.iter().zip(answer["urls"].as_array().unwrap()) {
                let report = dialect::revisions_with(url, options);
                for (verdict, shown) in report
                    .verdicts
                    .iter()
                    .zip(explained["verdicts"].as_array().unwrap())
                {
                    assert_eq!(shown["accepted"], verdict.accepted(), "{url}");
                    assert_eq!(shown["text"], verdict.to_string());
                }
                let expected = match dialect {
                    Dialect::Rfc1738 => rfc1738::parse_with(url, options)
                        .map(|parsed| parsed.syntax().to_string())
                        .map_err(|error| error.to_string()),
                    _ => dialect::tree(dialect, "url", url, options)
                        .map(|node| node.to_string())
                        .map_err(|error| error.to_string()),
                };
                match (&explained["tree"], expected) {
                    (Value::Null, Err(message)) => {
                        assert_eq!(explained["failure"]["message"], message, "{dialect} {url}")
                    }
                    (tree, Ok(text)) if !tree.is_null() => {
                        let mut shown = String::new();
                        notation(tree, url, 0, &mut shown);
                        assert_eq!(shown, text, "{dialect} {url}");
                    }
                    (tree, expected) => panic!("{dialect} {url}: {tree} against {expected:?}"),
                }
            }
        }
    }
}
