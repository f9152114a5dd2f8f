//! ```bnf
//! ; URL schemeparts for ip based protocols:
//! ip-schemepart  = "//" login [ "/" urlpath ]
//! ```
//!
//! The common Internet scheme syntax of section 3.1: `ip-schemepart`,
//! `login`, `hostport`, `host`, `hostname`, `domainlabel`, `toplabel`,
//! `alphadigit`, `hostnumber`, `port`, `user`, `password`, `urlpath`.

use crate::error::Expected;
use crate::grammar::misc::{digits, CharClass, ALPHA, ALPHADIGIT, UCHAR, XCHAR};
use crate::grammar::primitives::{
    consumed, expect, literal, one, optional, production, run, split, without_trace,
};
use crate::input::{with_trace, Backtrack, Input, PResult};
use crate::rule::Rule;
use crate::tree::{
    Domainlabel, Host, Hostname, Hostnumber, Hostport, IpSchemepart, Login, Password, Port,
    Toplabel, Urlpath, User,
};

/// ```bnf
/// ip-schemepart  = "//" login [ "/" urlpath ]
/// ```
pub fn ip_schemepart(input: Input<'_>) -> PResult<'_, IpSchemepart<'_>> {
    production(Rule::IpSchemepart, input, |start| {
        let (rest, _) = literal(start, "//")?;
        let (rest, login) = login(rest)?;
        let (rest, urlpath) = optional(rest, |after| {
            let (after, _) = literal(after, "/")?;
            urlpath(after)
        });
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            IpSchemepart {
                text,
                span,
                login,
                urlpath,
            },
        ))
    })
}

/// ```bnf
/// login          = [ user [ ":" password ] "@" ] hostport
/// ```
///
/// Neither `user` nor `password` can contain `@` or `:`, so the optional
/// part is tried first and given up whole when no `@` ends it: `host:21`
/// is a host and a port, not a user and a password.
///
/// When no `@` follows the run of user and password characters, the user
/// part cannot match, and its failure (an `@` expected at the end of the
/// run) would outrun and hide the error in the host: it is then tried
/// without the trace. This changes which error is reported, never what
/// matches.
pub fn login(input: Input<'_>) -> PResult<'_, Login<'_>> {
    production(Rule::Login, input, |start| {
        let userinfo_start = if at_sign_ends_userinfo(&start) {
            start
        } else {
            without_trace(start)
        };
        let (rest, userinfo) = optional(userinfo_start, |at| {
            let (at, user) = user(at)?;
            let (at, password) = optional(at, |colon| {
                let (colon, _) = literal(colon, ":")?;
                password(colon)
            });
            let (at, _) = literal(at, "@")?;
            Ok((at, (user, password)))
        });
        let (rest, user, password) = match userinfo {
            Some((user, password)) => (with_trace(rest, start.extra.trace()), Some(user), password),
            None => (start, None, None),
        };
        let (rest, hostport) = hostport(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            Login {
                text,
                span,
                user,
                password,
                hostport,
            },
        ))
    })
}

/// Whether an `@` follows the characters a user and password may hold.
fn at_sign_ends_userinfo(input: &Input<'_>) -> bool {
    let run = input
        .fragment()
        .bytes()
        .position(|b| !(USER.contains(b) || b == b':' || b == b'%'));
    run.is_some_and(|end| input.fragment().as_bytes()[end] == b'@')
}

/// ```bnf
/// hostport       = host [ ":" port ]
/// ```
#[inline]
pub fn hostport(input: Input<'_>) -> PResult<'_, Hostport<'_>> {
    production(Rule::Hostport, input, |start| {
        let (rest, host) = host(start)?;
        let (rest, port) = optional(rest, |colon| {
            let (colon, _) = literal(colon, ":")?;
            port(colon)
        });
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            Hostport {
                text,
                span,
                host,
                port,
            },
        ))
    })
}

/// ```bnf
/// host           = hostname | hostnumber
/// ```
///
/// The two are disjoint (a `toplabel` starts with a letter, a `hostnumber`
/// ends in digits) and neither may be followed by `.`, a letter or a digit
/// in any production, so trying `hostname` first gives the one derivation.
#[inline]
pub fn host(input: Input<'_>) -> PResult<'_, Host<'_>> {
    production(Rule::Host, input, |start| match hostname(start) {
        Ok((rest, name)) => Ok((rest, Host::Hostname(name))),
        Err(_) => hostnumber(start).map(|(rest, number)| (rest, Host::Hostnumber(number))),
    })
}

/// The characters of a label: `alphadigit | "-"`.
const LABEL: CharClass = ALPHADIGIT.union(CharClass::of(b"-"));

/// How many label characters the input starts with.
fn label_run(input: &Input<'_>) -> usize {
    input
        .fragment()
        .bytes()
        .take_while(|&b| LABEL.contains(b))
        .count()
}

/// ```bnf
/// hostname       = *[ domainlabel "." ] toplabel
/// ```
///
/// Deviation from a greedy reading: `*[ domainlabel "." ]` would also eat
/// the `toplabel` (every toplabel is a domainlabel). A label is read as a
/// `domainlabel` only when a `.` and another label follow it; the last label
/// must be a `toplabel`. A label never ends at a character that could
/// continue it (no production lets a host be followed by a letter, digit,
/// `-` or `.`), so reading each label to its longest is exact.
#[inline]
pub fn hostname(input: Input<'_>) -> PResult<'_, Hostname<'_>> {
    if input.extra.trace().is_none() {
        // Nothing to record: the same loop on bytes, with one slice at the
        // end instead of three per label.
        let Some(end) = hostname_end(input.fragment().as_bytes()) else {
            return Err(nom::Err::Error(Backtrack));
        };
        let (rest, start) = split(input, end);
        let (text, span) = consumed(&start, &rest);
        return Ok((rest, Hostname { text, span }));
    }
    production(Rule::Hostname, input, |start| {
        let mut at = start;
        let rest = loop {
            let run = label_run(&at);
            let bytes = at.fragment().as_bytes();
            let dot_then_label = bytes.get(run) == Some(&b'.')
                && bytes.get(run + 1).is_some_and(|&b| ALPHADIGIT.contains(b));
            if dot_then_label {
                let (after, _) = domainlabel(at)?;
                let (after, _) = literal(after, ".")?;
                at = after;
            } else {
                if bytes.get(run) == Some(&b'.') {
                    // `label .` could have gone on with another label.
                    expect(
                        &at,
                        run + 1,
                        &[
                            Expected::Rule(Rule::Domainlabel),
                            Expected::Rule(Rule::Toplabel),
                        ],
                    );
                } else if bytes.first().is_some_and(|&b| ALPHA.contains(b)) {
                    // A "." after a toplabel would have gone on with another
                    // label. (After a label that cannot be a toplabel, the
                    // error that helps is the toplabel's, at its start.)
                    expect(&at, run, &[Expected::Literal(".")]);
                }
                let (after, _) = toplabel(at)?;
                break after;
            }
        };
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Hostname { text, span }))
    })
}

/// Where the `hostname` at the start of `bytes` ends, if there is one: the
/// loop of [`hostname`], label by label, on bytes.
pub(crate) fn hostname_end(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let mut end = at;
        while end < bytes.len() && LABEL.contains(bytes[end]) {
            end += 1;
        }
        // Neither label may be empty or end in "-".
        if end == at || bytes[end - 1] == b'-' {
            return None;
        }
        let dot_then_label = bytes.get(end) == Some(&b'.')
            && bytes.get(end + 1).is_some_and(|&b| ALPHADIGIT.contains(b));
        if dot_then_label {
            if !ALPHADIGIT.contains(bytes[at]) {
                return None;
            }
            at = end + 1;
        } else {
            return ALPHA.contains(bytes[at]).then_some(end);
        }
    }
}

/// A label whose first character is in `first` (reported as `first_rule`)
/// and whose last is not `-`.
fn label<'a>(input: Input<'a>, first: &CharClass, first_rule: Rule) -> PResult<'a, Input<'a>> {
    one(input, first, first_rule)?;
    let run = label_run(&input);
    // Where the run stops, another alphadigit or "-" could have continued it.
    expect(
        &input,
        run,
        &[Expected::Rule(Rule::Alphadigit), Expected::Literal("-")],
    );
    if input.fragment().as_bytes()[run - 1] == b'-' {
        return Err(nom::Err::Error(Backtrack));
    }
    let (rest, _) = split(input, run);
    Ok((rest, input))
}

/// ```bnf
/// domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
/// ```
pub fn domainlabel(input: Input<'_>) -> PResult<'_, Domainlabel<'_>> {
    production(Rule::Domainlabel, input, |start| {
        let (rest, _) = label(start, &ALPHADIGIT, Rule::Alphadigit)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Domainlabel::new(text, span)))
    })
}

/// ```bnf
/// toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit
/// ```
pub fn toplabel(input: Input<'_>) -> PResult<'_, Toplabel<'_>> {
    production(Rule::Toplabel, input, |start| {
        let (rest, _) = label(start, &ALPHA, Rule::Alpha)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Toplabel::new(text, span)))
    })
}

/// ```bnf
/// alphadigit     = alpha | digit
/// ```
pub fn alphadigit(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &ALPHADIGIT, Rule::Alphadigit)
}

/// ```bnf
/// hostnumber     = digits "." digits "." digits "." digits
/// ```
pub fn hostnumber(input: Input<'_>) -> PResult<'_, Hostnumber<'_>> {
    production(Rule::Hostnumber, input, |start| {
        let (rest, first) = digits(start)?;
        let (rest, _) = literal(rest, ".")?;
        let (rest, second) = digits(rest)?;
        let (rest, _) = literal(rest, ".")?;
        let (rest, third) = digits(rest)?;
        let (rest, _) = literal(rest, ".")?;
        let (rest, fourth) = digits(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            Hostnumber {
                text,
                span,
                parts: [first, second, third, fourth],
            },
        ))
    })
}

/// ```bnf
/// port           = digits
/// ```
pub fn port(input: Input<'_>) -> PResult<'_, Port<'_>> {
    production(Rule::Port, input, |start| {
        let (rest, digits) = digits(start)?;
        Ok((rest, Port::new(digits.as_str(), digits.span())))
    })
}

/// The characters of `user` and `password`.
pub(crate) const USER: CharClass = UCHAR.union(CharClass::of(b";?&="));
/// What may continue a `user` or `password`.
const USER_ELEMENTS: &[Expected] = &[
    Expected::Rule(Rule::Uchar),
    Expected::Literal(";"),
    Expected::Literal("?"),
    Expected::Literal("&"),
    Expected::Literal("="),
];

/// ```bnf
/// user           = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
pub fn user(input: Input<'_>) -> PResult<'_, User<'_>> {
    production(Rule::User, input, |start| {
        let (rest, _) = run(start, &USER, 0, USER_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, User::new(text, span)))
    })
}

/// ```bnf
/// password       = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
pub fn password(input: Input<'_>) -> PResult<'_, Password<'_>> {
    production(Rule::Password, input, |start| {
        let (rest, _) = run(start, &USER, 0, USER_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Password::new(text, span)))
    })
}

/// ```bnf
/// urlpath        = *xchar    ; depends on protocol see section 3.1
/// ```
pub fn urlpath(input: Input<'_>) -> PResult<'_, Urlpath<'_>> {
    production(Rule::Urlpath, input, |start| {
        let (rest, _) = run(start, &XCHAR, 0, &[Expected::Rule(Rule::Xchar)])?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Urlpath::new(text, span)))
    })
}
