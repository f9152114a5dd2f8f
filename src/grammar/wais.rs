//! ```bnf
//! ; WAIS (see also RFC1625)
//! ```
//!
//! `waisurl`, `waisdatabase`, `waisindex`, `waisdoc`, `database`, `wtype`,
//! `wpath` (section 3.9).

use nom::IResult;

use crate::grammar::chars::UCHAR;
use crate::grammar::cursor::{Cursor, Entry, GrammarError, Reading, Text};
use crate::grammar::http::search;
use crate::grammar::ip::hostport;
use crate::grammar::primitives::{after, run, scheme_literal};
use crate::rule::Rule;
use crate::tree::{
    Database, Hostport, Scheme, Search, WaisDatabase, WaisDoc, WaisIndex, WaisUrl, Wpath, Wtype,
};

/// ```bnf
/// waisurl        = waisdatabase | waisindex | waisdoc
/// ```
///
/// The alternatives longest first: a `database` holds neither `/` nor
/// `?`, so what follows it decides the form, and `waisdatabase` must not
/// stop at the database of a longer URL. The three forms share their head
/// `"wais://" hostport "/" database`, a reading that cannot differ between
/// them: outside the diagnostic pass it is read once and the forms' tails
/// tried after it in the same order; the diagnostic pass enters each form
/// in turn, so that an error names the form it was in.
///
/// ```
/// use rfc1738::tree::WaisUrl;
/// let url = rfc1738::parse("wais://quake.think.com/INFO?earthquakes").unwrap();
/// let rfc1738::Url::Wais(WaisUrl::Index(index)) = url else { panic!() };
/// assert_eq!(index.search.as_str(), "earthquakes");
/// ```
#[inline(always)]
pub fn waisurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, WaisUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Waisurl),
        #[inline(always)]
        |start| {
            if start.traced() {
                return waisurl_traced(start);
            }
            let (after_head, head) = wais_head(start)?;
            if let Ok((rest, tail)) = doc_tail(after_head) {
                return Ok((rest, WaisUrl::Doc(doc_node(start, rest, head, tail))));
            }
            if let Ok((rest, search)) = index_tail(after_head) {
                return Ok((rest, WaisUrl::Index(index_node(start, rest, head, search))));
            }
            Ok((
                after_head,
                WaisUrl::Database(database_node(start, after_head, head)),
            ))
        },
    )
}

/// The diagnostic pass of `waisurl`: each form entered in turn, so that an
/// error names the form it was in. Out of line, as the first pass never
/// takes it (inlined, it was three more copies of `hostport`).
#[cold]
#[inline(never)]
fn waisurl_traced(start: Cursor<'_>) -> Reading<'_, WaisUrl<'_>> {
    // nom's `alt` in the same order, without its `Parser` machinery.
    if let Ok((rest, doc)) = start.call(waisdoc) {
        return Ok((rest, WaisUrl::Doc(doc)));
    }
    if let Ok((rest, index)) = start.call(waisindex) {
        return Ok((rest, WaisUrl::Index(index)));
    }
    let (rest, database) = start.call(waisdatabase)?;
    Ok((rest, WaisUrl::Database(database)))
}

/// What the three forms read first: `"wais://" hostport "/" database`.
type Head<'a> = (Scheme<'a>, Hostport<'a>, Database<'a>);

/// `"wais://" hostport "/" database`, the start all three forms share.
#[inline(always)]
fn wais_head(start: Cursor<'_>) -> Reading<'_, Head<'_>> {
    let (rest, scheme) = scheme_literal("wais://")(start)?;
    let (rest, hostport) = rest.call(hostport)?;
    let (rest, database) = after(rest, "/", database)?;
    Ok((rest, (scheme, hostport, database)))
}

/// `"/" wtype "/" wpath`: what a `waisdoc` reads after the head.
#[inline(always)]
fn doc_tail(rest: Cursor<'_>) -> Reading<'_, (Wtype<'_>, Wpath<'_>)> {
    let (rest, wtype) = after(rest, "/", wtype)?;
    let (rest, wpath) = after(rest, "/", wpath)?;
    Ok((rest, (wtype, wpath)))
}

/// `"?" search`: what a `waisindex` reads after the head.
#[inline(always)]
fn index_tail(rest: Cursor<'_>) -> Reading<'_, Search<'_>> {
    after(rest, "?", search)
}

#[inline(always)]
fn database_node<'a>(start: Cursor<'a>, rest: Cursor<'a>, head: Head<'a>) -> WaisDatabase<'a> {
    let place = start.place_to(&rest);
    let (scheme, hostport, database) = head;
    WaisDatabase {
        place,
        scheme,
        hostport,
        database,
    }
}

#[inline(always)]
fn index_node<'a>(
    start: Cursor<'a>,
    rest: Cursor<'a>,
    head: Head<'a>,
    search: Search<'a>,
) -> WaisIndex<'a> {
    let place = start.place_to(&rest);
    let (scheme, hostport, database) = head;
    WaisIndex {
        place,
        scheme,
        hostport,
        database,
        search,
    }
}

#[inline(always)]
fn doc_node<'a>(
    start: Cursor<'a>,
    rest: Cursor<'a>,
    head: Head<'a>,
    (wtype, wpath): (Wtype<'a>, Wpath<'a>),
) -> WaisDoc<'a> {
    let place = start.place_to(&rest);
    let (scheme, hostport, database) = head;
    WaisDoc {
        place,
        scheme,
        hostport,
        database,
        wtype,
        wpath,
    }
}

/// ```bnf
/// waisdatabase   = "wais://" hostport "/" database
/// ```
#[inline(always)]
pub fn waisdatabase<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
) -> IResult<I, WaisDatabase<'a>, E> {
    input.enter(
        Entry::Production(Rule::Waisdatabase),
        #[inline(always)]
        |start| {
            let (rest, head) = wais_head(start)?;
            Ok((rest, database_node(start, rest, head)))
        },
    )
}

/// ```bnf
/// waisindex      = "wais://" hostport "/" database "?" search
/// ```
#[inline(always)]
pub fn waisindex<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, WaisIndex<'a>, E> {
    input.enter(
        Entry::Production(Rule::Waisindex),
        #[inline(always)]
        |start| {
            let (rest, head) = wais_head(start)?;
            let (rest, search) = index_tail(rest)?;
            Ok((rest, index_node(start, rest, head, search)))
        },
    )
}

/// ```bnf
/// waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath
/// ```
#[inline(always)]
pub fn waisdoc<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, WaisDoc<'a>, E> {
    input.enter(
        Entry::Production(Rule::Waisdoc),
        #[inline(always)]
        |start| {
            let (rest, head) = wais_head(start)?;
            let (rest, tail) = doc_tail(rest)?;
            Ok((rest, doc_node(start, rest, head, tail)))
        },
    )
}

/// ```bnf
/// database       = *uchar
/// ```
#[inline(always)]
pub fn database<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Database<'a>, E> {
    input.enter(
        Entry::Production(Rule::Database),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&UCHAR, 0)(start)?;
            Ok((rest, Database::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// wtype          = *uchar
/// ```
#[inline(always)]
pub fn wtype<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Wtype<'a>, E> {
    input.enter(
        Entry::Production(Rule::Wtype),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&UCHAR, 0)(start)?;
            Ok((rest, Wtype::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// wpath          = *uchar
/// ```
#[inline(always)]
pub fn wpath<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Wpath<'a>, E> {
    input.enter(
        Entry::Production(Rule::Wpath),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&UCHAR, 0)(start)?;
            Ok((rest, Wpath::at(start.place_to(&rest))))
        },
    )
}
