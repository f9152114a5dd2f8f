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
    Database, Hostport, Scheme, WaisDatabase, WaisDoc, WaisIndex, WaisUrl, Wpath, Wtype,
};

/// ```bnf
/// waisurl        = waisdatabase | waisindex | waisdoc
/// ```
///
/// The alternatives longest first: a `database` holds neither `/` nor
/// `?`, so what follows it decides the form, and `waisdatabase` must not
/// stop at the database of a longer URL.
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
            // nom's `alt` in the same order, without its `Parser` machinery.
            if let Ok((rest, doc)) = start.call(waisdoc) {
                return Ok((rest, WaisUrl::Doc(doc)));
            }
            if let Ok((rest, index)) = start.call(waisindex) {
                return Ok((rest, WaisUrl::Index(index)));
            }
            let (rest, database) = start.call(waisdatabase)?;
            Ok((rest, WaisUrl::Database(database)))
        },
    )
}

/// `"wais://" hostport "/" database`, the start all three forms share.
#[inline(always)]
fn wais_head(start: Cursor<'_>) -> Reading<'_, (Scheme<'_>, Hostport<'_>, Database<'_>)> {
    let (rest, scheme) = scheme_literal("wais://")(start)?;
    let (rest, hostport) = rest.call(hostport)?;
    let (rest, database) = rest.call(after("/", database))?;
    Ok((rest, (scheme, hostport, database)))
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
            let (rest, (scheme, hostport, database)) = wais_head(start)?;
            let (text, span) = start.upto(&rest);
            Ok((
                rest,
                WaisDatabase {
                    text,
                    span,
                    scheme,
                    hostport,
                    database,
                },
            ))
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
            let (rest, (scheme, hostport, database)) = wais_head(start)?;
            let (rest, search) = rest.call(after("?", search))?;
            let (text, span) = start.upto(&rest);
            Ok((
                rest,
                WaisIndex {
                    text,
                    span,
                    scheme,
                    hostport,
                    database,
                    search,
                },
            ))
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
            let (rest, (scheme, hostport, database)) = wais_head(start)?;
            let (rest, wtype) = rest.call(after("/", wtype))?;
            let (rest, wpath) = rest.call(after("/", wpath))?;
            let (text, span) = start.upto(&rest);
            Ok((
                rest,
                WaisDoc {
                    text,
                    span,
                    scheme,
                    hostport,
                    database,
                    wtype,
                    wpath,
                },
            ))
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
            let (rest, text) = run(&UCHAR, 0)(start)?;
            Ok((rest, Database::new(text, start.upto(&rest).1)))
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
            let (rest, text) = run(&UCHAR, 0)(start)?;
            Ok((rest, Wtype::new(text, start.upto(&rest).1)))
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
            let (rest, text) = run(&UCHAR, 0)(start)?;
            Ok((rest, Wpath::new(text, start.upto(&rest).1)))
        },
    )
}
