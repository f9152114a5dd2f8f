//! The properties the fuzz targets check, shared by `fuzz/src/lib.rs` (one
//! line per target) and `tests/library/fuzz_regressions.rs` (which replays the seed
//! corpus and every input a fuzzer ever crashed on). Include it next to
//! `oracle.rs`, as a sibling module named `oracle`.
#![allow(dead_code)]

use std::sync::OnceLock;

use rfc1738::{check_with, parse_with, Error, Location, Options, Rule, SyntaxNode};

use super::oracle::{parse_production, Oracle};

/// The two readings of the grammar: the letter of the BNF, and the default
/// (scheme names in any case).
fn modes() -> [Options; 2] {
    [Options::strict(), Options::default()]
}

/// Target `parse_any`: on any input, parsing and checking never panic; an
/// error's offset, line and column lie inside the input; a parse tree's
/// root spans the whole input and every node lies inside its parent, after
/// its previous sibling, with the text its span says.
pub fn parse_any(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for options in modes() {
        match parse_with(text, options) {
            Ok(url) => {
                assert_eq!(url.as_str(), text);
                assert_eq!(url.to_string(), text);
                let root = url.syntax();
                assert_eq!((root.span.start, root.span.end), (0, text.len()));
                assert_eq!(root.rule, Rule::Url);
                spans_nest(&root, text);
                // `parse` reads `known_scheme_url`; what it accepts, `url`
                // reads with the same tree.
                let (rest, combined) = url_combinator(text, options)
                    .expect("the url combinator accepts what parse accepts");
                assert!(rest.is_empty(), "{text:?}");
                assert_eq!(combined, url, "{text:?}");
            }
            Err(error) => {
                error_inside(&error, text);
                // A URL `parse` rejects matches `url` only through
                // `otherurl`, and then the error says so.
                match url_combinator(text, options) {
                    Ok(("", url)) => {
                        assert!(matches!(url, rfc1738::Url::Other(_)), "{text:?}");
                        assert_eq!(error.matches_genericurl(), Some(true), "{text:?}");
                    }
                    _ => assert_ne!(error.matches_genericurl(), Some(true), "{text:?}"),
                }
            }
        }
        for &rule in Rule::ALL {
            if let Err(error) = check_with(rule, text, options) {
                error_inside(&error, text);
            }
        }
    }
}

/// The `url` combinator in the mode of `options`.
fn url_combinator(
    text: &str,
    options: Options,
) -> rfc1738::nom::IResult<&str, rfc1738::Url<'_>, ()> {
    if options.strict {
        rfc1738::grammar::strict::url(text)
    } else {
        rfc1738::grammar::url(text)
    }
}

/// Every child inside its parent, in order, with the text of its span.
pub fn spans_nest(node: &SyntaxNode<'_>, text: &str) {
    let span = node.span;
    assert!(span.start <= span.end && span.end <= text.len(), "{node}");
    assert_eq!(text.get(span.start..span.end), Some(node.text), "{node}");
    let mut previous_end = span.start;
    for child in &node.children {
        assert!(
            previous_end <= child.span.start && child.span.end <= span.end,
            "{} {} is not inside {} {} after {previous_end}",
            child.rule,
            child.span,
            node.rule,
            node.span,
        );
        previous_end = child.span.end;
        spans_nest(child, text);
    }
}

/// An error points into the input (its end included), at a character
/// boundary, and its line and column are those of its offset.
pub fn error_inside(error: &Error, text: &str) {
    let offset = error.offset();
    assert!(offset <= text.len(), "offset {offset} past {}", text.len());
    assert!(
        text.is_char_boundary(offset),
        "offset {offset} inside a character"
    );
    assert_eq!(error.location(), Location::of_offset(text, offset));
    assert!(error.line() >= 1 && error.column() >= 1);
    let lines = text.split('\n').count();
    assert!(
        error.line() as usize <= lines,
        "line {} of {lines}",
        error.line()
    );
    let line = text
        .split('\n')
        .nth(error.line() as usize - 1)
        .unwrap_or("");
    assert!(
        error.column() <= line.chars().count() + 1,
        "column {}",
        error.column()
    );
    assert!(!error.stack().is_empty());
    // Rendering must not panic either.
    let _ = error.to_string();
    let _ = error.stack_text();
}

/// Target `roundtrip`: a grammar-valid URL from the generator parses as the
/// production it was generated from; its tree, printed, is the same text,
/// which parses back to an equal tree. And any string that parses prints
/// back as itself.
#[cfg(feature = "arbitrary")]
pub fn roundtrip((url, text): (rfc1738::arbitrary::ArbitraryUrl, &str)) {
    let generated = url.as_str();
    let parsed = rfc1738::parse(generated).unwrap_or_else(|e| panic!("{generated:?}: {e}"));
    assert_eq!(parsed.rule(), url.rule(), "{generated:?}");
    assert!(check_with(url.form(), generated, Options::default()).is_ok());
    let printed = parsed.to_string();
    assert_eq!(printed, generated);
    let tree = parsed.syntax();
    spans_nest(&tree, generated);
    assert_eq!(rfc1738::parse(&printed).unwrap().syntax(), tree);
    assert_eq!(
        parse_with(generated, Options::strict()).is_ok(),
        url.lower_case_scheme(),
        "{generated:?}"
    );

    if let Ok(parsed) = rfc1738::parse(text) {
        assert_eq!(parsed.to_string(), text);
        assert_eq!(parsed.syntax().text, text);
    }
}

/// The oracles of both modes, built once.
fn oracles() -> &'static [Oracle; 2] {
    static ORACLES: OnceLock<[Oracle; 2]> = OnceLock::new();
    ORACLES.get_or_init(|| {
        [
            Oracle::strict(rfc1738::GRAMMAR),
            Oracle::lenient(rfc1738::GRAMMAR),
        ]
    })
}

/// Target `differential`: for every production, in both modes,
/// `rfc1738::check` and the grammar-derived oracle agree; and
/// `rfc1738::parse` accepts exactly what the oracle of the production it
/// holds the URL to accepts.
pub fn differential(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (options, oracle) in modes().into_iter().zip(oracles()) {
        for &rule in Rule::ALL {
            let ours = check_with(rule, text, options);
            let theirs = oracle.matches(rule.name(), text);
            assert_eq!(
                ours.is_ok(),
                theirs,
                "{options:?}, rule {rule}, string {text:?}: rfc1738::check says {ours:?}, the BNF oracle says {theirs}"
            );
        }
        let production = parse_production(text, options.strict);
        let ours = parse_with(text, options);
        let theirs = oracle.matches(production, text);
        assert_eq!(
            ours.is_ok(),
            theirs,
            "{options:?}, parse as {production}, string {text:?}: rfc1738::parse says {ours:?}, the BNF oracle says {theirs}"
        );
    }
}
