//! JSON-RPC over standard input and output, framed as LSP frames it:
//! `Content-Length: N` headers, an empty line, N bytes of JSON.
//!
//! lsp-server's own stdio transport ends the connection at the first
//! malformed message; this one answers it with an error response
//! (JSON-RPC's parse error or invalid request, with the message's id when
//! it has one) and reads on. A body larger than [`MAX_MESSAGE`] is skipped.

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{Receiver, SyncSender};

use lsp_server::{ErrorCode, Message};
use serde_json::{json, Value};

/// The largest message read, in bytes: a document of 20 MB is one message
/// of about that size (more when its characters are escaped).
pub(crate) const MAX_MESSAGE: usize = 256 << 20;

/// The longest header line read.
const MAX_HEADER_LINE: usize = 4096;

/// A message from the client.
#[derive(Debug)]
pub(crate) enum Incoming {
    Message(Message),
    /// A frame that is no message: answered with this error.
    Malformed {
        id: Value,
        code: ErrorCode,
        message: String,
    },
}

/// A message to the client.
#[derive(Debug)]
pub(crate) enum Outgoing {
    Message(Message),
    /// A message written already (JSON): a large one is not built as a
    /// `serde_json::Value` first.
    Json(Vec<u8>),
    /// An error response whose id lsp-server cannot express (`null`, or
    /// an id of a malformed request).
    Error {
        id: Value,
        code: ErrorCode,
        message: String,
    },
}

impl From<Message> for Outgoing {
    fn from(message: Message) -> Outgoing {
        Outgoing::Message(message)
    }
}

/// One frame: its body, or why it has none.
enum Frame {
    Body(Vec<u8>),
    Bad(String),
}

/// Reads one line of at most [`MAX_HEADER_LINE`] bytes (the rest of a
/// longer line is skipped); `None` at the end of the input.
fn header_line(input: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut line = Vec::new();
    let read = input
        .by_ref()
        .take(MAX_HEADER_LINE as u64)
        .read_until(b'\n', &mut line)?;
    if read == 0 {
        return Ok(None);
    }
    if line.last() != Some(&b'\n') {
        if line.len() < MAX_HEADER_LINE {
            // The input ended inside the line.
            return Ok(None);
        }
        let mut rest = Vec::new();
        input.read_until(b'\n', &mut rest)?;
        return Ok(Some(Err(format!(
            "a header line longer than {MAX_HEADER_LINE} bytes"
        ))));
    }
    line.pop();
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(
        String::from_utf8(line).map_err(|_| "a header line that is not UTF-8".to_owned()),
    ))
}

/// Reads one frame; `None` at the end of the input.
fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Frame>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut problem = None;
    let mut any = false;
    loop {
        let line = match header_line(input)? {
            None => return Ok(None),
            Some(Err(error)) => {
                problem.get_or_insert(error);
                any = true;
                continue;
            }
            Some(Ok(line)) => line,
        };
        if line.is_empty() {
            if any {
                break;
            }
            // Blank lines between frames.
            continue;
        }
        any = true;
        let Some((name, value)) = line.split_once(':') else {
            problem.get_or_insert(format!("a header line without a colon: {line:?}"));
            continue;
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            let value = value.trim();
            length = Some(
                value
                    .parse()
                    .map_err(|_| format!("Content-Length {value:?} is not a number")),
            );
        }
    }
    let length = match length {
        None => {
            return Ok(Some(Frame::Bad(
                "a frame without Content-Length".to_owned(),
            )))
        }
        Some(Err(error)) => return Ok(Some(Frame::Bad(error))),
        Some(Ok(length)) => length,
    };
    if length > MAX_MESSAGE {
        let skipped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        if skipped < length as u64 {
            return Ok(None);
        }
        return Ok(Some(Frame::Bad(format!(
            "a message of {length} bytes, larger than the {MAX_MESSAGE} this server reads"
        ))));
    }
    // Reserved at once, not grown by doubling: a page counts only once it
    // is written, so a length that lies costs nothing.
    let mut body = Vec::new();
    if body.try_reserve_exact(length).is_err() {
        return Ok(Some(Frame::Bad(format!(
            "no memory for a message of {length} bytes"
        ))));
    }
    input.by_ref().take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(None);
    }
    Ok(Some(match problem {
        Some(problem) => Frame::Bad(problem),
        None => Frame::Body(body),
    }))
}

/// A frame's body as a message. Read straight into the message (a
/// document's text is not held twice); when it is none, read again as JSON
/// for the id of the error response.
pub(crate) fn decode(body: &[u8]) -> Incoming {
    let error = match serde_json::from_slice::<Message>(body) {
        // A method that is no string: lsp-server's types take it for a
        // response with a null result (small: read again to tell).
        Ok(Message::Response(response))
            if response.result.is_none()
                && response.error.is_none()
                && serde_json::from_slice::<Value>(body)
                    .is_ok_and(|value| value.get("method").is_some()) =>
        {
            "the method is not a string".to_owned()
        }
        Ok(message) => return Incoming::Message(message),
        Err(error) => error.to_string(),
    };
    match serde_json::from_slice::<Value>(body) {
        Ok(value) => Incoming::Malformed {
            id: value.get("id").cloned().unwrap_or(Value::Null),
            code: ErrorCode::InvalidRequest,
            message: format!("not a JSON-RPC request, response or notification: {error}"),
        },
        Err(error) => Incoming::Malformed {
            id: Value::Null,
            code: ErrorCode::ParseError,
            message: format!("the message is not JSON: {error}"),
        },
    }
}

/// Reads messages from `input` into `sender` until the input ends, the
/// receiver is gone, or the client sent `exit`.
pub(crate) fn read_messages(
    mut input: impl BufRead,
    sender: &SyncSender<Incoming>,
) -> io::Result<()> {
    while let Some(frame) = read_frame(&mut input)? {
        let incoming = match frame {
            Frame::Body(body) => decode(&body),
            Frame::Bad(message) => Incoming::Malformed {
                id: Value::Null,
                code: ErrorCode::ParseError,
                message,
            },
        };
        let exit =
            matches!(&incoming, Incoming::Message(Message::Notification(n)) if n.method == "exit");
        if sender.send(incoming).is_err() || exit {
            break;
        }
    }
    Ok(())
}

fn write_frame(output: &mut impl Write, body: &[u8]) -> io::Result<()> {
    write!(output, "Content-Length: {}\r\n\r\n", body.len())?;
    output.write_all(body)?;
    output.flush()
}

/// A notification as JSON.
pub(crate) fn notification_json(method: &str, params: &impl serde::Serialize) -> Vec<u8> {
    #[derive(serde::Serialize)]
    struct Wire<'a, P> {
        jsonrpc: &'static str,
        method: &'a str,
        params: &'a P,
    }
    // Types of lsp-types serialize without error.
    serde_json::to_vec(&Wire {
        jsonrpc: "2.0",
        method,
        params,
    })
    .unwrap_or_default()
}

/// Writes the messages of `receiver` to `output` until the senders are
/// gone.
pub(crate) fn write_messages(
    mut output: impl Write,
    receiver: &Receiver<Outgoing>,
) -> io::Result<()> {
    for outgoing in receiver {
        match outgoing {
            Outgoing::Message(message) => message.write(&mut output)?,
            Outgoing::Json(body) => write_frame(&mut output, &body)?,
            Outgoing::Error { id, code, message } => {
                let body = serde_json::to_vec(&json!({
                    "jsonrpc": "2.0",
                    "id": id,
                    "error": { "code": code as i32, "message": message },
                }))?;
                write_frame(&mut output, &body)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Incoming> {
        let (sender, receiver) = std::sync::mpsc::sync_channel(100);
        read_messages(input, &sender).unwrap();
        drop(sender);
        receiver.into_iter().collect()
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn malformed_frames_are_answered_and_reading_goes_on() {
        let ok = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
        let input = [
            framed("{not json"),
            framed(r#"{"jsonrpc":"2.0","id":7,"method":5}"#),
            "Content-Type: x\r\n\r\n".to_owned(),
            "Content-Length: many\r\n\r\n".to_owned(),
            framed(ok),
            // LF-only line ends are taken too.
            format!("Content-Length: {}\n\n{ok}", ok.len()),
        ]
        .concat();
        let got = frames(input.as_bytes());
        let summary: Vec<String> = got
            .iter()
            .map(|incoming| match incoming {
                Incoming::Message(Message::Request(request)) => {
                    format!("request {}", request.method)
                }
                Incoming::Message(other) => format!("{other:?}"),
                Incoming::Malformed { id, code, .. } => format!("{} {id}", *code as i32),
            })
            .collect();
        assert_eq!(
            summary,
            [
                "-32700 null",
                "-32600 7",
                "-32700 null",
                "-32700 null",
                "request shutdown",
                "request shutdown"
            ]
        );
    }

    #[test]
    fn a_huge_length_is_not_allocated_and_a_short_body_ends_the_input() {
        // The header claims 100 GB; the input ends after a few bytes.
        let input = b"Content-Length: 100000000000\r\n\r\n{\"a\":1}";
        assert!(frames(input).is_empty());
        let long_header = format!("X-Long: {}\r\n", "x".repeat(10_000));
        let ok = framed(r#"{"jsonrpc":"2.0","method":"exit"}"#);
        let got = frames(format!("{long_header}Content-Length: 2\r\n\r\n{{}}{ok}").as_bytes());
        assert!(matches!(
            got[0],
            Incoming::Malformed {
                code: ErrorCode::ParseError,
                ..
            }
        ));
        assert!(
            matches!(&got[1], Incoming::Message(Message::Notification(n)) if n.method == "exit")
        );
    }

    #[test]
    fn messages_are_written_framed_with_the_version() {
        let (sender, receiver) = std::sync::mpsc::channel();
        sender
            .send(Outgoing::Error {
                id: Value::Null,
                code: ErrorCode::ParseError,
                message: "bad".to_owned(),
            })
            .unwrap();
        drop(sender);
        let mut out = Vec::new();
        write_messages(&mut out, &receiver).unwrap();
        let body = r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#;
        assert_eq!(String::from_utf8(out).unwrap(), framed(body));
    }
}
