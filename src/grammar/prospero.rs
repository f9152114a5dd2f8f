//! ```bnf
//! ; PROSPERO
//! ```
//!
//! `prosperourl`, `ppath`, `psegment`, `fieldspec`, `fieldname`,
//! `fieldvalue` (section 3.11).

use nom::IResult;

use crate::grammar::chars::{FIELD, FPATH, FSEGMENT};
use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::ip::hostport;
use crate::grammar::primitives::{after, path_run, run, scheme_literal};
use crate::rule::Rule;
use crate::tree::{Fieldname, Fieldspec, Fieldvalue, Ppath, ProsperoUrl, Psegment};

/// ```bnf
/// prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]
/// ```
///
/// `*[ fieldspec ]` is counted, not collected: the tree keeps the field
/// specs as one text, which [`ProsperoUrl::fieldspecs`] splits again at
/// each `;` (no `fieldname` or `fieldvalue` holds one), so a parse
/// allocates nothing.
///
/// ```
/// let url = rfc1738::parse("prospero://host.dom:1525/pros/name;type=file;ver=2").unwrap();
/// let rfc1738::Url::Prospero(prospero) = url else { panic!() };
/// let names: Vec<_> = prospero.fieldspecs().map(|f| f.fieldname.as_str()).collect();
/// assert_eq!(names, ["type", "ver"]);
/// ```
#[inline(always)]
pub fn prosperourl<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
) -> IResult<I, ProsperoUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Prosperourl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("prospero://")(start)?;
            let (rest, hostport) = rest.call(hostport)?;
            let (fields, ppath) = after(rest, "/", ppath)?;
            // nom's `many0_count(fieldspec)`, without its `Parser` machinery
            // (a `fieldspec` is never empty: it starts with `;`).
            let mut rest = fields;
            while let Ok((next, _)) = rest.call(fieldspec) {
                rest = next;
            }
            let place = start.place_to(&rest);
            Ok((
                rest,
                ProsperoUrl {
                    place,
                    fieldspecs: fields.upto(&rest),
                    scheme,
                    hostport,
                    ppath,
                },
            ))
        },
    )
}

/// ```bnf
/// ppath          = psegment *[ "/" psegment ]
/// ```
///
/// A `psegment` holds no `/`, so the path is read as one run;
/// [`Ppath::segments`] splits it again.
#[inline(always)]
pub fn ppath<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Ppath<'a>, E> {
    input.enter(
        Entry::Production(Rule::Ppath),
        #[inline(always)]
        |start| {
            // `psegment` has the characters of `fsegment`, so `ppath` those of
            // `fpath`.
            let (rest, _) = path_run(&FPATH)(start)?;
            let place = start.place_to(&rest);
            Ok((rest, Ppath { place }))
        },
    )
}

/// ```bnf
/// psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
#[inline(always)]
pub fn psegment<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Psegment<'a>, E> {
    input.enter(
        Entry::Production(Rule::Psegment),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&FSEGMENT, 0)(start)?;
            Ok((rest, Psegment::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// fieldspec      = ";" fieldname "=" fieldvalue
/// ```
#[inline(always)]
pub fn fieldspec<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Fieldspec<'a>, E> {
    input.enter(
        Entry::Production(Rule::Fieldspec),
        #[inline(always)]
        |start| {
            let (rest, fieldname) = after(start, ";", fieldname)?;
            let (rest, fieldvalue) = after(rest, "=", fieldvalue)?;
            let place = start.place_to(&rest);
            Ok((
                rest,
                Fieldspec {
                    place,
                    fieldname,
                    fieldvalue,
                },
            ))
        },
    )
}

/// ```bnf
/// fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
#[inline(always)]
pub fn fieldname<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Fieldname<'a>, E> {
    input.enter(
        Entry::Production(Rule::Fieldname),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&FIELD, 0)(start)?;
            Ok((rest, Fieldname::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
#[inline(always)]
pub fn fieldvalue<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Fieldvalue<'a>, E> {
    input.enter(
        Entry::Production(Rule::Fieldvalue),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&FIELD, 0)(start)?;
            Ok((rest, Fieldvalue::at(start.place_to(&rest))))
        },
    )
}
