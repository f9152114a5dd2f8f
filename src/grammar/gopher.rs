//! ```bnf
//! ; GOPHER (see also RFC1436)
//! ```
//!
//! `gopherurl`, `gtype`, `selector`, `gopher+_string` (section 3.4).

use nom::IResult;

use crate::grammar::chars::XCHAR;
use crate::grammar::cursor::{Cursor, Entry, GrammarError, Text};
use crate::grammar::ip::hostport;
use crate::grammar::primitives::{literal, run, scheme_literal, unit};
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
/// Not read as the nested brackets say: `selector` is `*xchar`, and
/// `search` contains `uchar`, which contains the escape `%09`, so the BNF
/// derives the text after `gtype` in several ways; every one of them is a
/// run of `xchar`, which is all that decides whether a URL matches. For the
/// tree: the selector ends at the first `%09` when the text up to the next
/// `%09` (or the end) is a `search` (no `/` or `?`); the search ends at the
/// next `%09`; the rest is the gopher+ string. Otherwise the whole rest is
/// the selector.
///
/// ```
/// let url = rfc1738::parse("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles").unwrap();
/// let rfc1738::Url::Gopher(gopher) = url else { panic!() };
/// assert_eq!(gopher.gtype.unwrap().as_str(), "0");
/// assert_eq!(gopher.selector.unwrap().as_str(), "0/Weather/California/Los%20Angeles");
/// ```
#[inline(always)]
pub fn gopherurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, GopherUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Gopherurl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("gopher://")(start)?;
            let (rest, hostport) = rest.call(hostport)?;
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
            let rest = match literal("/")(rest) {
                Err(_) => rest,
                Ok((slash, _)) => match slash.call(gtype) {
                    Err(_) => slash,
                    Ok((after_type, gtype)) => {
                        url.gtype = Some(gtype);
                        let (end, _) = run(&XCHAR, 0)(after_type)?;
                        split_gopher_path(after_type, &end, &mut url);
                        end
                    }
                },
            };
            (url.text, url.span) = start.upto(&rest);
            Ok((rest, url))
        },
    )
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
fn split_gopher_path<'a>(start: Cursor<'a>, end: &Cursor<'a>, url: &mut GopherUrl<'a>) {
    let (path, _) = start.upto(end);
    let bytes = path.as_bytes();
    let piece = |from: usize, to: usize| start.skip(from).upto(&start.skip(to));
    let Some(first_tab) = find_tab(bytes, 0) else {
        let (text, span) = piece(0, bytes.len());
        url.selector = Some(Selector::new(text, span));
        return;
    };
    let search_start = first_tab + TAB.len();
    let second_tab = find_tab(bytes, search_start);
    let search_end = second_tab.unwrap_or(bytes.len());
    if bytes[search_start..search_end]
        .iter()
        .any(|&b| b == b'/' || b == b'?')
    {
        let (text, span) = piece(0, bytes.len());
        url.selector = Some(Selector::new(text, span));
        return;
    }
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
#[inline(always)]
pub fn gtype<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Gtype<'a>, E> {
    input.enter(
        Entry::Production(Rule::Gtype),
        #[inline(always)]
        |start| {
            let (rest, text) = unit(&XCHAR)(start)?;
            Ok((rest, Gtype::new(text, start.upto(&rest).1)))
        },
    )
}

/// ```bnf
/// selector       = *xchar
/// ```
#[inline(always)]
pub fn selector<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Selector<'a>, E> {
    input.enter(
        Entry::Production(Rule::Selector),
        #[inline(always)]
        |start| {
            let (rest, text) = run(&XCHAR, 0)(start)?;
            Ok((rest, Selector::new(text, start.upto(&rest).1)))
        },
    )
}

/// ```bnf
/// gopher+_string = *xchar
/// ```
#[inline(always)]
pub fn gopher_plus_string<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
) -> IResult<I, GopherPlusString<'a>, E> {
    input.enter(
        Entry::Production(Rule::GopherPlusString),
        #[inline(always)]
        |start| {
            let (rest, text) = run(&XCHAR, 0)(start)?;
            Ok((rest, GopherPlusString::new(text, start.upto(&rest).1)))
        },
    )
}
