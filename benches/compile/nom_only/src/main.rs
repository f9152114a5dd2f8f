//! The baseline of `one_production`: the same nom program, with no
//! production of the grammar in it.
use nom::bytes::complete::{tag, take_until};
use nom::sequence::delimited;
use nom::Parser;
use nom_language::error::VerboseError;

fn main() {
    let text = std::env::args().nth(1).unwrap_or_default();
    let parsed = delimited(
        tag::<_, _, VerboseError<&str>>("<URL:"),
        take_until(">"),
        tag(">"),
    )
    .parse(text.as_str());
    println!("{}", parsed.is_ok());
}
