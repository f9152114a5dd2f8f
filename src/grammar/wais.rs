//! ```bnf
//! ; WAIS (see also RFC1625)
//! ```
//!
//! `waisurl`, `waisdatabase`, `waisindex`, `waisdoc`, `database`, `wtype`,
//! `wpath` (section 3.9).

use crate::grammar::chars::UCHAR;
use crate::grammar::cursor::{Cursor, Inlining, Parsed};
use crate::grammar::http::search;
use crate::grammar::ip::hostport;
use crate::grammar::notation::{alt, map, preceded, scheme_tag, tag, take_while};
use crate::grammar::production::{named, production, runs};
use crate::rule::Rule;
use crate::tree::{
    Database, Hostport, Scheme, Search, WaisDatabase, WaisDoc, WaisIndex, WaisUrl, Wpath, Wtype,
};

production! {
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
    waisurl(start) -> WaisUrl<'a>, named(Rule::Waisurl),
    {
        if start.diagnosing() {
            return waisurl_diagnosed(start);
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
    }
}

/// The diagnostic pass of `waisurl`: each form entered in turn, so that an
/// error names the form it was in. Out of line, as the first pass never
/// takes it.
#[cold]
#[inline(never)]
fn waisurl_diagnosed<M: Inlining>(start: Cursor<'_, M>) -> Parsed<'_, WaisUrl<'_>, M> {
    alt((
        map(
            #[inline(always)]
            |s| waisdoc::read(s),
            WaisUrl::Doc,
        ),
        map(
            #[inline(always)]
            |s| waisindex::read(s),
            WaisUrl::Index,
        ),
        map(
            #[inline(always)]
            |s| waisdatabase::read(s),
            WaisUrl::Database,
        ),
    ))(start)
}

/// What the three forms read first: `"wais://" hostport "/" database`.
type Head<'a> = (Scheme<'a>, Hostport<'a>, Database<'a>);

/// `"wais://" hostport "/" database`, the start all three forms share.
#[inline(always)]
fn wais_head<M: Inlining>(start: Cursor<'_, M>) -> Parsed<'_, Head<'_>, M> {
    let (rest, scheme) = map(scheme_tag("wais://"), Scheme::at)(start)?;
    let (rest, hostport) = hostport::read(rest)?;
    let (rest, database) = preceded(
        tag("/"),
        #[inline(always)]
        |s| database::read(s),
    )(rest)?;
    Ok((rest, (scheme, hostport, database)))
}

/// `"/" wtype "/" wpath`: what a `waisdoc` reads after the head.
#[inline(always)]
fn doc_tail<M: Inlining>(rest: Cursor<'_, M>) -> Parsed<'_, (Wtype<'_>, Wpath<'_>), M> {
    let (rest, wtype) = preceded(
        tag("/"),
        #[inline(always)]
        |s| wtype::read(s),
    )(rest)?;
    let (rest, wpath) = preceded(
        tag("/"),
        #[inline(always)]
        |s| wpath::read(s),
    )(rest)?;
    Ok((rest, (wtype, wpath)))
}

/// `"?" search`: what a `waisindex` reads after the head.
#[inline(always)]
fn index_tail<M: Inlining>(rest: Cursor<'_, M>) -> Parsed<'_, Search<'_>, M> {
    preceded(
        tag("?"),
        #[inline(always)]
        |s| search::read(s),
    )(rest)
}

#[inline(always)]
fn database_node<'a, M: Inlining>(
    start: Cursor<'a, M>,
    rest: Cursor<'a, M>,
    head: Head<'a>,
) -> WaisDatabase<'a> {
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
fn index_node<'a, M: Inlining>(
    start: Cursor<'a, M>,
    rest: Cursor<'a, M>,
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
fn doc_node<'a, M: Inlining>(
    start: Cursor<'a, M>,
    rest: Cursor<'a, M>,
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

production! {
    /// ```bnf
    /// waisdatabase   = "wais://" hostport "/" database
    /// ```
    waisdatabase(start) -> WaisDatabase<'a>, named(Rule::Waisdatabase),
    {
        let (rest, head) = wais_head(start)?;
        Ok((rest, database_node(start, rest, head)))
    }
}

production! {
    /// ```bnf
    /// waisindex      = "wais://" hostport "/" database "?" search
    /// ```
    waisindex(start) -> WaisIndex<'a>, named(Rule::Waisindex),
    {
        let (rest, head) = wais_head(start)?;
        let (rest, search) = index_tail(rest)?;
        Ok((rest, index_node(start, rest, head, search)))
    }
}

production! {
    /// ```bnf
    /// waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath
    /// ```
    waisdoc(start) -> WaisDoc<'a>, named(Rule::Waisdoc),
    {
        let (rest, head) = wais_head(start)?;
        let (rest, tail) = doc_tail(rest)?;
        Ok((rest, doc_node(start, rest, head, tail)))
    }
}

runs! {
    /// ```bnf
    /// database       = *uchar
    /// ```
    database -> Database = take_while(&UCHAR), named(Rule::Database);

    /// ```bnf
    /// wtype          = *uchar
    /// ```
    wtype -> Wtype = take_while(&UCHAR), named(Rule::Wtype);

    /// ```bnf
    /// wpath          = *uchar
    /// ```
    wpath -> Wpath = take_while(&UCHAR), named(Rule::Wpath);
}
