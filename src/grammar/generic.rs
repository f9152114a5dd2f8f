//! ```bnf
//! ; The generic form of a URL is:
//! genericurl     = scheme ":" schemepart
//! ```
//!
//! `genericurl`, `url`, `otherurl`, `scheme`, `schemepart`.

use crate::error::Expected;
use crate::grammar::misc::{CharClass, DIGIT, HIALPHA, LOWALPHA, XCHAR};
use crate::grammar::primitives::{consumed, literal, production, run, without_trace};
use crate::grammar::{
    fileurl, ftpurl, gopherurl, httpurl, ip_schemepart, mailtourl, newsurl, nntpurl, prosperourl,
    telneturl, waisurl,
};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{GenericUrl, Scheme, Schemepart, Url};

/// ```bnf
/// genericurl     = scheme ":" schemepart
/// ```
pub fn genericurl(input: Input<'_>) -> PResult<'_, GenericUrl<'_>> {
    production(Rule::Genericurl, input, |start| {
        let (rest, scheme) = scheme(start)?;
        let (rest, _) = literal(rest, ":")?;
        let (rest, schemepart) = schemepart(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            GenericUrl {
                text,
                span,
                scheme,
                schemepart,
            },
        ))
    })
}

/// ```bnf
/// url            = httpurl | ftpurl | newsurl |
///                  nntpurl | telneturl | gopherurl |
///                  waisurl | mailtourl | fileurl |
///                  prosperourl | otherurl
/// ```
///
/// Deviation from a first-match reading: the alternatives are not ordered
/// in the BNF, so this takes the one that matches the most text.
/// `otherurl` matches at least as much as any other (every scheme's URL is
/// also a `genericurl`), so a scheme's own production wins only when it
/// covers the same text: `http://user@host/` is an `otherurl` here, since
/// `httpurl` stops before the `@`. [`crate::parse`] is stricter: it holds a
/// URL of one of the ten schemes to that scheme's production.
pub fn url(input: Input<'_>) -> PResult<'_, Url<'_>> {
    production(Rule::Url, input, |start| {
        let (generic_rest, generic) = otherurl(start)?;
        if let Some(rule) = known_scheme(&start) {
            if let Ok((rest, url)) = scheme_url(rule, start) {
                if rest.location_offset() == generic_rest.location_offset() {
                    return Ok((rest, url));
                }
            }
        }
        Ok((generic_rest, Url::Other(generic)))
    })
}

/// ```bnf
/// ; new schemes follow the general syntax
/// otherurl       = genericurl
/// ```
pub fn otherurl(input: Input<'_>) -> PResult<'_, GenericUrl<'_>> {
    production(Rule::Otherurl, input, genericurl)
}

/// The characters of `scheme`.
pub(crate) const SCHEME: CharClass = LOWALPHA.union(DIGIT).union(CharClass::of(b"+-."));
/// The characters of `scheme` when case is ignored (section 2.1).
pub(crate) const SCHEME_ANY_CASE: CharClass = SCHEME.union(HIALPHA);

/// What may continue a `scheme`, by the letter of the BNF.
const SCHEME_ELEMENTS: &[Expected] = &[
    Expected::Rule(Rule::Lowalpha),
    Expected::Rule(Rule::Digit),
    Expected::Literal("+"),
    Expected::Literal("-"),
    Expected::Literal("."),
];
/// What may continue a `scheme` when case is ignored: `alpha` stands for
/// `lowalpha`, so that an error does not ask for a lower-case letter where an
/// upper-case one would do.
const SCHEME_ANY_CASE_ELEMENTS: &[Expected] = &[
    Expected::Rule(Rule::Alpha),
    Expected::Rule(Rule::Digit),
    Expected::Literal("+"),
    Expected::Literal("-"),
    Expected::Literal("."),
];

/// ```bnf
/// ; the scheme is in lower case; interpreters should use case-ignore
/// scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]
/// ```
///
/// Upper-case letters match too unless the options are strict.
pub fn scheme(input: Input<'_>) -> PResult<'_, Scheme<'_>> {
    production(Rule::Scheme, input, |start| {
        let (class, elements) = if start.extra.options().strict {
            (&SCHEME, SCHEME_ELEMENTS)
        } else {
            (&SCHEME_ANY_CASE, SCHEME_ANY_CASE_ELEMENTS)
        };
        let (rest, _) = run(start, class, 1, elements)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Scheme::new(text, span)))
    })
}

/// ```bnf
/// schemepart     = *xchar | ip-schemepart
/// ```
///
/// Every `ip-schemepart` is also a string of `xchar`s, so `*xchar` decides
/// what matches; the `ip-schemepart` reading is then tried on the same text
/// for the tree (its failures are not reported: they are not the input's).
pub fn schemepart(input: Input<'_>) -> PResult<'_, Schemepart<'_>> {
    production(Rule::Schemepart, input, |start| {
        let (rest, _) = run(start, &XCHAR, 0, &[Expected::Rule(Rule::Xchar)])?;
        let (text, span) = consumed(&start, &rest);
        let ip_schemepart = match ip_schemepart(without_trace(start)) {
            Ok((ip_rest, ip)) if ip_rest.location_offset() == rest.location_offset() => Some(ip),
            _ => None,
        };
        Ok((
            rest,
            Schemepart {
                text,
                span,
                ip_schemepart,
            },
        ))
    })
}

/// The ten schemes section 5 defines, with their productions.
const SCHEMES: [(&str, Rule); 10] = [
    ("http", Rule::Httpurl),
    ("ftp", Rule::Ftpurl),
    ("news", Rule::Newsurl),
    ("nntp", Rule::Nntpurl),
    ("telnet", Rule::Telneturl),
    ("gopher", Rule::Gopherurl),
    ("wais", Rule::Waisurl),
    ("mailto", Rule::Mailtourl),
    ("file", Rule::Fileurl),
    ("prospero", Rule::Prosperourl),
];

/// The production of the scheme the input starts with (`scheme ":"`), when
/// it is one of the ten; case is ignored unless the options are strict.
pub(crate) fn known_scheme(input: &Input<'_>) -> Option<Rule> {
    known_scheme_of(input.fragment(), input.extra.options().strict)
}

/// [`known_scheme`] of a string.
#[inline]
pub(crate) fn known_scheme_of(text: &str, strict: bool) -> Option<Rule> {
    // The longest of the ten names has eight letters: no need to look for
    // the ":" further than that.
    let colon = text.bytes().take(9).position(|b| b == b':')?;
    let name = &text[..colon];
    SCHEMES
        .iter()
        .find(|(known, _)| {
            if strict {
                name == *known
            } else {
                name.eq_ignore_ascii_case(known)
            }
        })
        .map(|&(_, rule)| rule)
}

/// Runs the production of one of the ten schemes.
pub(crate) fn scheme_url(rule: Rule, input: Input<'_>) -> PResult<'_, Url<'_>> {
    match rule {
        Rule::Httpurl => httpurl(input).map(|(rest, url)| (rest, Url::Http(url))),
        Rule::Ftpurl => ftpurl(input).map(|(rest, url)| (rest, Url::Ftp(url))),
        Rule::Newsurl => newsurl(input).map(|(rest, url)| (rest, Url::News(url))),
        Rule::Nntpurl => nntpurl(input).map(|(rest, url)| (rest, Url::Nntp(url))),
        Rule::Telneturl => telneturl(input).map(|(rest, url)| (rest, Url::Telnet(url))),
        Rule::Gopherurl => gopherurl(input).map(|(rest, url)| (rest, Url::Gopher(url))),
        Rule::Waisurl => waisurl(input).map(|(rest, url)| (rest, Url::Wais(url))),
        Rule::Mailtourl => mailtourl(input).map(|(rest, url)| (rest, Url::Mailto(url))),
        Rule::Fileurl => fileurl(input).map(|(rest, url)| (rest, Url::File(url))),
        Rule::Prosperourl => prosperourl(input).map(|(rest, url)| (rest, Url::Prospero(url))),
        _ => otherurl(input).map(|(rest, url)| (rest, Url::Other(url))),
    }
}
