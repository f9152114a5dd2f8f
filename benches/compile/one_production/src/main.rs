//! A program that composes one production of the grammar into its own nom
//! parser, with nom_language's `VerboseError`.
use nom::bytes::complete::tag;
use nom::sequence::delimited;
use nom::Parser;
use nom_language::error::VerboseError;
use rfc1738::grammar;

fn main() {
    let text = std::env::args().nth(1).unwrap_or_default();
    let parsed = delimited(
        tag("<URL:"),
        grammar::known_scheme_url::<_, VerboseError<&str>>,
        tag(">"),
    )
    .parse(text.as_str());
    println!("{}", parsed.is_ok());
}
