//! Recognition without the combinators, for the productions whose language
//! is a run of characters: what [`crate::check`] runs first; and the trees
//! of `http` and `file` URLs and of the generic form, read on bytes: what
//! [`crate::parse`] tries first. It builds no
//! tree, slices no [`Input`](crate::Input) (nom_locate counts the newlines
//! of every slice) and records nothing; when it says no, `check` runs the
//! combinators with a trace to explain why, so the errors are the
//! combinators' own.
//!
//! `url` is among these productions. Its alternatives are all sublanguages
//! of `otherurl` (every scheme's production is made of `xchar`s after a
//! lower-case `scheme ":"`), so a string is a `url` exactly when it is a
//! `genericurl`: `scheme ":" *xchar`. The combinator `url` still tries the
//! scheme's own production, for the tree; recognition does not need to.
//! The tests below hold this module to the combinators.

use crate::grammar::ftp::FPATH;
use crate::grammar::generic::{known_scheme_of, SCHEME, SCHEME_ANY_CASE};
use crate::grammar::http::{HPATH, HSEGMENT};
use crate::grammar::ip::{hostname_end, USER};
use crate::grammar::misc::{CharClass, DIGIT, HEX, XCHAR};
use crate::options::Options;
use crate::rule::Rule;
use crate::span::Span;
use crate::tree::{
    Digits, FileUrl, Fpath, GenericUrl, Host, Hostname, Hostnumber, Hostport, Hpath, HttpUrl,
    IpSchemepart, Login, Password, Port, Scheme, Schemepart, Search, Url, Urlpath, User,
};

/// Whether all of `text` matches `rule`, for the rules this module knows;
/// `None` for the others.
#[inline]
pub(crate) fn whole(rule: Rule, text: &str, options: Options) -> Option<bool> {
    let bytes = text.as_bytes();
    let end = match rule {
        Rule::Url | Rule::Genericurl | Rule::Otherurl => genericurl(bytes, options),
        Rule::Schemepart | Rule::Urlpath | Rule::Selector | Rule::GopherPlusString => {
            Some(xchars(bytes, 0))
        }
        _ => return None,
    };
    Some(end == Some(bytes.len()))
}

/// Whether all of `text` is a `genericurl`.
pub(crate) fn is_genericurl(text: &str, options: Options) -> bool {
    genericurl(text.as_bytes(), options) == Some(text.len())
}

/// The end of the `genericurl` at the start of `bytes`, if there is one.
#[inline]
fn genericurl(bytes: &[u8], options: Options) -> Option<usize> {
    let scheme = genericurl_scheme_end(bytes, options)?;
    Some(xchars(bytes, scheme + 1))
}

/// The end of the `scheme` at the start of `bytes`, if a `:` follows it.
#[inline]
fn genericurl_scheme_end(bytes: &[u8], options: Options) -> Option<usize> {
    // The commonest schemes, in lower case, by a plain comparison.
    if bytes.starts_with(b"http:") {
        return Some(4);
    }
    if bytes.starts_with(b"https:") {
        return Some(5);
    }
    let class = if options.strict {
        &SCHEME
    } else {
        &SCHEME_ANY_CASE
    };
    let scheme = bytes.iter().take_while(|&&b| class.contains(b)).count();
    (scheme > 0 && bytes.get(scheme) == Some(&b':')).then_some(scheme)
}

/// Whether all eight bytes are in `class`: one test for the eight, so that
/// the common case of a long plain run costs a table look-up per byte.
#[inline(always)]
fn all_in(class: &CharClass, chunk: &[u8; 8]) -> bool {
    chunk.iter().fold(true, |all, &b| all & class.contains(b))
}

/// The end of the run of `xchar`s (`unreserved | reserved | escape`) from
/// `at`.
#[inline]
pub(crate) fn xchars(bytes: &[u8], at: usize) -> usize {
    run_end(bytes, at, &XCHAR)
}

/// The end of the run of `class` from `at`, as [`run`] reads it: a `%`
/// that does not start an escape ends the run (when the class admits
/// escapes at all).
///
/// [`run`]: crate::grammar::primitives::run
#[inline(always)]
pub(crate) fn run_end(bytes: &[u8], mut at: usize, class: &CharClass) -> usize {
    loop {
        for chunk in bytes[at..].chunks_exact(8) {
            let chunk: &[u8; 8] = chunk.try_into().expect("eight bytes");
            if !all_in(class, chunk) {
                break;
            }
            at += 8;
        }
        // Fewer than eight bytes left: the last eight, which overlap what
        // was read, often end the run in one test.
        if at + 8 > bytes.len() && at < bytes.len() && bytes.len() >= 8 {
            let last: &[u8; 8] = bytes[bytes.len() - 8..].try_into().expect("eight bytes");
            if all_in(class, last) {
                return bytes.len();
            }
        }
        // Byte by byte through escapes, back to the eight-byte test after
        // eight plain bytes in a row.
        let mut plain = 0;
        while plain < 8 {
            match bytes.get(at) {
                Some(&b) if class.contains(b) => {
                    at += 1;
                    plain += 1;
                }
                Some(b'%')
                    if class.escapes
                        && bytes.get(at + 1).is_some_and(|&b| HEX.contains(b))
                        && bytes.get(at + 2).is_some_and(|&b| HEX.contains(b)) =>
                {
                    at += 3;
                    plain = 0;
                }
                _ => return at,
            }
        }
    }
}

/// The tree of `text` for the schemes whose productions this module reads
/// on bytes (`httpurl`, `fileurl` and `otherurl`, the bulk of real URLs,
/// `https` included); `None` for
/// the others, and whenever the text is not such a URL: [`crate::parse`]
/// then runs the combinators, which decide and explain.
#[inline]
pub(crate) fn parse(text: &str, options: Options) -> Option<Url<'_>> {
    // Most URLs spell their scheme in lower case: a plain comparison
    // decides those without the case-folding look-up.
    let known = if text.as_bytes().starts_with(b"http:") {
        Some(Rule::Httpurl)
    } else {
        known_scheme_of(text, options.strict)
    };
    match known {
        Some(Rule::Httpurl) => httpurl(text, options.strict).map(Url::Http),
        Some(Rule::Fileurl) => fileurl(text, options.strict).map(Url::File),
        Some(_) => None,
        None => genericurl_tree(text, options).map(Url::Other),
    }
}

/// Whether `bytes` starts with the scheme literal `literal` (`"http://"`),
/// as [`scheme_literal`] matches it.
///
/// [`scheme_literal`]: crate::grammar::primitives::scheme_literal
#[inline]
fn starts_with_scheme(bytes: &[u8], literal: &[u8], strict: bool) -> bool {
    if bytes.starts_with(literal) {
        return true;
    }
    let name = literal.len() - 3;
    bytes.len() >= literal.len()
        && bytes[name..literal.len()] == literal[name..]
        && if strict {
            bytes[..name] == literal[..name]
        } else {
            bytes[..name].eq_ignore_ascii_case(&literal[..name])
        }
}

/// A node's text and span, from `start` to `end` of the whole text.
#[inline]
fn piece(text: &str, start: usize, end: usize) -> (&str, Span) {
    (&text[start..end], Span::new(start, end))
}

/// The `host` at `at`: a `hostname` or else a `hostnumber`.
#[inline(always)]
fn host(text: &str, at: usize) -> Option<(usize, Host<'_>)> {
    let bytes = text.as_bytes();
    if let Some(len) = hostname_end(&bytes[at..]) {
        let (text, span) = piece(text, at, at + len);
        return Some((at + len, Host::Hostname(Hostname { text, span })));
    }
    let mut parts = [Digits::new("", Span::default()); 4];
    let mut end = at;
    for (index, part) in parts.iter_mut().enumerate() {
        if index > 0 {
            if bytes.get(end) != Some(&b'.') {
                return None;
            }
            end += 1;
        }
        let start = end;
        end += bytes[start..]
            .iter()
            .take_while(|&&b| DIGIT.contains(b))
            .count();
        if end == start {
            return None;
        }
        let (digits, span) = piece(text, start, end);
        *part = Digits::new(digits, span);
    }
    let (number, span) = piece(text, at, end);
    Some((
        end,
        Host::Hostnumber(Hostnumber {
            text: number,
            span,
            parts,
        }),
    ))
}

/// The `hostport` at `at`: a `host`, then `":" port` if digits follow.
#[inline(always)]
fn hostport(text: &str, at: usize) -> Option<(usize, Hostport<'_>)> {
    let bytes = text.as_bytes();
    let (mut end, host) = host(text, at)?;
    let mut port = None;
    if bytes.get(end) == Some(&b':') {
        let digits = bytes[end + 1..]
            .iter()
            .take_while(|&&b| DIGIT.contains(b))
            .count();
        if digits > 0 {
            let (digits, span) = piece(text, end + 1, end + 1 + digits);
            port = Some(Port::new(digits, span));
            end = span.end;
        }
    }
    let (whole, span) = piece(text, at, end);
    Some((
        end,
        Hostport {
            text: whole,
            span,
            host,
            port,
        },
    ))
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`, the whole
/// of `text`.
#[inline(always)]
fn httpurl(text: &str, strict: bool) -> Option<HttpUrl<'_>> {
    let bytes = text.as_bytes();
    if !starts_with_scheme(bytes, b"http://", strict) {
        return None;
    }
    let (scheme, scheme_span) = piece(text, 0, 4);
    let (mut at, hostport) = hostport(text, 7)?;
    let (mut hpath, mut search) = (None, None);
    if bytes.get(at) == Some(&b'/') {
        let end = run_end(bytes, at + 1, &HPATH);
        let (path, span) = piece(text, at + 1, end);
        hpath = Some(Hpath { text: path, span });
        at = end;
        if bytes.get(at) == Some(&b'?') {
            let end = run_end(bytes, at + 1, &HSEGMENT);
            let (query, span) = piece(text, at + 1, end);
            search = Some(Search::new(query, span));
            at = end;
        }
    }
    (at == bytes.len()).then(|| HttpUrl {
        text,
        span: Span::new(0, at),
        scheme: Scheme::new(scheme, scheme_span),
        hostport,
        hpath,
        search,
    })
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath`, the whole of
/// `text` (`localhost` is a `host` too).
#[inline(always)]
fn fileurl(text: &str, strict: bool) -> Option<FileUrl<'_>> {
    let bytes = text.as_bytes();
    if !starts_with_scheme(bytes, b"file://", strict) {
        return None;
    }
    let (scheme, scheme_span) = piece(text, 0, 4);
    let (at, host) = match host(text, 7) {
        Some((end, host)) => (end, Some(host)),
        None => (7, None),
    };
    if bytes.get(at) != Some(&b'/') {
        return None;
    }
    let end = run_end(bytes, at + 1, &FPATH);
    let (path, span) = piece(text, at + 1, end);
    (end == bytes.len()).then(|| FileUrl {
        text,
        span: Span::new(0, end),
        scheme: Scheme::new(scheme, scheme_span),
        host,
        fpath: Fpath { text: path, span },
    })
}

/// `genericurl = scheme ":" schemepart`, the whole of `text`, with the
/// `ip-schemepart` reading of the schemepart when it covers all of it (as
/// [`schemepart`](crate::grammar::schemepart) does).
#[inline(always)]
fn genericurl_tree(text: &str, options: Options) -> Option<GenericUrl<'_>> {
    let bytes = text.as_bytes();
    let scheme_end = genericurl_scheme_end(bytes, options)?;
    let part_start = scheme_end + 1;
    // An `ip-schemepart` that reaches the end is made of `xchar`s, so it
    // answers for `*xchar` too; otherwise the run of `xchar`s decides.
    let ip_schemepart = match ip_schemepart(text, part_start) {
        Some((end, ip)) if end == bytes.len() => Some(ip),
        _ if xchars(bytes, part_start) != bytes.len() => return None,
        _ => None,
    };
    let (scheme, scheme_span) = piece(text, 0, scheme_end);
    let (part, part_span) = piece(text, part_start, bytes.len());
    Some(GenericUrl {
        text,
        span: Span::new(0, bytes.len()),
        scheme: Scheme::new(scheme, scheme_span),
        schemepart: Schemepart {
            text: part,
            span: part_span,
            ip_schemepart,
        },
    })
}

/// `ip-schemepart = "//" login [ "/" urlpath ]` at `at`.
#[inline(always)]
fn ip_schemepart(text: &str, at: usize) -> Option<(usize, IpSchemepart<'_>)> {
    let bytes = text.as_bytes();
    if bytes.get(at..at + 2) != Some(b"//") {
        return None;
    }
    let (mut end, login) = login(text, at + 2)?;
    let mut urlpath = None;
    if bytes.get(end) == Some(&b'/') {
        let path_end = xchars(bytes, end + 1);
        let (path, span) = piece(text, end + 1, path_end);
        urlpath = Some(Urlpath::new(path, span));
        end = path_end;
    }
    let (whole, span) = piece(text, at, end);
    Some((
        end,
        IpSchemepart {
            text: whole,
            span,
            login,
            urlpath,
        },
    ))
}

/// `login = [ user [ ":" password ] "@" ] hostport` at `at`: the optional
/// part is given up whole when no `@` ends it, as [`login`] does.
///
/// [`login`]: crate::grammar::login
#[inline(always)]
fn login(text: &str, at: usize) -> Option<(usize, Login<'_>)> {
    let bytes = text.as_bytes();
    let user_end = run_end(bytes, at, &USER);
    let (password_end, password) = if bytes.get(user_end) == Some(&b':') {
        let end = run_end(bytes, user_end + 1, &USER);
        let (password, span) = piece(text, user_end + 1, end);
        (end, Some(Password::new(password, span)))
    } else {
        (user_end, None)
    };
    let (host_start, user, password) = if bytes.get(password_end) == Some(&b'@') {
        let (user, span) = piece(text, at, user_end);
        (password_end + 1, Some(User::new(user, span)), password)
    } else {
        (at, None, None)
    };
    let (end, hostport) = hostport(text, host_start)?;
    let (whole, span) = piece(text, at, end);
    Some((
        end,
        Login {
            text: whole,
            span,
            user,
            password,
            hostport,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the combinators say, with a trace attached so that no fast
    /// path of theirs is taken either.
    fn combinators(rule: Rule, text: &str, options: Options) -> bool {
        let trace = crate::input::Trace::default();
        let start = crate::input::with_trace(crate::input::input(text, options), Some(&trace));
        match rule.recognize(start) {
            Ok((rest, _)) => rest.fragment().is_empty(),
            Err(_) => false,
        }
    }

    fn samples() -> Vec<String> {
        let mut samples: Vec<String> = [
            "",
            ":",
            "a:",
            "A:",
            "http:",
            "http://",
            "http://host",
            "http://host/a%2",
            "http://host/a%2G",
            "http://host/a%2Fb",
            "http://host/%",
            "http://h/\u{e9}",
            "HTTP://x/",
            "x+y.z-1://a@b:c/d;e?f=g&h",
            "1a:b",
            "-:x",
            "a b:c",
            "a:b c",
            "a:b\nc",
            "mailto:j.doe@example.com",
            "news:comp.lang.rust",
            "gopher://h/0a%09b%09c",
            "prospero://h/p;a=b",
            "file:///etc/passwd",
            "https://www.example.com/a/very/long/path/that/goes/on/and/on?q=1",
            "https://www.example.com/a/very/long/path/that/goes/on/and/on#f",
            "a:%41%41%41%41%41%41%41%41%41%41%41%41%41",
            "a:%41%41%41%41%41%41%41%41%41%41%41%41%4",
            "a:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%",
            "a:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa~",
            "a:aaaaaaa~aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Every printable character and a few others at every place of an
        // eight-byte chunk, and around a `%`.
        for byte in (0u8..0x80).chain([0xc3]) {
            let c = if byte < 0x80 { char::from(byte) } else { 'é' };
            for at in 0..10 {
                let mut text = String::from("a:");
                text.push_str(&"b".repeat(at));
                text.push(c);
                text.push_str("cdefghijk");
                samples.push(text);
                samples.push(format!("a:{}%4{c}x", "b".repeat(at)));
                samples.push(format!("a{c}:b"));
            }
        }
        samples
    }

    #[test]
    fn agrees_with_the_combinators() {
        let mut known = 0;
        for rule in Rule::ALL.iter().copied() {
            for options in [Options::default(), Options::strict()] {
                for text in samples() {
                    if let Some(fast) = whole(rule, &text, options) {
                        known += 1;
                        assert_eq!(
                            fast,
                            combinators(rule, &text, options),
                            "{rule:?} {text:?} {options:?}"
                        );
                    }
                }
            }
        }
        assert!(known > 1000, "{known}");
    }

    /// Prefixes and one-character mutations of `text`.
    fn variants(text: &str, into: &mut Vec<String>) {
        into.push(text.to_owned());
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|&at| text.is_char_boundary(at))
            .collect();
        for &at in boundaries.iter().step_by(3) {
            into.push(text[..at].to_owned());
            for replacement in [".", "-", "1", "a", "%", "/", ":", "@", " "] {
                let next = boundaries.iter().find(|&&b| b > at).copied();
                if let Some(next) = next {
                    into.push(format!("{}{replacement}{}", &text[..at], &text[next..]));
                }
            }
        }
    }

    fn corpus_samples() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data");
        let mut samples = Vec::new();
        for (file, every) in [("kasztp.txt", 400), ("node_files.txt", 800)] {
            let text = std::fs::read_to_string(dir.join(file)).expect("benches/data");
            for line in text.trim_start_matches('\u{feff}').lines().step_by(every) {
                samples.push(line.replacen("https://", "http://", 1));
                samples.push(line.replacen("https://", "x-y://u:p@", 1));
            }
        }
        samples
    }

    /// The first pass (no trace) takes fast paths that the traced pass
    /// does not: both must match the same text, with the same tree.
    #[test]
    fn untraced_pass_agrees_with_traced_pass() {
        let mut texts = Vec::new();
        let seeds = [
            "a.b",
            "a-.b",
            "1.a",
            "a.1",
            "a..b",
            "-a.b",
            "a.b-",
            "a.b.",
            "a.b.c:80/x",
            "1.2.3.4",
            "1.2.3.4.5",
            "a.-b",
            "ab-c.d",
            "a.b-c",
            "a-b-c",
            "a1",
            "A.B.C",
            "a.b.c.d.e.f.g",
            "a.b.1",
            "1.2.3",
            "ab.",
            "x",
            "-",
            "",
            "a.",
            ".a",
            "http://a.b.c:80/d/e?f",
            "ftp://u:p@h.com/a/b;type=i",
            "news:comp.lang",
            "news:123@h.com",
            "news:*",
            "nntp://h/g.x/12",
            "telnet://u@h:23/",
            "gopher://h/1sel%09search%09plus",
            "wais://h/db?q",
            "wais://h/db/t/p",
            "mailto:a@b.c",
            "file://localhost/etc",
            "file:///x",
            "file://h.com/x",
            "prospero://h/p/q;a=b;c=d",
            "x-y://u@h.com/p",
            "https://a.b.c/d#e",
            "HTTP://H.COM/",
            "Ftp://h/",
            "http://1.2.3.4:8080/",
            "http://a.1/",
            "http://a.b-/",
            "http://-a.b/",
            "http://a..b/",
            "http://user@h/",
            "https://u:p@h.com:8080/x?y",
            "https://u@h.com/",
            "https://u:@h.com",
            "https://:p@h.com",
            "https://@h.com",
            "https://u:p:q@h.com",
            "https://h.com:/",
            "https://h.com:x/",
            "https://1.2.3.4/",
            "x://",
            "x:///p",
            "x:",
        ];
        for seed in seeds {
            variants(seed, &mut texts);
        }
        for sample in corpus_samples() {
            variants(&sample, &mut texts);
        }
        for text in &texts {
            for options in [Options::default(), Options::strict()] {
                let trace = crate::input::Trace::default();
                let plain = crate::input::input(text, options);
                let traced = crate::input::with_trace(plain, Some(&trace));
                for rule in Rule::ALL.iter().copied() {
                    let fast = rule
                        .recognize(plain)
                        .map(|(rest, _)| rest.location_offset());
                    let slow = rule
                        .recognize(traced)
                        .map(|(rest, _)| rest.location_offset());
                    assert_eq!(fast.ok(), slow.ok(), "{rule:?} {text:?} {options:?}");
                }
                let fast = crate::grammar::url(plain).map(|(rest, url)| (*rest.fragment(), url));
                let slow = crate::grammar::url(traced).map(|(rest, url)| (*rest.fragment(), url));
                assert_eq!(fast.ok(), slow.ok(), "url {text:?} {options:?}");
                let fast = crate::parse_with(text, options).ok();
                let slow = crate::parse_url(traced).map(|(_, url)| url);
                assert_eq!(fast, slow.ok(), "parse {text:?} {options:?}");
            }
        }
        assert!(texts.len() > 5000, "{}", texts.len());
    }

    #[test]
    fn url_is_genericurl() {
        assert_eq!(
            whole(Rule::Url, "http://user@host/", Options::default()),
            Some(true)
        );
        assert_eq!(
            whole(Rule::Url, "HTTP://host/", Options::default()),
            Some(true)
        );
        assert_eq!(
            whole(Rule::Url, "HTTP://host/", Options::strict()),
            Some(false)
        );
        assert_eq!(
            whole(Rule::Url, "http://host/#x", Options::default()),
            Some(false)
        );
        assert_eq!(whole(Rule::Hostname, "host", Options::default()), None);
    }
}
