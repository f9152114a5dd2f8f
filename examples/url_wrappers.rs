//! The grammar inside a larger nom parser: the `<URL:...>` wrappers that
//! RFC 1738's appendix recommends for URLs in plain text, read from a
//! document with `nom_locate` positions and `VerboseError` errors, each
//! printed with its line and column.
//!
//! `cargo run --example url_wrappers [FILE]` (without a file, a sample).

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::anychar;
use nom::combinator::{cut, map, value};
use nom::error::context;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};
use nom_language::error::{VerboseError, VerboseErrorKind};
use nom_locate::LocatedSpan;
use rfc1738::{grammar, Url};

/// The document, with the name of its file carried along as the extra.
type Span<'a> = LocatedSpan<&'a str, &'a str>;
type Result<'a, O> = IResult<Span<'a>, O, VerboseError<Span<'a>>>;

const SAMPLE: &str = "\
The archive is at <URL:ftp://ftp.isi.edu/in-notes/rfc1738.txt>, and
the announcement at <URL:news:comp.infosystems.www>.
A typing slip: <URL:http://www.w3.org:80x/>, and a host that is
neither a name nor a number: <URL:ftp://1.2.3/pub/>.
";

/// `<URL:` url `>`: once `<URL:` is read, the rest must follow (`cut`),
/// so that an error stays where the URL went wrong.
fn wrapped(input: Span<'_>) -> Result<'_, Url<'_>> {
    context(
        "<URL:...>",
        preceded(
            tag("<URL:"),
            cut(terminated(grammar::known_scheme_url, tag(">"))),
        ),
    )
    .parse(input)
}

/// One item of the document: a wrapped URL, or one character of prose.
fn item(input: Span<'_>) -> Result<'_, Option<Url<'_>>> {
    alt((map(wrapped, Some), value(None, anychar))).parse(input)
}

fn main() {
    let (name, text) = match std::env::args().nth(1) {
        Some(path) => {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
                eprintln!("{path}: {error}");
                std::process::exit(2)
            });
            (path, text)
        }
        None => ("sample".to_owned(), SAMPLE.to_owned()),
    };
    let mut input = LocatedSpan::new_extra(text.as_str(), name.as_str());
    while !input.fragment().is_empty() {
        match item(input) {
            Ok((rest, found)) => {
                if let Some(url) = found {
                    let at = url.span().location(&text);
                    println!("{name}:{at}: {url} ({})", url.rule());
                }
                input = rest;
            }
            Err(nom::Err::Failure(error)) | Err(nom::Err::Error(error)) => {
                report(&error);
                // Go on after the wrapper's `>`, or its line.
                let (position, _) = error.errors[0];
                let skip = position
                    .fragment()
                    .find(['>', '\n'])
                    .map_or(position.fragment().len(), |end| end + 1);
                input = nom::Input::take_from(&position, skip);
            }
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers only"),
        }
    }
}

/// The error at its line and column, with the productions that were open.
fn report(error: &VerboseError<Span<'_>>) {
    let (position, _) = error.errors[0];
    let productions: Vec<&str> = error
        .errors
        .iter()
        .filter_map(|(_, kind)| match kind {
            VerboseErrorKind::Context(name) => Some(*name),
            _ => None,
        })
        .collect();
    let found = position.fragment().chars().next();
    println!(
        "{}:{}:{}: error at {:?}, in {}",
        position.extra,
        position.location_line(),
        position.get_utf8_column(),
        found.map_or("end of input".to_owned(), |c| c.to_string()),
        productions.join(" < "),
    );
}
