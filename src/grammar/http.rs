//! ```bnf
//! ; HTTP
//! ```
//!
//! `httpurl`, `hpath`, `hsegment`, `search` (section 3.3).

use nom::IResult;

use crate::grammar::chars::{HPATH, HSEGMENT};
use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::ip::hostport;
use crate::grammar::primitives::{literal, path_run, run, scheme_literal};
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
#[inline(always)]
pub fn httpurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, HttpUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Httpurl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("http://")(start)?;
            let (rest, hostport) = rest.call(hostport)?;
            let (rest, hpath, search) = match literal("/")(rest) {
                Err(_) => (rest, None, None),
                Ok((slash, _)) => {
                    let (rest, hpath) = slash.call(hpath)?;
                    match literal("?")(rest) {
                        Err(_) => (rest, Some(hpath), None),
                        Ok((question, _)) => {
                            let (rest, search) = question.call(search)?;
                            (rest, Some(hpath), Some(search))
                        }
                    }
                }
            };
            let place = start.place_to(&rest);
            Ok((
                rest,
                HttpUrl {
                    place,
                    scheme,
                    hostport,
                    hpath,
                    search,
                },
            ))
        },
    )
}

/// ```bnf
/// hpath          = hsegment *[ "/" hsegment ]
/// ```
///
/// An `hsegment` holds no `/`, so the path is read as one run;
/// [`Hpath::segments`] splits it again.
#[inline(always)]
pub fn hpath<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Hpath<'a>, E> {
    input.enter(
        Entry::Production(Rule::Hpath),
        #[inline(always)]
        |start| {
            let (rest, _) = path_run(&HPATH)(start)?;
            let place = start.place_to(&rest);
            Ok((rest, Hpath { place }))
        },
    )
}

/// ```bnf
/// hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
#[inline(always)]
pub fn hsegment<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Hsegment<'a>, E> {
    input.enter(
        Entry::Production(Rule::Hsegment),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&HSEGMENT, 0)(start)?;
            Ok((rest, Hsegment::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
///
/// Also the search of gopher and WAIS URLs.
#[inline(always)]
pub fn search<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Search<'a>, E> {
    input.enter(
        Entry::Production(Rule::Search),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&HSEGMENT, 0)(start)?;
            Ok((rest, Search::at(start.place_to(&rest))))
        },
    )
}
