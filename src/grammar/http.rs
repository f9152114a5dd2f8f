//! ```bnf
//! ; HTTP
//! ```
//!
//! `httpurl`, `hpath`, `hsegment`, `search` (section 3.3).

use crate::error::Expected;
use crate::grammar::hostport;
use crate::grammar::misc::{CharClass, UCHAR};
use crate::grammar::primitives::{
    consumed, literal, optional, path_run, production, run, scheme_literal,
};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{Hpath, Hsegment, HttpUrl, Search};

/// ```bnf
/// httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]
/// ```
///
/// ```
/// let url = rfc1738::parse("http://www.ics.uci.edu:80/pub/ietf/uri/?q").unwrap();
/// let rfc1738::Url::Http(http) = url else { panic!() };
/// assert_eq!(http.hostport.port.unwrap().value(), Some(80));
/// assert_eq!(http.search.unwrap().as_str(), "q");
/// ```
#[inline]
pub fn httpurl(input: Input<'_>) -> PResult<'_, HttpUrl<'_>> {
    production(Rule::Httpurl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "http://")?;
        let (rest, hostport) = hostport(rest)?;
        let (rest, path) = optional(rest, |slash| {
            let (slash, _) = literal(slash, "/")?;
            let (after, hpath) = hpath(slash)?;
            let (after, search) = optional(after, |question| {
                let (question, _) = literal(question, "?")?;
                search(question)
            });
            Ok((after, (hpath, search)))
        });
        let (hpath, search) = match path {
            Some((hpath, search)) => (Some(hpath), search),
            None => (None, None),
        };
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            HttpUrl {
                text,
                span,
                scheme,
                hostport,
                hpath,
                search,
            },
        ))
    })
}

/// The characters of `hsegment` and of `search`.
pub(crate) const HSEGMENT: CharClass = UCHAR.union(CharClass::of(b";:@&="));
/// What may continue an `hsegment` or a `search`.
pub(crate) const HSEGMENT_ELEMENTS: &[Expected] = &[
    Expected::Rule(Rule::Uchar),
    Expected::Literal(";"),
    Expected::Literal(":"),
    Expected::Literal("@"),
    Expected::Literal("&"),
    Expected::Literal("="),
];
/// The characters of `hpath`.
pub(crate) const HPATH: CharClass = HSEGMENT.union(CharClass::of(b"/"));

/// ```bnf
/// hpath          = hsegment *[ "/" hsegment ]
/// ```
///
/// An `hsegment` holds no `/`, so the path is read as one run;
/// [`Hpath::segments`] splits it again.
#[inline]
pub fn hpath(input: Input<'_>) -> PResult<'_, Hpath<'_>> {
    production(Rule::Hpath, input, |start| {
        let (rest, _) = path_run(start, &HPATH, HSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Hpath { text, span }))
    })
}

/// ```bnf
/// hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
pub fn hsegment(input: Input<'_>) -> PResult<'_, Hsegment<'_>> {
    production(Rule::Hsegment, input, |start| {
        let (rest, _) = run(start, &HSEGMENT, 0, HSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Hsegment::new(text, span)))
    })
}

/// ```bnf
/// search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
///
/// Also the search of gopher and WAIS URLs.
#[inline]
pub fn search(input: Input<'_>) -> PResult<'_, Search<'_>> {
    production(Rule::Search, input, |start| {
        let (rest, _) = run(start, &HSEGMENT, 0, HSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Search::new(text, span)))
    })
}
