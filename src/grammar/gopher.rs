//! ```bnf
//! ; GOPHER (see also RFC1436)
//! ```
//!
//! `gopherurl`, `gtype`, `selector`, `gopher+_string` (section 3.4).

use crate::error::Expected;
use crate::grammar::hostport;
use crate::grammar::misc::XCHAR;
use crate::grammar::primitives::{
    consumed, literal, optional, production, run, scheme_literal, split, unit,
};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{GopherPlusString, GopherUrl, Gtype, Search, Selector};

/// The separator of the parts of a gopher path: an escaped tab.
const TAB: &[u8] = b"%09";

/// ```bnf
/// gopherurl      = "gopher://" hostport [ / [ gtype [ selector
///                  [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
/// ```
///
/// Erratum (RFC Editor, verified, EID 5118): the unquoted `/` is the
/// literal `"/"`.
///
/// `selector` is `*xchar`, and `search` contains `uchar`, which contains
/// the escape `%09`, so the BNF derives the text after `gtype` in several
/// ways; every one of them is a run of `xchar`, which is all that decides
/// whether a URL matches. For the tree: the selector ends at the first
/// `%09` when the text up to the next `%09` (or the end) is a `search`
/// (no `/` or `?`); the search ends at the next `%09`; the rest is the
/// gopher+ string. Otherwise the whole rest is the selector.
///
/// ```
/// let url = rfc1738::parse("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles").unwrap();
/// let rfc1738::Url::Gopher(gopher) = url else { panic!() };
/// assert_eq!(gopher.gtype.unwrap().as_str(), "0");
/// assert_eq!(gopher.selector.unwrap().as_str(), "0/Weather/California/Los%20Angeles");
/// ```
pub fn gopherurl(input: Input<'_>) -> PResult<'_, GopherUrl<'_>> {
    production(Rule::Gopherurl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "gopher://")?;
        let (rest, hostport) = hostport(rest)?;
        let mut url = GopherUrl {
            text: "",
            span: Default::default(),
            scheme,
            hostport,
            gtype: None,
            selector: None,
            search: None,
            gopher_plus_string: None,
        };
        let (rest, _) = optional(rest, |slash| {
            let (slash, _) = literal(slash, "/")?;
            let Ok((after_type, gtype)) = gtype(slash) else {
                return Ok((slash, ()));
            };
            url.gtype = Some(gtype);
            let (end, _) = run(after_type, &XCHAR, 0, &[Expected::Rule(Rule::Xchar)])?;
            split_gopher_path(after_type, &end, &mut url);
            Ok((end, ()))
        });
        let (text, span) = consumed(&start, &rest);
        url.text = text;
        url.span = span;
        Ok((rest, url))
    })
}

/// The offset of the first `%09` escape in `bytes` at or after `from`,
/// stepping over whole escapes so that `%2509` is not taken for one.
fn find_tab(bytes: &[u8], from: usize) -> Option<usize> {
    let mut index = from;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            if bytes[index..].starts_with(TAB) {
                return Some(index);
            }
            index += 3;
        } else {
            index += 1;
        }
    }
    None
}

/// Divides the run of `xchar`s from `start` to `end` into selector, search
/// and gopher+ string, as [`gopherurl`] describes.
fn split_gopher_path<'a>(start: Input<'a>, end: &Input<'a>, url: &mut GopherUrl<'a>) {
    let (path, _) = consumed(&start, end);
    let bytes = path.as_bytes();
    let whole = |url: &mut GopherUrl<'a>| {
        let (text, span) = consumed(&start, end);
        url.selector = Some(Selector::new(text, span));
    };
    let Some(first_tab) = find_tab(bytes, 0) else {
        return whole(url);
    };
    let search_start = first_tab + TAB.len();
    let second_tab = find_tab(bytes, search_start);
    let search_end = second_tab.unwrap_or(bytes.len());
    if bytes[search_start..search_end]
        .iter()
        .any(|&b| b == b'/' || b == b'?')
    {
        return whole(url);
    }
    let piece = |from: usize, to: usize| {
        let (after_from, _) = split(start, from);
        let (_, taken) = split(after_from, to - from);
        (
            *taken.fragment(),
            crate::span::Span::new(
                taken.location_offset(),
                taken.location_offset() + (to - from),
            ),
        )
    };
    let (text, span) = piece(0, first_tab);
    url.selector = Some(Selector::new(text, span));
    let (text, span) = piece(search_start, search_end);
    url.search = Some(Search::new(text, span));
    if let Some(second_tab) = second_tab {
        let (text, span) = piece(second_tab + TAB.len(), bytes.len());
        url.gopher_plus_string = Some(GopherPlusString::new(text, span));
    }
}

/// ```bnf
/// gtype          = xchar
/// ```
pub fn gtype(input: Input<'_>) -> PResult<'_, Gtype<'_>> {
    production(Rule::Gtype, input, |start| {
        let (rest, _) = unit(start, &XCHAR, Rule::Xchar)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Gtype::new(text, span)))
    })
}

/// ```bnf
/// selector       = *xchar
/// ```
pub fn selector(input: Input<'_>) -> PResult<'_, Selector<'_>> {
    production(Rule::Selector, input, |start| {
        let (rest, _) = run(start, &XCHAR, 0, &[Expected::Rule(Rule::Xchar)])?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Selector::new(text, span)))
    })
}

/// ```bnf
/// gopher+_string = *xchar
/// ```
pub fn gopher_plus_string(input: Input<'_>) -> PResult<'_, GopherPlusString<'_>> {
    production(Rule::GopherPlusString, input, |start| {
        let (rest, _) = run(start, &XCHAR, 0, &[Expected::Rule(Rule::Xchar)])?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, GopherPlusString::new(text, span)))
    })
}
