//! ```bnf
//! ; FILE
//! ```
//!
//! `fileurl` (section 3.10).

use nom::IResult;

use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::ftp::fpath;
use crate::grammar::ip::host;
use crate::grammar::primitives::{after, scheme_literal};
use crate::rule::Rule;
use crate::tree::FileUrl;

/// ```bnf
/// fileurl        = "file://" [ host | "localhost" ] "/" fpath
/// ```
///
/// `localhost` is a `hostname`, so the `host` alternative covers it.
///
/// ```
/// let url = rfc1738::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt").unwrap();
/// let rfc1738::Url::File(file) = url else { panic!() };
/// assert_eq!(file.host.unwrap().as_str(), "vms.host.edu");
/// assert_eq!(file.fpath.segments().count(), 4);
/// ```
#[inline(always)]
pub fn fileurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, FileUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Fileurl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("file://")(start)?;
            let (rest, host) = rest.opt(|rest| rest.call(host));
            let (rest, fpath) = after(rest, "/", fpath)?;
            let place = start.place_to(&rest);
            Ok((
                rest,
                FileUrl {
                    place,
                    scheme,
                    host,
                    fpath,
                },
            ))
        },
    )
}
