//! What the snapshot tests record for a string checked against a
//! production: its syntax tree when it matches, the whole error when not.

use std::fmt::Write as _;

use rfc1738::{grammar, Error, Expected, Options, Rule, Unexpected};

/// `valid` or `invalid`, as the fixtures spell the verdicts.
pub fn verdict<T>(result: &Result<T, Error>) -> &'static str {
    if result.is_ok() {
        "valid"
    } else {
        "invalid"
    }
}

/// The syntax tree of `text` as an instance of `rule`, made by the
/// production's own combinator in `rfc1738::grammar`, or `None` when the
/// combinator does not match the whole of `text`.
///
/// For `url` that is the language of the BNF, where `otherurl` takes any
/// scheme, so `http://user@host/` is a `url` (an `otherurl`);
/// [`render_parse`] shows what `rfc1738::parse` makes of a URL instead.
pub fn tree(rule: Rule, text: &str) -> Option<String> {
    // A node with a typed tree: its `syntax()`.
    macro_rules! typed {
        ($combinator:path) => {
            whole($combinator(text)).map(|node| node.syntax().to_string())
        };
    }
    // A character class: its combinator yields the matched text only.
    macro_rules! class {
        ($combinator:path) => {
            whole($combinator(text))
                .map(|matched| format!("{} 0..{} {:?}\n", rule.name(), matched.len(), matched))
        };
    }
    match rule {
        Rule::Url => typed!(grammar::url),
        Rule::Genericurl => typed!(grammar::genericurl),
        Rule::Otherurl => typed!(grammar::otherurl),
        Rule::Scheme => typed!(grammar::scheme),
        Rule::Schemepart => typed!(grammar::schemepart),
        Rule::IpSchemepart => typed!(grammar::ip_schemepart),
        Rule::Login => typed!(grammar::login),
        Rule::Hostport => typed!(grammar::hostport),
        Rule::Host => typed!(grammar::host),
        Rule::Hostname => typed!(grammar::hostname),
        Rule::Domainlabel => typed!(grammar::domainlabel),
        Rule::Toplabel => typed!(grammar::toplabel),
        Rule::Alphadigit => class!(grammar::alphadigit),
        Rule::Hostnumber => typed!(grammar::hostnumber),
        Rule::Port => typed!(grammar::port),
        Rule::User => typed!(grammar::user),
        Rule::Password => typed!(grammar::password),
        Rule::Urlpath => typed!(grammar::urlpath),
        Rule::Ftpurl => typed!(grammar::ftpurl),
        Rule::Fpath => typed!(grammar::fpath),
        Rule::Fsegment => typed!(grammar::fsegment),
        Rule::Ftptype => typed!(grammar::ftptype),
        Rule::Fileurl => typed!(grammar::fileurl),
        Rule::Httpurl => typed!(grammar::httpurl),
        Rule::Hpath => typed!(grammar::hpath),
        Rule::Hsegment => typed!(grammar::hsegment),
        Rule::Search => typed!(grammar::search),
        Rule::Gopherurl => typed!(grammar::gopherurl),
        Rule::Gtype => typed!(grammar::gtype),
        Rule::Selector => typed!(grammar::selector),
        Rule::GopherPlusString => typed!(grammar::gopher_plus_string),
        Rule::Mailtourl => typed!(grammar::mailtourl),
        Rule::Encoded822addr => typed!(grammar::encoded822addr),
        Rule::Newsurl => typed!(grammar::newsurl),
        Rule::Grouppart => typed!(grammar::grouppart),
        Rule::Group => typed!(grammar::group),
        Rule::Article => typed!(grammar::article),
        Rule::Nntpurl => typed!(grammar::nntpurl),
        Rule::Telneturl => typed!(grammar::telneturl),
        Rule::Waisurl => typed!(grammar::waisurl),
        Rule::Waisdatabase => typed!(grammar::waisdatabase),
        Rule::Waisindex => typed!(grammar::waisindex),
        Rule::Waisdoc => typed!(grammar::waisdoc),
        Rule::Database => typed!(grammar::database),
        Rule::Wtype => typed!(grammar::wtype),
        Rule::Wpath => typed!(grammar::wpath),
        Rule::Prosperourl => typed!(grammar::prosperourl),
        Rule::Ppath => typed!(grammar::ppath),
        Rule::Psegment => typed!(grammar::psegment),
        Rule::Fieldspec => typed!(grammar::fieldspec),
        Rule::Fieldname => typed!(grammar::fieldname),
        Rule::Fieldvalue => typed!(grammar::fieldvalue),
        Rule::Lowalpha => class!(grammar::lowalpha),
        Rule::Hialpha => class!(grammar::hialpha),
        Rule::Alpha => class!(grammar::alpha),
        Rule::Digit => class!(grammar::digit),
        Rule::Safe => class!(grammar::safe),
        Rule::Extra => class!(grammar::extra),
        Rule::National => class!(grammar::national),
        Rule::Punctuation => class!(grammar::punctuation),
        Rule::Reserved => class!(grammar::reserved),
        Rule::Hex => class!(grammar::hex),
        Rule::Escape => class!(grammar::escape),
        Rule::Unreserved => class!(grammar::unreserved),
        Rule::Uchar => class!(grammar::uchar),
        Rule::Xchar => class!(grammar::xchar),
        Rule::Digits => typed!(grammar::digits),
    }
}

/// The output of a combinator that consumed all of its text.
fn whole<T>(result: rfc1738::nom::IResult<&str, T, ()>) -> Option<T> {
    match result {
        Ok(("", output)) => Some(output),
        _ => None,
    }
}

/// Every part of an error, one per line, then the input with a caret under
/// the error's position.
pub fn render_error(text: &str, error: &Error) -> String {
    assert_expects_not_what_it_found(text, error);
    let mut out = String::new();
    let stack: Vec<&str> = error.stack().iter().map(|rule| rule.name()).collect();
    let expected: Vec<String> = error.expected().iter().map(ToString::to_string).collect();
    writeln!(out, "error: {error}").unwrap();
    writeln!(out, "offset: {}", error.offset()).unwrap();
    writeln!(out, "line: {}", error.line()).unwrap();
    writeln!(out, "column: {}", error.column()).unwrap();
    writeln!(out, "rule: {}", error.rule().name()).unwrap();
    writeln!(out, "stack: {}", stack.join(" > ")).unwrap();
    writeln!(out, "expected: {}", expected.join(", ")).unwrap();
    writeln!(out, "found: {}", error.found()).unwrap();
    writeln!(out, "matches_genericurl: {:?}", error.matches_genericurl()).unwrap();
    // The caret: the error's line, and spaces up to its column.
    let line = text
        .split('\n')
        .nth(error.line() as usize - 1)
        .unwrap_or_default();
    writeln!(out, "  {line}").unwrap();
    writeln!(out, "  {}^", " ".repeat(error.column() - 1)).unwrap();
    out
}

/// An error never lists among what it expected the character it found:
/// had that character been acceptable there, the parser would have gone on.
fn assert_expects_not_what_it_found(text: &str, error: &Error) {
    let Unexpected::Char(found) = error.found() else {
        return;
    };
    let found = found.to_string();
    for expected in error.expected() {
        let accepts = match expected {
            Expected::Literal(literal) => *literal == found,
            // A production that matches one character, such as `uchar`.
            Expected::Rule(rule) => rfc1738::check_with(*rule, &found, Options::default()).is_ok(),
            Expected::EndOfInput => false,
            other => panic!("an expectation this test does not know: {other:?}"),
        };
        assert!(
            !accepts,
            "{text:?}: the error expects {expected} and found {found:?}: {error}"
        );
    }
}

/// The snapshot body for `text` checked against `rule`: the tree when it
/// matches, the error when it does not.
pub fn render(rule: Rule, text: &str) -> String {
    match rfc1738::check_with(rule, text, Options::default()) {
        Ok(()) => tree(rule, text).unwrap_or_else(|| {
            panic!(
                "{text:?} passes {} but its combinator does not match it whole",
                rule.name()
            )
        }),
        Err(error) => render_error(text, &error),
    }
}

/// The snapshot body for `text` given to `rfc1738::parse`, which holds a
/// URL of the ten schemes to its scheme's production: the typed tree, or the
/// error.
#[allow(dead_code)]
pub fn render_parse(text: &str) -> String {
    match rfc1738::parse(text) {
        Ok(url) => url.syntax().to_string(),
        Err(error) => render_error(text, &error),
    }
}

/// A file-name-safe form of a production's name: `gopher+_string` becomes
/// `gopher_plus_string`, `ip-schemepart` becomes `ip_schemepart`.
pub fn slug(rule: Rule) -> String {
    rule.name().replace('+', "_plus").replace('-', "_")
}
