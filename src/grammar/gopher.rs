//! ```bnf
//! ; GOPHER (see also RFC1436)
//! ```
//!
//! `gopherurl`, `gtype`, `selector`, `gopher+_string` (section 3.4).

use crate::grammar::chars::XCHAR;
use crate::grammar::cursor::{Cursor, Inlining};
use crate::grammar::fast::{find_byte, gopher_tail, run_scan_with};
use crate::grammar::ip::hostport;
use crate::grammar::notation::{map, scheme_tag, tag, take_while, take_while_noting, unit_of};
use crate::grammar::production::{named, production, runs};
use crate::rule::Rule;
use crate::tree::{GopherPlusString, GopherUrl, Gtype, Scheme, Search, Selector};

/// The separator of the parts of a gopher path: an escaped tab.
const TAB: &[u8] = b"%09";

production! {
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
    gopherurl(start) -> GopherUrl<'a>, named(Rule::Gopherurl),
    {
        let (rest, scheme) = map(scheme_tag("gopher://"), Scheme::at)(start)?;
        let (rest, hostport) = hostport::read(rest)?;
        let (rest, gtype, path) = match tag("/")(rest) {
            Err(_) => (rest, None, GopherPath::default()),
            Ok((slash, _)) => match gtype::read(slash) {
                Err(_) => (slash, None, GopherPath::default()),
                Ok((after_type, gtype)) => {
                    let (end, (_, first_tab)) =
                        take_while_noting(&XCHAR, xchars_and_first_tab)(after_type)?;
                    (end, Some(gtype), split_gopher_path(after_type, &end, first_tab))
                }
            },
        };
        // The node made once, where it is returned: filled in field by
        // field, it was built on the stack and copied out by a `memcpy`
        // (BENCHMARKS.md, "Gopher's node where it is returned, its `%`
        // eight bytes a test").
        let place = start.place_to(&rest);
        Ok((
            rest,
            GopherUrl {
                place,
                scheme,
                hostport,
                gtype,
                selector: path.selector,
                search: path.search,
                gopher_plus_string: path.gopher_plus_string,
            },
        ))
    }
}

/// The parts of a gopher path after its `gtype`.
#[derive(Default)]
struct GopherPath<'a> {
    selector: Option<Selector<'a>>,
    search: Option<Search<'a>>,
    gopher_plus_string: Option<GopherPlusString<'a>>,
}

/// The offset of the first `%09` escape in `bytes` at or after `from`,
/// stepping over whole escapes so that `%2509` is not taken for one.
fn find_tab(bytes: &[u8], from: usize) -> Option<usize> {
    let mut index = from;
    while let Some(percent) = find_byte(bytes, index, b'%') {
        if bytes[percent..].starts_with(TAB) {
            return Some(percent);
        }
        index = percent + 3;
    }
    None
}

/// Where the run of `xchar`s that starts at `from` in `text` ends, and the
/// index of its first `%09` ([`NO_TAB`] for none): the tab noted where the
/// run steps over its escapes, in the same pass, where a search of the
/// path for it after the run cost as much again (BENCHMARKS.md, "Gopher's
/// first tab in its run").
///
/// A run that ends the text is read by an automaton, a step a byte with no
/// branch at an escape (BENCHMARKS.md, "Tails by automata").
#[inline(never)]
fn xchars_and_first_tab(text: &[u8], from: usize) -> (usize, usize) {
    match gopher_tail(text, from) {
        Some(first_tab) => (text.len(), first_tab),
        None => xchars_and_first_tab_on_masks(text, from),
    }
}

/// [`xchars_and_first_tab`] on the masks of `run_scan_with`, for a run
/// that does not end the text.
fn xchars_and_first_tab_on_masks(text: &[u8], from: usize) -> (usize, usize) {
    let mut first_tab = NO_TAB;
    let end = run_scan_with(text, from, &XCHAR, |escape| {
        if first_tab == NO_TAB && text.get(escape..escape + TAB.len()) == Some(TAB) {
            first_tab = escape;
        }
    });
    (end, first_tab)
}

/// Divides the run of `xchar`s from `start` to `end`, whose first `%09` is
/// at `first_tab` in the text ([`NO_TAB`] for none), into selector, search
/// and gopher+ string, as [`gopherurl`] describes.
#[inline(always)]
fn split_gopher_path<'a, M: Inlining>(
    start: Cursor<'a, M>,
    end: &Cursor<'a, M>,
    first_tab: usize,
) -> GopherPath<'a> {
    let bytes = start.bytes();
    let bytes = bytes.get(..end.index() - start.index()).unwrap_or(bytes);
    let (selector_end, second_tab) = match first_tab {
        NO_TAB => (bytes.len(), NO_TAB),
        _ => gopher_tabs(bytes, first_tab - start.index()),
    };
    // Nodes made here, not in closures: the compiler kept `then`'s out of
    // line, and their nodes came back through memory.
    let piece = |from: usize, to: usize| start.skip(from).place_to(&start.skip(to));
    let search = match selector_end < bytes.len() {
        true => Some(Search::at(piece(
            selector_end + TAB.len(),
            second_tab.min(bytes.len()),
        ))),
        false => None,
    };
    let gopher_plus_string = match second_tab < bytes.len() {
        true => Some(GopherPlusString::at(piece(
            second_tab + TAB.len(),
            bytes.len(),
        ))),
        false => None,
    };
    GopherPath {
        selector: Some(Selector::at(piece(0, selector_end))),
        search,
        gopher_plus_string,
    }
}

/// No `%09`, for [`xchars_and_first_tab`] and [`gopher_tabs`].
const NO_TAB: usize = usize::MAX;

/// Where the selector of the gopher path `bytes`, whose first `%09` is at
/// `first_tab`, ends (all of it when it is not divided), and where the
/// `%09` before its gopher+ string is ([`NO_TAB`] for none). Two words,
/// handed back in registers: the three nodes, handed back through memory,
/// were read back by loads wider than the stores that wrote them, which
/// the processor could not forward.
#[inline(never)]
fn gopher_tabs(bytes: &[u8], first_tab: usize) -> (usize, usize) {
    let search_start = first_tab + TAB.len();
    let second_tab = find_tab(bytes, search_start);
    let search_end = second_tab.unwrap_or(bytes.len());
    // A tab found in `bytes` leaves its three bytes in them: the search is
    // there (`get`, so that no index can panic).
    let search = bytes.get(search_start..search_end);
    if search.map_or(true, |search| {
        search.iter().any(|&b| b == b'/' || b == b'?')
    }) {
        return (bytes.len(), NO_TAB);
    }
    (first_tab, second_tab.unwrap_or(NO_TAB))
}

runs! {
    /// ```bnf
    /// gtype          = xchar
    /// ```
    gtype -> Gtype = unit_of(&XCHAR), named(Rule::Gtype);

    /// ```bnf
    /// selector       = *xchar
    /// ```
    selector -> Selector = take_while(&XCHAR), named(Rule::Selector);

    /// ```bnf
    /// gopher+_string = *xchar
    /// ```
    gopher_plus_string -> GopherPlusString = take_while(&XCHAR), named(Rule::GopherPlusString);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_strings::{every_joining_of, every_string_of};
    use alloc::format;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// The first `%09` byte by byte, stepping over whole escapes: what
    /// `find_tab` finds eight bytes a test.
    fn tab_by_bytes(bytes: &[u8], from: usize) -> Option<usize> {
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

    #[test]
    fn a_tab_is_found_where_the_byte_loop_finds_it() {
        // Every text of up to seven bytes over the characters that make or
        // break a tab, and longer ones with a tab across the eight-byte
        // words, after a `%25` and at the end.
        let mut texts: Vec<Vec<u8>> = every_string_of(b"%09a", 7).collect();
        for lead in 0..12 {
            for tail in ["%09", "%2509x%09", "%0", "%", "a%09b%09c", "%%09"] {
                texts.push(format!("{}{tail}", "x".repeat(lead)).into_bytes());
            }
        }
        let mut found = 0;
        for text in &texts {
            for from in 0..=text.len() {
                let expected = tab_by_bytes(text, from);
                assert_eq!(find_tab(text, from), expected, "{text:?} from {from}");
                found += usize::from(expected.is_some());
            }
        }
        assert!(
            texts.len() > 5000 && found > 1000,
            "{} {found}",
            texts.len()
        );
    }

    /// Every text of up to six pieces over the escapes and characters that
    /// make, hide, break and end a tab, and longer ones with tabs across
    /// the eight-byte words, from every start: the run ends where the byte
    /// loop ends it, and its first tab is the one the byte loop finds in it.
    #[test]
    fn a_gopher_path_notes_its_first_tab_where_the_byte_loop_finds_it() {
        use crate::grammar::fast::run_by_bytes;

        let pieces: Vec<&[u8]> = vec![b"%09", b"%25", b"%0", b"09", b"a", b" "];
        let mut texts: Vec<Vec<u8>> = every_joining_of(pieces, 6).collect();
        // And byte by byte, for the automaton's every step: escapes that a
        // second `%`, a letter that is no hex digit or a space breaks.
        texts.extend(every_string_of(b"%09ag /", 6));
        for lead in 0..12 {
            for tail in ["%09", "%2509x%09", "%20%09", "a%09b%09c", "%0 %09"] {
                texts.push(format!("{}{tail}", "x".repeat(lead)).into_bytes());
            }
        }
        let mut tabs = 0;
        for text in &texts {
            for from in 0..=text.len().min(4) {
                let end = from + run_by_bytes(&text[from..], &XCHAR);
                let tab = tab_by_bytes(&text[..end], from);
                assert_eq!(
                    xchars_and_first_tab(text, from),
                    (end, tab.unwrap_or(NO_TAB)),
                    "{:?} from {from}",
                    String::from_utf8_lossy(text)
                );
                tabs += usize::from(tab.is_some());
            }
        }
        assert!(texts.len() > 150_000 && tabs > 50_000, "{tabs}");
    }

    /// The selector, search and gopher+ string of the gopher path `path`
    /// (after its `gtype`), found byte by byte: the first `%09`, then the
    /// search up to the next.
    fn split_by_bytes(path: &str) -> (&str, Option<&str>, Option<&str>) {
        let Some(first) = tab_by_bytes(path.as_bytes(), 0) else {
            return (path, None, None);
        };
        let second = tab_by_bytes(path.as_bytes(), first + 3);
        let search = &path[first + 3..second.unwrap_or(path.len())];
        if search.contains(['/', '?']) {
            return (path, None, None);
        }
        (
            &path[..first],
            Some(search),
            second.map(|second| &path[second + 3..]),
        )
    }

    /// Every path of up to six pieces over the escapes and characters that
    /// make, hide and end a tab, and longer ones with tabs across the
    /// eight-byte words: `parse` splits each as the byte loop does.
    #[test]
    fn a_gopher_path_is_split_where_the_byte_loop_splits_it() {
        let pieces: Vec<&[u8]> = vec![b"%09", b"%25", b"09", b"a", b"/", b"?", b"+"];
        let mut paths: Vec<String> = every_joining_of(pieces, 6)
            .map(|path| String::from_utf8(path).expect("ASCII"))
            .collect();
        for lead in 0..12 {
            for tail in ["%09", "%2509x%09", "a%09b%09c", "%09b/%09", "x%09%09"] {
                paths.push(format!("{}{tail}", "x".repeat(lead)));
            }
        }
        let mut searches = 0;
        for path in &paths {
            let url = format!("gopher://h/1{path}");
            let Ok(crate::Url::Gopher(gopher)) = crate::parse(&url) else {
                panic!("{url} is a gopher URL");
            };
            let (selector, search, plus) = split_by_bytes(path);
            let found = (
                gopher.selector.map(|selector| selector.as_str()),
                gopher.search.map(|search| search.as_str()),
                gopher.gopher_plus_string.map(|plus| plus.as_str()),
            );
            assert_eq!(found, (Some(selector), search, plus), "{url}");
            searches += usize::from(search.is_some());
        }
        assert!(paths.len() > 100_000 && searches > 10_000, "{searches}");
    }
}
