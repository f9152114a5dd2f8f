//! ```bnf
//! ; The generic form of a URL is:
//! genericurl     = scheme ":" schemepart
//! ```
//!
//! `genericurl`, `url`, `otherurl`, `scheme`, `schemepart`, and
//! [`known_scheme_url`], the `url` that [`crate::parse`] reads.

use crate::grammar::chars::{SCHEME, SCHEME_ANY_CASE, XCHAR};
use crate::grammar::cursor::{Cursor, Inlined, Inlining, Parsed};
use crate::grammar::fast::{first_equal, run_scan_inline};
use crate::grammar::ip::ip_schemepart;
use crate::grammar::notation::{map, recognize, tag, take_while, take_while1};
use crate::grammar::production::{named, production};
use crate::grammar::trace::preferred;
use crate::options::Options;
use crate::rule::Rule;
use crate::tree::{GenericUrl, Scheme, Schemepart, Url};

production! {
    /// ```bnf
    /// genericurl     = scheme ":" schemepart
    /// ```
    ///
    /// [`crate::check`] decides `genericurl` (and `url` and `otherurl`, which
    /// have its language) by a second reading, which builds no node:
    /// `genericurl_end`. Building and moving the nodes is most of what this
    /// production costs on a valid URL (benches/records/log.md, "The generic
    /// grammar").
    genericurl(start) -> GenericUrl<'a>, named(Rule::Genericurl),
    {
        let (rest, scheme) = scheme::read(start)?;
        let (rest, _) = tag(":")(rest)?;
        let (rest, schemepart) = schemepart::read(rest)?;
        Ok((rest, GenericUrl { place: start.place_to(&rest), scheme, schemepart }))
    }
}

production! {
    /// ```bnf
    /// url            = httpurl | ftpurl | newsurl |
    ///                  nntpurl | telneturl | gopherurl |
    ///                  waisurl | mailtourl | fileurl |
    ///                  prosperourl | otherurl
    /// ```
    ///
    /// Not a first-match `alt`: the alternatives are not ordered in the BNF,
    /// so this takes the one that matches the most text. `otherurl` matches at
    /// least as much as any other (every scheme's URL is also a `genericurl`),
    /// so a scheme's own production wins only when it covers the same text:
    /// `http://user@host/` is an `otherurl` here, since `httpurl` stops before
    /// the `@`. [`known_scheme_url`] is stricter.
    url(start) -> Url<'a>, named(Rule::Url),
    {
        let generic = otherurl::read(start);
        let known = known_scheme(&start);
        if start.diagnosing() {
            // Where the scheme's own production fails as far as `otherurl`,
            // the error is the scheme's, as `parse`'s is: `ftp://user:pa
            // ss@host/` fails in `ftpurl > login > password`, not in
            // `otherurl > genericurl > schemepart`.
            if let Some(rule) = known {
                let _ = preferred(start, |start| scheme_url(rule, start));
            }
            return generic.map(|(rest, generic)| (rest, Url::Other(generic)));
        }
        let (generic_rest, generic) = generic?;
        // Every scheme's production is a sublanguage of `otherurl`: whether
        // the text matches is decided; the rest is for the tree.
        if !start.builds_tree() {
            return Ok((generic_rest, Url::Other(generic)));
        }
        if let Some(rule) = known {
            if let Ok((rest, url)) = scheme_url(rule, start) {
                if rest.offset() == generic_rest.offset() {
                    return Ok((rest, url));
                }
            }
        }
        Ok((generic_rest, Url::Other(generic)))
    }
}

production! {
    /// The `url` that [`crate::parse`] reads: a URL whose scheme is one of the
    /// ten of section 5 must match that scheme's production (so
    /// `http://host:80x/` is rejected, not read as an `otherurl`); any other
    /// scheme is an `otherurl`. Its errors name `url` outermost, as the other
    /// productions' do.
    ///
    /// ```
    /// use rfc1738::grammar::{known_scheme_url, url};
    /// use rfc1738::Url;
    ///
    /// let (rest, parsed) = known_scheme_url::<_, ()>("http://host/ and more").unwrap();
    /// assert!(matches!(parsed, Url::Http(_)));
    /// assert_eq!(rest, " and more");
    /// // `url` reads the `@` as part of an `otherurl`; this does not.
    /// assert!(matches!(url::<_, ()>("http://user@host/").unwrap().1, Url::Other(_)));
    /// assert_eq!(known_scheme_url::<_, ()>("http://user@host/").unwrap().0, "@host/");
    /// ```
    known_scheme_url(start) -> Url<'a>, named(Rule::Url),
    {
        scheme_url(known_scheme(&start).unwrap_or(Rule::Otherurl), start)
    }
}

production! {
    /// ```bnf
    /// ; new schemes follow the general syntax
    /// otherurl       = genericurl
    /// ```
    otherurl(start) -> GenericUrl<'a>, named(Rule::Otherurl),
    {
        genericurl::read(start)
    }
}

production! {
    /// ```bnf
    /// ; the scheme is in lower case; interpreters should use case-ignore
    /// scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]
    /// ```
    ///
    /// Upper-case letters match too, unless strict (section 2.1).
    scheme(start) -> Scheme<'a>, named(Rule::Scheme),
    {
        let class = if start.options().strict {
            &SCHEME
        } else {
            &SCHEME_ANY_CASE
        };
        map(recognize(take_while1(class)), Scheme::at)(start)
    }
}

production! {
    /// ```bnf
    /// schemepart     = *xchar | ip-schemepart
    /// ```
    ///
    /// Not an `alt`: every `ip-schemepart` is also a string of `xchar`s, so
    /// `*xchar` decides what matches, and the `ip-schemepart` reading is for
    /// the tree, which holds it when it matches the same text. Its failures
    /// are not the input's, so the diagnostic pass, which keeps no tree,
    /// leaves it out. Where it is read, it is read first, and the run of
    /// `xchar`s goes on from where it ends (most often no further), rather
    /// than over the same text again; after a `urlpath`, itself a run of
    /// `xchar`s, it is not run at all.
    schemepart(start) -> Schemepart<'a>, named(Rule::Schemepart),
    {
        let (ip_schemepart, xchars_from) = match start.builds_tree() && !start.diagnosing() {
            true => match ip_schemepart::read(start) {
                Ok((ip_rest, ip)) => (Some(ip), ip_rest),
                Err(_) => (None, start),
            },
            false => (None, start),
        };
        // After a `urlpath`, itself a run of `xchar`s, none follows.
        let (rest, _) = match ip_schemepart.is_some_and(|ip| ip.urlpath.is_some()) {
            true => (xchars_from, ""),
            false => take_while(&XCHAR)(xchars_from)?,
        };
        let ip_schemepart = ip_schemepart.filter(|_| rest.index() == xchars_from.index());
        Ok((
            rest,
            Schemepart {
                place: start.place_to(&rest),
                ip_schemepart,
            },
        ))
    }
}

/// Where the `genericurl` at `start` ends, without its tree: the second,
/// recognizing reading of [`genericurl`] (the same steps as it and
/// [`scheme`], in the same order, with no node built), with which
/// [`crate::check`] decides `url`, `genericurl` and `otherurl` (every
/// scheme's URL is a `genericurl`, so the three have one language); on a
/// no, the combinators run and explain.
#[inline]
pub(crate) fn genericurl_end(start: Cursor<'_>) -> Option<Cursor<'_>> {
    let class = if start.options().strict {
        &SCHEME
    } else {
        &SCHEME_ANY_CASE
    };
    let scheme = run_scan_inline(start.bytes(), class);
    if scheme == 0 {
        return None;
    }
    let (rest, _) = tag(":")(start.skip(scheme)).ok()?;
    Some(rest.skip(run_scan_inline(rest.bytes(), &XCHAR)))
}

/// The production of the scheme the input starts with (`scheme ":"`), when
/// it is one of the ten of section 5; case is ignored unless the options
/// are strict.
#[inline]
// The names' constants are named after their rules (`Httpurl`).
#[allow(non_upper_case_globals)]
pub(crate) fn known_scheme<M: Inlining>(input: &Cursor<'_, M>) -> Option<Rule> {
    let bytes = input.bytes();
    // The longest of the ten names has eight letters: the first eight bytes
    // are read as one little-endian word, the colon found in it (or just
    // after it) a word at a time, and the name compared whole with the ten
    // by a `match`, where the search of a table cost a large part of `parse`
    // (BENCHMARKS.md, "A scheme's name by a match").
    let word = match bytes.get(..8) {
        Some(first) => u64::from_le_bytes(first.try_into().expect("eight bytes")),
        // A short text, byte by byte: a copy of a variable length is a call
        // to `memcpy`, which cost as much as the rest of this function.
        None => bytes
            .iter()
            .rev()
            .fold(0, |word, &byte| word << 8 | u64::from(byte)),
    };
    let colon = match first_equal(word, b':') {
        Some(colon) => colon,
        None if bytes.get(8) == Some(&b':') => 8,
        None => return None,
    };
    if colon == 0 {
        return None;
    }
    let within_name = u64::MAX >> (8 * (8 - colon));
    let mut name = word & within_name;
    if !input.options().strict {
        // Sets bit 5 of every byte: only upper-case letters become other
        // letters (their lower-case twins), so no other name can match.
        name |= 0x2020_2020_2020_2020 & within_name;
    }
    /// The ten names, each a pattern with its length: a NUL byte in a
    /// name reads as the zeros after a shorter one.
    macro_rules! by_name {
        ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {{
            $(
                const $rule: (usize, u64) = ($name.len(), name_word($name.as_bytes()));
            )*
            match (colon, name) {
                $($rule => Some(Rule::$rule),)*
                _ => None,
            }
        }};
    }
    crate::rule::every_scheme!(by_name)
}

/// Up to eight bytes as one little-endian word.
const fn name_word(bytes: &[u8]) -> u64 {
    let mut word = 0u64;
    let mut index = 0;
    while index < bytes.len() {
        word |= (bytes[index] as u64) << (8 * index);
        index += 1;
    }
    word
}

/// Runs the production of one of the ten schemes, or `otherurl`.
pub(crate) fn scheme_url<M: Inlining>(rule: Rule, start: Cursor<'_, M>) -> Parsed<'_, Url<'_>, M> {
    fn made<'a, N, M: Inlining>(
        parsed: Parsed<'a, N, M>,
        variant: fn(N) -> Url<'a>,
    ) -> Parsed<'a, Url<'a>, M> {
        parsed.map(|(rest, node)| (rest, variant(node)))
    }
    macro_rules! by_rule {
        ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
            match rule {
                $(Rule::$rule => made(crate::grammar::$module::$production::read(start), Url::$variant),)*
                _ => made(otherurl::read(start), Url::Other),
            }
        };
    }
    crate::rule::every_scheme!(by_rule)
}

/// What a caller of [`each_scheme_url`] makes of what a scheme's production parsed and the
/// variant of [`Url`] that holds its node.
pub(crate) trait MakeUrl<'a> {
    /// What is made.
    type Output;
    /// Makes it of `parsed`, the node to be wrapped in `variant`.
    fn make<N>(
        self,
        parsed: Parsed<'a, N, Inlined>,
        variant: impl FnOnce(N) -> Url<'a>,
    ) -> Self::Output;
}

/// The production of `rule` (one of the ten schemes, else `otherurl`) read
/// from the start of `text`, and what it parsed handed to `make`: what
/// [`crate::parse`] reads.
#[inline(always)]
pub(crate) fn each_scheme_url<'a, M: MakeUrl<'a>>(
    rule: Rule,
    text: &'a str,
    options: Options,
    make: M,
) -> M::Output {
    /// The arm of each scheme: its production inlined into its function.
    macro_rules! by_rule {
        ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
            match rule {
                $(Rule::$rule => one_scheme(
                    text,
                    options,
                    make,
                    #[inline(always)]
                    |start| crate::grammar::$module::$production::read(start),
                    Url::$variant,
                ),)*
                // `otherurl` is a `genericurl`, read without naming itself:
                // this is the first pass, which names nothing.
                _ => one_scheme(
                    text,
                    options,
                    make,
                    #[inline(always)]
                    |start| genericurl::read(start),
                    Url::Other,
                ),
            }
        };
    }
    crate::rule::every_scheme!(by_rule)
}

/// One scheme's production, read from the start of `text` and made into
/// what `make` makes: a function of its own for each scheme, into which that
/// scheme's production is inlined, and the node made in the place the
/// function returns it (through a `Parsed` of the scheme's node, the tree
/// was copied once more).
///
/// Out of line: with the ten schemes inlined into one function, the
/// optimizer's time grew faster than the function, and most of the crate's
/// build went into it (benches/records/log.md, "The build"). It makes its cursor
/// itself, from the start of the text and out of the diagnostic pass, so
/// that the productions' tests of the pass and of the offset fold away
/// (BENCHMARKS.md, "One function a scheme, with a cursor of its own").
#[inline(never)]
fn one_scheme<'a, M: MakeUrl<'a>, N>(
    text: &'a str,
    options: Options,
    make: M,
    read: impl FnOnce(Cursor<'a, Inlined>) -> Parsed<'a, N, Inlined>,
    variant: impl FnOnce(N) -> Url<'a>,
) -> M::Output {
    make.make(read(Cursor::new(text, 0, options).inlined()), variant)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;

    fn known(text: &str, options: Options) -> Option<Rule> {
        known_scheme(&Cursor::new(text, 0, options))
    }

    #[test]
    fn the_ten_names_are_known_by_their_whole_name_and_colon() {
        let lenient = Options::default();
        for (text, rule) in [
            ("http://h/", Rule::Httpurl),
            ("ftp:", Rule::Ftpurl),
            ("news:*", Rule::Newsurl),
            ("nntp://h/g", Rule::Nntpurl),
            ("telnet://h", Rule::Telneturl),
            ("gopher://h", Rule::Gopherurl),
            ("wais://h/d", Rule::Waisurl),
            ("mailto:a@b", Rule::Mailtourl),
            ("file:///x", Rule::Fileurl),
            ("prospero://h/p", Rule::Prosperourl),
            ("PROSPERO:", Rule::Prosperourl),
            ("HtTp://h/", Rule::Httpurl),
        ] {
            assert_eq!(known(text, lenient), Some(rule), "{text}");
        }
        for text in [
            "https://h/",
            "htt://h/",
            "prosperox:",
            "prospero",
            "http",
            ":",
            "",
            "a:",
            "x-http:",
            "ftp\0:",
            "ftp :",
            "fil\u{e9}:",
            "@ttp:",
        ] {
            assert_eq!(known(text, lenient), None, "{text:?}");
        }
        assert_eq!(known("HTTP://h/", Options::strict()), None);
        assert_eq!(known("ftp\0:", Options::strict()), None);
        assert_eq!(known("http://h/", Options::strict()), Some(Rule::Httpurl));
    }
}
