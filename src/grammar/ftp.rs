//! ```bnf
//! ; FTP (see also RFC959)
//! ```
//!
//! `ftpurl`, `fpath`, `fsegment`, `ftptype` (section 3.2).

use nom::IResult;

use crate::grammar::chars::{FPATH, FSEGMENT, FTPTYPE};
use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::ip::login;
use crate::grammar::primitives::{literal, one, opt_after, path_run, run, scheme_literal};
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
#[inline(always)]
pub fn ftpurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, FtpUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Ftpurl),
        #[inline(always)]
        |start| {
            // Threaded by hand on the hot path (see BENCHMARKS.md).
            let (rest, scheme) = scheme_literal("ftp://")(start)?;
            let (rest, login) = rest.call(login)?;
            let (rest, fpath, ftptype) = match literal("/")(rest) {
                Err(_) => (rest, None, None),
                Ok((slash, _)) => {
                    let (rest, fpath) = slash.call(fpath)?;
                    let (rest, ftptype) = opt_after(rest, ";type=", ftptype);
                    (rest, Some(fpath), ftptype)
                }
            };
            let place = start.place_to(&rest);
            Ok((
                rest,
                FtpUrl {
                    place,
                    scheme,
                    login,
                    fpath,
                    ftptype,
                },
            ))
        },
    )
}

/// ```bnf
/// fpath          = fsegment *[ "/" fsegment ]
/// ```
///
/// An `fsegment` holds no `/`, so the path is read as one run of segment
/// characters and slashes; [`Fpath::segments`] splits it again.
#[inline(always)]
pub fn fpath<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Fpath<'a>, E> {
    input.enter(
        Entry::Production(Rule::Fpath),
        #[inline(always)]
        |start| {
            let (rest, _) = path_run(&FPATH)(start)?;
            let place = start.place_to(&rest);
            Ok((rest, Fpath { place }))
        },
    )
}

/// ```bnf
/// fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
#[inline(always)]
pub fn fsegment<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Fsegment<'a>, E> {
    input.enter(
        Entry::Production(Rule::Fsegment),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&FSEGMENT, 0)(start)?;
            Ok((rest, Fsegment::at(start.place_to(&rest))))
        },
    )
}

/// ```bnf
/// ftptype        = "A" | "I" | "D" | "a" | "i" | "d"
/// ```
///
/// Upper case matches as the BNF says, though section 3.2.2 names only
/// `a`, `i` and `d`; the linter reports the difference.
#[inline(always)]
pub fn ftptype<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Ftptype<'a>, E> {
    input.enter(
        Entry::Production(Rule::Ftptype),
        #[inline(always)]
        |start| {
            let (rest, _) = one(&FTPTYPE)(start)?;
            Ok((rest, Ftptype::at(start.place_to(&rest))))
        },
    )
}
