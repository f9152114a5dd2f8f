//! ```bnf
//! ; FILE
//! ```
//!
//! `fileurl` (section 3.10).

use crate::grammar::primitives::{consumed, literal, optional, production, scheme_literal};
use crate::grammar::{fpath, host};
use crate::input::{Input, PResult};
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
pub fn fileurl(input: Input<'_>) -> PResult<'_, FileUrl<'_>> {
    production(Rule::Fileurl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "file://")?;
        let (rest, host) = optional(rest, host);
        let (rest, _) = literal(rest, "/")?;
        let (rest, fpath) = fpath(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            FileUrl {
                text,
                span,
                scheme,
                host,
                fpath,
            },
        ))
    })
}
