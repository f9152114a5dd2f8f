//! Recognition without the combinators, for the productions whose language
//! is a run of characters: what [`crate::check`] runs first. It builds no
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

use crate::grammar::generic::{SCHEME, SCHEME_ANY_CASE};
use crate::grammar::misc::{CharClass, HEX, XCHAR};
use crate::options::Options;
use crate::rule::Rule;

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

/// The end of the `genericurl` at the start of `bytes`, if there is one.
#[inline]
fn genericurl(bytes: &[u8], options: Options) -> Option<usize> {
    let class = if options.strict {
        &SCHEME
    } else {
        &SCHEME_ANY_CASE
    };
    let scheme = bytes.iter().take_while(|&&b| class.contains(b)).count();
    if scheme == 0 || bytes.get(scheme) != Some(&b':') {
        return None;
    }
    Some(xchars(bytes, scheme + 1))
}

/// Whether all eight bytes are in `class`: one test for the eight, so that
/// the common case of a long plain run costs a table look-up per byte.
#[inline(always)]
fn all_in(class: &CharClass, chunk: &[u8; 8]) -> bool {
    chunk.iter().fold(true, |all, &b| all & class.contains(b))
}

/// The end of the run of `xchar`s (`unreserved | reserved | escape`) from
/// `at`: as the combinators read it, a `%` that does not start an escape
/// ends the run.
#[inline]
pub(crate) fn xchars(bytes: &[u8], mut at: usize) -> usize {
    loop {
        while let Some(chunk) = bytes.get(at..at + 8) {
            let chunk: &[u8; 8] = chunk.try_into().expect("eight bytes");
            if !all_in(&XCHAR, chunk) {
                break;
            }
            at += 8;
        }
        // Fewer than eight bytes left: the last eight, which overlap what
        // was read, often end the run in one test.
        if at + 8 > bytes.len() && at < bytes.len() && bytes.len() >= 8 {
            let last: &[u8; 8] = bytes[bytes.len() - 8..].try_into().expect("eight bytes");
            if all_in(&XCHAR, last) {
                return bytes.len();
            }
        }
        match bytes.get(at) {
            Some(&b) if XCHAR.contains(b) => at += 1,
            Some(b'%')
                if bytes.get(at + 1).is_some_and(|&b| HEX.contains(b))
                    && bytes.get(at + 2).is_some_and(|&b| HEX.contains(b)) =>
            {
                at += 3
            }
            _ => return at,
        }
    }
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
