//! ```bnf
//! ; FTP (see also RFC959)
//! ```
//!
//! `ftpurl`, `fpath`, `fsegment`, `ftptype` (section 3.2).

use crate::error::Expected;
use crate::grammar::login;
use crate::grammar::misc::{CharClass, UCHAR};
use crate::grammar::primitives::{
    consumed, literal, one, optional, path_run, production, run, scheme_literal,
};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{Fpath, Fsegment, FtpUrl, Ftptype};

/// ```bnf
/// ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
/// ```
///
/// ```
/// let url = rfc1738::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt;type=a").unwrap();
/// let rfc1738::Url::Ftp(ftp) = url else { panic!() };
/// assert_eq!(ftp.fpath.unwrap().as_str(), "rfc/rfc1808.txt");
/// assert_eq!(ftp.ftptype.unwrap().code(), 'a');
/// ```
pub fn ftpurl(input: Input<'_>) -> PResult<'_, FtpUrl<'_>> {
    production(Rule::Ftpurl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "ftp://")?;
        let (rest, login) = login(rest)?;
        let (rest, path) = optional(rest, |slash| {
            let (slash, _) = literal(slash, "/")?;
            let (after, fpath) = fpath(slash)?;
            let (after, ftptype) = optional(after, |semicolon| {
                let (semicolon, _) = literal(semicolon, ";type=")?;
                ftptype(semicolon)
            });
            Ok((after, (fpath, ftptype)))
        });
        let (fpath, ftptype) = match path {
            Some((fpath, ftptype)) => (Some(fpath), ftptype),
            None => (None, None),
        };
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            FtpUrl {
                text,
                span,
                scheme,
                login,
                fpath,
                ftptype,
            },
        ))
    })
}

/// The characters of `fsegment`.
const FSEGMENT: CharClass = UCHAR.union(CharClass::of(b"?:@&="));
/// What may continue an `fsegment` (and, the same alternatives, a
/// `psegment`).
pub(crate) const FSEGMENT_ELEMENTS: &[Expected] = &[
    Expected::Rule(Rule::Uchar),
    Expected::Literal("?"),
    Expected::Literal(":"),
    Expected::Literal("@"),
    Expected::Literal("&"),
    Expected::Literal("="),
];
/// The characters of `fpath`: those of `fsegment` and the `/` between them.
pub(crate) const FPATH: CharClass = FSEGMENT.union(CharClass::of(b"/"));

/// ```bnf
/// fpath          = fsegment *[ "/" fsegment ]
/// ```
///
/// An `fsegment` holds no `/`, so the path is read as one run of segment
/// characters and slashes; [`Fpath::segments`] splits it again.
pub fn fpath(input: Input<'_>) -> PResult<'_, Fpath<'_>> {
    production(Rule::Fpath, input, |start| {
        let (rest, _) = path_run(start, &FPATH, FSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Fpath { text, span }))
    })
}

/// ```bnf
/// fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
pub fn fsegment(input: Input<'_>) -> PResult<'_, Fsegment<'_>> {
    production(Rule::Fsegment, input, |start| {
        let (rest, _) = run(start, &FSEGMENT, 0, FSEGMENT_ELEMENTS)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Fsegment::new(text, span)))
    })
}

/// The characters of `ftptype`.
const FTPTYPE: CharClass = CharClass::of(b"AIDaid");

/// ```bnf
/// ftptype        = "A" | "I" | "D" | "a" | "i" | "d"
/// ```
///
/// Upper case matches as the BNF says, though section 3.2.2 names only
/// `a`, `i` and `d`; the linter reports the difference.
pub fn ftptype(input: Input<'_>) -> PResult<'_, Ftptype<'_>> {
    production(Rule::Ftptype, input, |start| {
        let (rest, _) = one(start, &FTPTYPE, Rule::Ftptype)?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Ftptype::new(text, span)))
    })
}
