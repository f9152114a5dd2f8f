//! The combinators as a program that already uses nom 8 sees them: with its
//! own input (`&str`, `LocatedSpan` with or without an extra of its own)
//! and its own error (`()`, `nom::error::Error`, `VerboseError`, a type of
//! its own), inside nom's combinators; and, on strings generated from the
//! grammar with a seed the other tests do not use, in agreement with
//! `check`: the same acceptance, and where a combinator matches no prefix,
//! the same error offset and the same productions.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::oracle::{near_miss, parse_bnf, Rng};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_until};
use nom::combinator::{all_consuming, opt};
use nom::error::{ContextError, ErrorKind, ParseError};
use nom::multi::many0;
use nom::sequence::delimited;
use nom::{IResult, Parser};
use nom_language::error::{VerboseError, VerboseErrorKind};
use nom_locate::LocatedSpan;
use rfc1738::{check_with, grammar, Options, Rule, Url, UrlBuf};

/// An extra of the caller's own, carried through untouched.
#[derive(Debug, Clone, PartialEq)]
struct Document {
    name: &'static str,
}

/// An error type of the caller's own: where, and the contexts.
#[derive(Debug, PartialEq)]
struct MyError<'a> {
    at: &'a str,
    contexts: Vec<&'static str>,
}

impl<'a> ParseError<&'a str> for MyError<'a> {
    fn from_error_kind(at: &'a str, _: ErrorKind) -> Self {
        MyError {
            at,
            contexts: Vec::new(),
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> ContextError<&'a str> for MyError<'a> {
    fn add_context(_: &'a str, context: &'static str, mut other: Self) -> Self {
        other.contexts.push(context);
        other
    }
}

#[test]
fn url_wrappers_in_plain_text_with_every_error_type() {
    let text = "<URL:ftp://ftp.isi.edu/in-notes/rfc1738.txt>";

    let (rest, url) = delimited(tag("<URL:"), grammar::url::<_, ()>, tag(">"))
        .parse(text)
        .unwrap();
    assert_eq!(rest, "");
    assert_eq!(url.span().range(), 0..38);

    let parsed: IResult<&str, Url<'_>, nom::error::Error<&str>> =
        delimited(tag("<URL:"), grammar::url, tag(">")).parse(text);
    assert!(matches!(parsed.unwrap().1, Url::Ftp(_)));

    let parsed: IResult<&str, Url<'_>, VerboseError<&str>> =
        delimited(tag("<URL:"), grammar::url, tag(">")).parse(text);
    assert!(parsed.is_ok());

    let parsed: IResult<&str, Url<'_>, MyError<'_>> =
        delimited(tag("<URL:"), grammar::url, tag(">")).parse(text);
    assert!(parsed.is_ok());
}

#[test]
fn errors_point_at_the_furthest_offset_with_the_open_productions() {
    // No prefix is an httpurl: the host is neither a hostname nor a
    // hostnumber.
    let text = "http://1.2.3/";
    let check = check_with(Rule::Httpurl, text, Options::default()).unwrap_err();
    assert_eq!(check.offset(), 12);
    assert_eq!(check.stack_text(), "httpurl > hostport > host > hostnumber");

    let Err(nom::Err::Error(mine)) = grammar::httpurl::<_, MyError<'_>>(text) else {
        panic!("an error, not a failure")
    };
    assert_eq!(mine.at, "/");
    assert_eq!(mine.contexts, ["hostnumber", "host", "hostport", "httpurl"]);

    let Err(nom::Err::Error(error)) = grammar::httpurl::<_, nom::error::Error<&str>>(text) else {
        panic!()
    };
    assert_eq!(error.input, "/");

    // A URL of one of the ten schemes held to its production, as `parse`.
    let Err(nom::Err::Error(verbose)) =
        grammar::known_scheme_url::<_, VerboseError<&str>>("ftp://1.2.3/")
    else {
        panic!()
    };
    assert_eq!(
        contexts(&verbose),
        ["hostnumber", "host", "hostport", "login", "ftpurl", "url"]
    );
    assert_eq!(verbose.errors[0].0, "/");
}

#[test]
fn alt_opt_and_many0_go_on_past_a_mismatch() {
    // `Error`, never `Failure`: `alt` tries the next branch.
    let mut either = alt((
        grammar::hostnumber::<_, ()>.map(|n| n.as_str()),
        tag("localhost"),
    ));
    assert_eq!(either.parse("localhost"), Ok(("", "localhost")));
    assert_eq!(opt(grammar::port::<_, ()>).parse("x"), Ok(("x", None)));

    // Every URL in a line of text, each read after a space.
    let text = "http://a.b/ news:comp.lang.rust x";
    let (rest, urls) = many0(nom::sequence::terminated(grammar::url::<_, ()>, tag(" ")))
        .parse(text)
        .unwrap();
    assert_eq!(rest, "x");
    assert_eq!(urls.len(), 2);
    assert_eq!(urls[1].span().range(), 0..19);
}

#[test]
fn located_spans_keep_their_offset_line_and_extra() {
    let document = Document { name: "notes.txt" };
    let text = "see\n<URL:gopher://h/0a>";
    let input = LocatedSpan::new_extra(text, document.clone());
    let (at, _) = take_until::<_, _, ()>("gopher").parse(input).unwrap();
    let (rest, url) = grammar::url::<_, ()>(at).unwrap();
    assert_eq!(url.span().range(), 9..22);
    assert_eq!(&text[url.span().range()], "gopher://h/0a");
    assert_eq!(rest.location_offset(), 22);
    assert_eq!(rest.location_line(), 2);
    assert_eq!(rest.extra, document);

    // The error's input stands where the grammar stopped.
    let input = LocatedSpan::new_extra("xx\nhttp:/a", ());
    let at = input.take_from_offset(3);
    let Err(nom::Err::Error(error)) = grammar::httpurl::<_, VerboseError<_>>(at) else {
        panic!()
    };
    let (position, _) = error.errors[0];
    assert_eq!(position.location_offset(), 9);
    assert_eq!(position.location_line(), 2);
    assert_eq!(position.get_utf8_column(), 7);
    assert_eq!(contexts(&error), ["httpurl"]);
}

/// A `LocatedSpan` from this offset on, as a parser before ours would leave
/// it.
trait TakeFrom: Sized {
    fn take_from_offset(&self, offset: usize) -> Self;
}

impl<X: Clone> TakeFrom for LocatedSpan<&str, X> {
    fn take_from_offset(&self, offset: usize) -> Self {
        nom::Input::take_from(self, offset)
    }
}

#[test]
fn strict_reads_scheme_names_by_the_letter() {
    assert!(grammar::scheme::<_, ()>("HTTP").is_ok());
    let Err(nom::Err::Error(error)) = grammar::strict::url::<_, VerboseError<&str>>("HTTP://h/")
    else {
        panic!()
    };
    assert_eq!(
        contexts(&error),
        ["scheme", "genericurl", "otherurl", "url"]
    );
    assert!(grammar::strict::known_scheme_url::<_, ()>("http://h/").is_ok());
}

#[test]
fn the_same_url_at_two_offsets_is_equal_with_equal_hashes() {
    let text = "http://a.b/c http://a.b/c";
    let first = rfc1738::parse(&text[..12]).unwrap();
    let (_, second) = grammar::url::<_, ()>(LocatedSpan::new(text).take_from_offset(13)).unwrap();
    assert_ne!(first.span(), second.span());
    assert_eq!(first, second);
    let hash = |url: &Url<'_>| {
        let mut hasher = DefaultHasher::new();
        url.hash(&mut hasher);
        hasher.finish()
    };
    assert_eq!(hash(&first), hash(&second));
    assert_ne!(first, rfc1738::parse("http://a.b/d").unwrap());
}

#[test]
fn an_owned_url() {
    let owned: UrlBuf = "mailto:mduerst@ifi.unizh.ch".parse().unwrap();
    assert_eq!(
        UrlBuf::try_from(String::from("mailto:mduerst@ifi.unizh.ch")).unwrap(),
        owned
    );
    assert!(matches!(owned.as_url(), Url::Mailto(_)));
    let error = "http://host:80x/".parse::<UrlBuf>().unwrap_err();
    assert_eq!(error.offset(), 14);
    let moved = std::thread::spawn(move || owned.to_string())
        .join()
        .unwrap();
    assert_eq!(moved, "mailto:mduerst@ifi.unizh.ch");
}

#[test]
fn nom_is_the_one_the_crate_was_built_with() {
    let parsed: rfc1738::nom::IResult<&str, _, ()> = grammar::digits("42x");
    assert_eq!(parsed.unwrap().0, "x");
}

/// The contexts of a `VerboseError`, innermost first.
fn contexts<I>(error: &VerboseError<I>) -> Vec<&'static str> {
    error
        .errors
        .iter()
        .filter_map(|(_, kind)| match kind {
            VerboseErrorKind::Context(name) => Some(*name),
            _ => None,
        })
        .collect()
}

/// What a combinator made of a whole string.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// It matched all of it.
    Whole,
    /// It matched this many bytes, not all.
    Prefix(usize),
    /// It matched nothing: the error's offset and contexts.
    Failed(usize, Vec<&'static str>),
}

fn outcome<'a, O>(
    text: &'a str,
    mut parser: impl FnMut(&'a str) -> IResult<&'a str, O, VerboseError<&'a str>>,
) -> Outcome {
    match parser(text) {
        Ok(("", _)) => Outcome::Whole,
        Ok((rest, _)) => {
            // `all_consuming` agrees: it rejects what is left over.
            assert!(all_consuming(&mut parser).parse(text).is_err());
            Outcome::Prefix(text.len() - rest.len())
        }
        Err(nom::Err::Error(error)) => {
            let at = error.errors[0].0;
            Outcome::Failed(text.len() - at.len(), contexts(&error))
        }
        Err(other) => panic!("{text:?}: {other:?}, not an Error"),
    }
}

/// Calls `$callback!` with every rule and the name of its combinator.
macro_rules! every_rule {
    ($callback:ident) => {
        $callback! {
            Genericurl => genericurl, Url => url, Otherurl => otherurl, Scheme => scheme,
            Schemepart => schemepart, IpSchemepart => ip_schemepart, Login => login,
            Hostport => hostport, Host => host, Hostname => hostname, Domainlabel => domainlabel,
            Toplabel => toplabel, Alphadigit => alphadigit, Hostnumber => hostnumber, Port => port,
            User => user, Password => password, Urlpath => urlpath, Ftpurl => ftpurl,
            Fpath => fpath, Fsegment => fsegment, Ftptype => ftptype, Fileurl => fileurl,
            Httpurl => httpurl, Hpath => hpath, Hsegment => hsegment, Search => search,
            Gopherurl => gopherurl, Gtype => gtype, Selector => selector,
            GopherPlusString => gopher_plus_string, Mailtourl => mailtourl,
            Encoded822addr => encoded822addr, Newsurl => newsurl, Grouppart => grouppart,
            Group => group, Article => article, Nntpurl => nntpurl, Telneturl => telneturl,
            Waisurl => waisurl, Waisdatabase => waisdatabase, Waisindex => waisindex,
            Waisdoc => waisdoc, Database => database, Wtype => wtype, Wpath => wpath,
            Prosperourl => prosperourl, Ppath => ppath, Psegment => psegment,
            Fieldspec => fieldspec, Fieldname => fieldname, Fieldvalue => fieldvalue,
            Lowalpha => lowalpha, Hialpha => hialpha, Alpha => alpha, Digit => digit, Safe => safe,
            Extra => extra, National => national, Punctuation => punctuation,
            Reserved => reserved, Hex => hex, Escape => escape, Unreserved => unreserved,
            Uchar => uchar, Xchar => xchar, Digits => digits,
        }
    };
}

/// The combinator of `rule` (strict or not) on the whole of `text`.
fn run(rule: Rule, strict: bool, text: &str) -> Outcome {
    macro_rules! each {
        ($($variant:ident => $name:ident,)*) => {
            match rule {
                $(Rule::$variant => if strict {
                    outcome(text, grammar::strict::$name)
                } else {
                    outcome(text, grammar::$name)
                },)*
            }
        };
    }
    every_rule!(each)
}

/// Where and in which productions `grammar::whole` and, with a parser after
/// it that fails, `grammar::terminated` of the combinator of `rule` fail on
/// `text` (`None`: `whole` matched it all), on a `&str` and after a prefix
/// in a `LocatedSpan`, the combinator given by name alone and with its type
/// arguments, all of which must agree.
#[cfg(feature = "std")]
fn run_whole(rule: Rule, strict: bool, text: &str) -> Option<(usize, Vec<&'static str>)> {
    fn failed<I: nom::Input + nom::Offset + Clone + core::fmt::Debug>(
        text: I,
        result: IResult<I, (), VerboseError<I>>,
    ) -> Option<(usize, Vec<&'static str>)> {
        match result {
            Ok(_) => None,
            Err(nom::Err::Error(error)) => {
                Some((text.offset(&error.errors[0].0), contexts(&error)))
            }
            Err(other) => panic!("{other:?}, not an Error"),
        }
    }
    macro_rules! each {
        ($($variant:ident => $name:ident,)*) => {
            match rule {
                $(Rule::$variant => {
                    let located = LocatedSpan::new(text);
                    type Located<'a> = LocatedSpan<&'a str>;
                    let (whole, terminated, spanned, typed, typed_terminated, typed_spanned) = if strict {
                        (
                            failed(text, grammar::whole(grammar::strict::$name).map(|_| ()).parse(text)),
                            failed(text, grammar::terminated(grammar::strict::$name, nom::combinator::eof).map(|_| ()).parse(text)),
                            failed(located, grammar::whole(grammar::strict::$name).map(|_| ()).parse(located)),
                            failed(text, grammar::whole(grammar::strict::$name::<_, VerboseError<&str>>).map(|_| ()).parse(text)),
                            failed(text, grammar::terminated(grammar::strict::$name::<&str, VerboseError<&str>>, nom::combinator::eof).map(|_| ()).parse(text)),
                            failed(located, grammar::whole(grammar::strict::$name::<Located, VerboseError<Located>>).map(|_| ()).parse(located)),
                        )
                    } else {
                        (
                            failed(text, grammar::whole(grammar::$name).map(|_| ()).parse(text)),
                            failed(text, grammar::terminated(grammar::$name, nom::combinator::eof).map(|_| ()).parse(text)),
                            failed(located, grammar::whole(grammar::$name).map(|_| ()).parse(located)),
                            failed(text, grammar::whole(grammar::$name::<_, VerboseError<&str>>).map(|_| ()).parse(text)),
                            failed(text, grammar::terminated(grammar::$name::<&str, VerboseError<&str>>, nom::combinator::eof).map(|_| ()).parse(text)),
                            failed(located, grammar::whole(grammar::$name::<Located, VerboseError<Located>>).map(|_| ()).parse(located)),
                        )
                    };
                    assert_eq!(terminated, whole, "terminated {rule} {text:?}");
                    assert_eq!(spanned, whole, "LocatedSpan {rule} {text:?}");
                    // With the production's type arguments written out.
                    assert_eq!(typed, whole, "whole, typed, {rule} {text:?}");
                    assert_eq!(typed_terminated, whole, "terminated, typed, {rule} {text:?}");
                    assert_eq!(typed_spanned, whole, "LocatedSpan, typed, {rule} {text:?}");
                    whole
                })*
            }
        };
    }
    every_rule!(each)
}

/// A seed no other test uses: strings the grammar was not tuned on.
const HELD_OUT_SEED: u64 = 0x0c0f_fee0_1738;

#[test]
fn every_combinator_agrees_with_check_on_held_out_strings() {
    let grammar = parse_bnf(include_str!("../../grammar/rfc1738.bnf"));
    let mut rng = Rng::new(HELD_OUT_SEED);
    let mut compared = 0;
    let mut failures_compared = 0;
    for &rule in Rule::ALL {
        for strict in [false, true] {
            let options = Options::default().with_strict(strict);
            for index in 0..300 {
                let valid = grammar.generate(rule.name(), &mut rng, !strict);
                let text = if index % 2 == 0 {
                    valid
                } else {
                    near_miss(&valid, &mut rng)
                };
                let checked = check_with(rule, &text, options);
                match (run(rule, strict, &text), checked) {
                    (Outcome::Whole, Ok(())) => {}
                    (Outcome::Prefix(len), Err(error)) => {
                        // The whole string fails further on; check's error
                        // is at or past the end of the prefix.
                        assert!(error.offset() >= len, "{rule} {text:?}: {error}");
                    }
                    (Outcome::Failed(offset, contexts), Err(error)) => {
                        let mut names: Vec<&str> =
                            error.stack().iter().map(|rule| rule.name()).collect();
                        names.reverse();
                        assert_eq!(offset, error.offset(), "{rule} {text:?}: {error}");
                        assert_eq!(contexts, names, "{rule} {text:?}: {error}");
                        failures_compared += 1;
                    }
                    (outcome, checked) => {
                        panic!("{rule} strict={strict} {text:?}: {outcome:?} but {checked:?}")
                    }
                }
                compared += 1;
            }
        }
    }
    eprintln!("compose: {compared} strings, {failures_compared} errors compared");
    assert_eq!(compared, 67 * 2 * 300);
    assert!(failures_compared > 1000, "{failures_compared}");
}

/// `grammar::whole` and `grammar::terminated` of every combinator fail
/// where `check` fails, in the productions it names, also where the
/// combinator matches a prefix (where nom's `all_consuming` says only
/// `Eof`), and accept what `check` accepts. (Without `std` they cannot
/// know the production's match, and fail as nom's own combinators do.)
#[cfg(feature = "std")]
#[test]
fn whole_and_terminated_fail_as_check_does() {
    let grammar = parse_bnf(include_str!("../../grammar/rfc1738.bnf"));
    let mut rng = Rng::new(HELD_OUT_SEED ^ 1);
    let (mut compared, mut prefixes) = (0, 0);
    for &rule in Rule::ALL {
        for strict in [false, true] {
            let options = Options::default().with_strict(strict);
            for index in 0..100 {
                let valid = grammar.generate(rule.name(), &mut rng, !strict);
                let text = match index % 2 {
                    0 => valid,
                    _ => near_miss(&valid, &mut rng),
                };
                let checked = check_with(rule, &text, options);
                match (run_whole(rule, strict, &text), checked) {
                    (None, Ok(())) => {}
                    (Some((offset, contexts)), Err(error)) => {
                        let mut names: Vec<&str> =
                            error.stack().iter().map(|rule| rule.name()).collect();
                        names.reverse();
                        assert_eq!(offset, error.offset(), "{rule} {text:?}: {error}");
                        assert_eq!(contexts, names, "{rule} {text:?}: {error}");
                        prefixes +=
                            usize::from(matches!(run(rule, strict, &text), Outcome::Prefix(_)));
                    }
                    (whole, checked) => {
                        panic!("{rule} strict={strict} {text:?}: {whole:?} but {checked:?}")
                    }
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 67 * 2 * 100);
    assert!(prefixes > 1000, "{prefixes}");
}

/// `grammar::whole` and `grammar::terminated` explain a match that is not
/// whole by the grammar only when the parser's match is the production's
/// match of the whole input: a parser around the production, or a
/// production given less than the input, fails as nom's `all_consuming`
/// and `terminated` do, at the end of the match; and the record of one
/// call does not leak into the next.
#[cfg(feature = "std")]
#[test]
fn whole_explains_only_the_productions_own_match() {
    use nom::bytes::complete::{tag, take};
    use nom::combinator::map_parser;
    use nom::sequence::preceded;

    type Result<'a> = IResult<&'a str, (), VerboseError<&'a str>>;
    let error_at = |result: Result<'static>| match result {
        Err(nom::Err::Error(error)) => (error.errors[0].0, contexts(&error)),
        other => panic!("{other:?}"),
    };
    // The production alone: the grammar's error, at the `x`.
    let alone: Result = grammar::whole(grammar::hostport)
        .map(|_| ())
        .parse("host:80x");
    assert_eq!(error_at(alone), ("x", vec!["port", "hostport"]));
    // After a tag: the production was given less than the input.
    let after: Result = grammar::whole(preceded(tag("<"), grammar::hostport))
        .map(|_| ())
        .parse("<host:80x");
    assert_eq!(error_at(after), ("x", vec![]));
    // Given a part of the input only.
    let part: Result = grammar::whole(map_parser(take(6usize), grammar::hostport))
        .map(|_| ())
        .parse("host:8x");
    assert_eq!(error_at(part), ("x", vec![]));
    // A parser with no production in it, after one that matched: nom's error.
    let _ = grammar::whole(grammar::hostport::<_, ()>).parse("a.b");
    let plain: Result = grammar::whole(tag("ab")).map(|_| ()).parse("abc");
    assert_eq!(error_at(plain), ("c", vec![]));
    let terminated: Result = grammar::terminated(tag("ab"), tag(">"))
        .map(|_| ())
        .parse("abc");
    assert_eq!(error_at(terminated).0, "c");
}

/// Every node of the tree, read at the start of a `&str` (where the nodes
/// keep the whole text and cut theirs on demand) and after a prefix in a
/// `LocatedSpan` (where each node's text is cut as it is read), has the
/// same text, and the span shifted by the prefix.
#[test]
fn a_tree_read_after_a_prefix_is_the_same_tree_shifted() {
    fn nodes<'a>(node: &rfc1738::SyntaxNode<'a>, out: &mut Vec<(Rule, usize, usize, &'a str)>) {
        out.push((node.rule, node.span.start, node.span.end, node.text));
        node.children.iter().for_each(|child| nodes(child, out));
    }
    let grammar = parse_bnf(include_str!("../../grammar/rfc1738.bnf"));
    let mut rng = Rng::new(HELD_OUT_SEED ^ 0x5eed);
    let prefix = "see\n <URL:";
    let mut compared = 0;
    for _ in 0..2000 {
        let url = grammar.generate("url", &mut rng, true);
        let Ok(("", at_start)) = grammar::known_scheme_url::<_, ()>(url.as_str()) else {
            continue;
        };
        let text = format!("{prefix}{url}");
        let after = LocatedSpan::new(text.as_str()).take_from_offset(prefix.len());
        let (rest, shifted) = grammar::known_scheme_url::<_, ()>(after).unwrap();
        assert_eq!(*rest.fragment(), "", "{url:?}");
        let (mut expected, mut found) = (Vec::new(), Vec::new());
        nodes(&at_start.syntax(), &mut expected);
        nodes(&shifted.syntax(), &mut found);
        let expected: Vec<_> = expected
            .into_iter()
            .map(|(rule, start, end, text)| (rule, start + prefix.len(), end + prefix.len(), text))
            .collect();
        assert_eq!(found, expected, "{url:?}");
        for &(_, start, end, node_text) in &found {
            assert_eq!(&text[start..end], node_text, "{url:?}");
        }
        compared += 1;
    }
    assert!(compared > 1000, "{compared}");
}
