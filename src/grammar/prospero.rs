//! ```bnf
//! ; PROSPERO
//! ```
//!
//! `prosperourl`, `ppath`, `psegment`, `fieldspec`, `fieldname`,
//! `fieldvalue` (section 3.11).

use crate::error::Expected;
use crate::grammar::ftp::FSEGMENT_ELEMENTS;
use crate::grammar::hostport;
use crate::grammar::misc::{CharClass, UCHAR};
use crate::grammar::primitives::{consumed, literal, path_run, production, run, scheme_literal};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{Fieldname, Fieldspec, Fieldvalue, Ppath, ProsperoUrl, Psegment};

/// ```bnf
/// prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]
/// ```
///
/// ```
/// let url = rfc1738::parse("prospero://host.dom:1525/pros/name;type=file;ver=2").unwrap();
/// let rfc1738::Url::Prospero(prospero) = url else { panic!() };
/// let names: Vec<_> = prospero.fieldspecs().map(|f| f.fieldname.as_str()).collect();
/// assert_eq!(names, ["type", "ver"]);
/// ```
pub fn prosperourl(input: Input<'_>) -> PResult<'_, ProsperoUrl<'_>> {
    production(Rule::Prosperourl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "prospero://")?;
        let (rest, hostport) = hostport(rest)?;
        let (rest, _) = literal(rest, "/")?;
        let (fields_start, ppath) = ppath(rest)?;
        let mut rest = fields_start;
        while let Ok((after, _)) = fieldspec(rest) {
            rest = after;
        }
        let fieldspecs = consumed(&fields_start, &rest);
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            ProsperoUrl {
                text,
                span,
                fieldspecs,
                scheme,
                hostport,
                ppath,
            },
        ))
    })
}

/// The characters of `psegment`.
const PSEGMENT: CharClass = UCHAR.union(CharClass::of(b"?:@&="));
/// The characters of `ppath`.
const PPATH: CharClass = PSEGMENT.union(CharClass::of(b"/"));
/// What may continue a `psegment`: the alternatives of `fsegment`.
const PSEGMENT_ELEMENTS: &[Expected] = FSEGMENT_ELEMENTS;

/// ```bnf
/// ppath          = psegment *[ "/" psegment ]
/// ```
///
/// A `psegment` holds no `/`, so the path is read as one run;
/// [`Ppath::segments`] splits it again.
pub fn ppath(input: Input<'_>) -> PResult<'_, Ppath<'_>> {
    production(Rule::Ppath, input, |start| {
        let (rest, _) = path_run(start, &PPATH, PSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Ppath { text, span }))
    })
}

/// ```bnf
/// psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
pub fn psegment(input: Input<'_>) -> PResult<'_, Psegment<'_>> {
    production(Rule::Psegment, input, |start| {
        let (rest, _) = run(start, &PSEGMENT, 0, PSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Psegment::new(text, span)))
    })
}

/// ```bnf
/// fieldspec      = ";" fieldname "=" fieldvalue
/// ```
pub fn fieldspec(input: Input<'_>) -> PResult<'_, Fieldspec<'_>> {
    production(Rule::Fieldspec, input, |start| {
        let (rest, _) = literal(start, ";")?;
        let (rest, fieldname) = fieldname(rest)?;
        let (rest, _) = literal(rest, "=")?;
        let (rest, fieldvalue) = fieldvalue(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            Fieldspec {
                text,
                span,
                fieldname,
                fieldvalue,
            },
        ))
    })
}

/// The characters of `fieldname` and `fieldvalue`.
const FIELD: CharClass = UCHAR.union(CharClass::of(b"?:@&"));
/// What may continue a `fieldname` or `fieldvalue`.
const FIELD_ELEMENTS: &[Expected] = &[
    Expected::Rule(Rule::Uchar),
    Expected::Literal("?"),
    Expected::Literal(":"),
    Expected::Literal("@"),
    Expected::Literal("&"),
];

/// ```bnf
/// fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
pub fn fieldname(input: Input<'_>) -> PResult<'_, Fieldname<'_>> {
    production(Rule::Fieldname, input, |start| {
        let (rest, _) = run(start, &FIELD, 0, FIELD_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Fieldname::new(text, span)))
    })
}

/// ```bnf
/// fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
pub fn fieldvalue(input: Input<'_>) -> PResult<'_, Fieldvalue<'_>> {
    production(Rule::Fieldvalue, input, |start| {
        let (rest, _) = run(start, &FIELD, 0, FIELD_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Fieldvalue::new(text, span)))
    })
}
