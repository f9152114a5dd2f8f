//! ```bnf
//! ; WAIS (see also RFC1625)
//! ```
//!
//! `waisurl`, `waisdatabase`, `waisindex`, `waisdoc`, `database`, `wtype`,
//! `wpath` (section 3.9).

use crate::error::Expected;
use crate::grammar::misc::UCHAR;
use crate::grammar::primitives::{consumed, literal, production, run, scheme_literal};
use crate::grammar::{hostport, search};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{
    Database, Hostport, Scheme, WaisDatabase, WaisDoc, WaisIndex, WaisUrl, Wpath, Wtype,
};

/// ```bnf
/// waisurl        = waisdatabase | waisindex | waisdoc
/// ```
///
/// A `database` holds neither `/` nor `?`, so what follows it decides the
/// form; the forms are tried longest first so that `waisdatabase` does not
/// stop at the database of a longer URL.
///
/// ```
/// use rfc1738::tree::WaisUrl;
/// let url = rfc1738::parse("wais://quake.think.com/INFO?earthquakes").unwrap();
/// let rfc1738::Url::Wais(WaisUrl::Index(index)) = url else { panic!() };
/// assert_eq!(index.search.as_str(), "earthquakes");
/// ```
pub fn waisurl(input: Input<'_>) -> PResult<'_, WaisUrl<'_>> {
    production(Rule::Waisurl, input, |start| {
        if let Ok((rest, doc)) = waisdoc(start) {
            return Ok((rest, WaisUrl::Doc(doc)));
        }
        if let Ok((rest, index)) = waisindex(start) {
            return Ok((rest, WaisUrl::Index(index)));
        }
        waisdatabase(start).map(|(rest, database)| (rest, WaisUrl::Database(database)))
    })
}

/// `"wais://" hostport "/" database`, the start all three forms share.
fn wais_head(input: Input<'_>) -> PResult<'_, (Scheme<'_>, Hostport<'_>, Database<'_>)> {
    let (rest, scheme) = scheme_literal(input, "wais://")?;
    let (rest, hostport) = hostport(rest)?;
    let (rest, _) = literal(rest, "/")?;
    let (rest, database) = database(rest)?;
    Ok((rest, (scheme, hostport, database)))
}

/// ```bnf
/// waisdatabase   = "wais://" hostport "/" database
/// ```
pub fn waisdatabase(input: Input<'_>) -> PResult<'_, WaisDatabase<'_>> {
    production(Rule::Waisdatabase, input, |start| {
        let (rest, (scheme, hostport, database)) = wais_head(start)?;
        let (text, span) = consumed(&start, &rest);
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
    })
}

/// ```bnf
/// waisindex      = "wais://" hostport "/" database "?" search
/// ```
pub fn waisindex(input: Input<'_>) -> PResult<'_, WaisIndex<'_>> {
    production(Rule::Waisindex, input, |start| {
        let (rest, (scheme, hostport, database)) = wais_head(start)?;
        let (rest, _) = literal(rest, "?")?;
        let (rest, search) = search(rest)?;
        let (text, span) = consumed(&start, &rest);
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
    })
}

/// ```bnf
/// waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath
/// ```
pub fn waisdoc(input: Input<'_>) -> PResult<'_, WaisDoc<'_>> {
    production(Rule::Waisdoc, input, |start| {
        let (rest, (scheme, hostport, database)) = wais_head(start)?;
        let (rest, _) = literal(rest, "/")?;
        let (rest, wtype) = wtype(rest)?;
        let (rest, _) = literal(rest, "/")?;
        let (rest, wpath) = wpath(rest)?;
        let (text, span) = consumed(&start, &rest);
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
    })
}

/// What may continue a `*uchar` run.
const UCHAR_ELEMENTS: &[Expected] = &[Expected::Rule(Rule::Uchar)];

/// ```bnf
/// database       = *uchar
/// ```
pub fn database(input: Input<'_>) -> PResult<'_, Database<'_>> {
    production(Rule::Database, input, |start| {
        let (rest, _) = run(start, &UCHAR, 0, UCHAR_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Database::new(text, span)))
    })
}

/// ```bnf
/// wtype          = *uchar
/// ```
pub fn wtype(input: Input<'_>) -> PResult<'_, Wtype<'_>> {
    production(Rule::Wtype, input, |start| {
        let (rest, _) = run(start, &UCHAR, 0, UCHAR_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Wtype::new(text, span)))
    })
}

/// ```bnf
/// wpath          = *uchar
/// ```
pub fn wpath(input: Input<'_>) -> PResult<'_, Wpath<'_>> {
    production(Rule::Wpath, input, |start| {
        let (rest, _) = run(start, &UCHAR, 0, UCHAR_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Wpath::new(text, span)))
    })
}
