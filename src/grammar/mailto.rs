//! ```bnf
//! ; MAILTO (see also RFC822)
//! ```
//!
//! `mailtourl`, `encoded822addr` (section 3.5).

use nom::IResult;

use crate::grammar::chars::XCHAR;
use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::primitives::{run, scheme_literal};
use crate::rule::Rule;
use crate::tree::{Encoded822addr, MailtoUrl};

/// ```bnf
/// mailtourl      = "mailto:" encoded822addr
/// ```
///
/// ```
/// assert!(rfc1738::parse("mailto:mduerst@ifi.unizh.ch").is_ok());
/// ```
#[inline(always)]
pub fn mailtourl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, MailtoUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Mailtourl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("mailto:")(start)?;
            let (rest, encoded822addr) = rest.call(encoded822addr)?;
            let place = start.place_to(&rest);
            Ok((
                rest,
                MailtoUrl {
                    place,
                    scheme,
                    encoded822addr,
                },
            ))
        },
    )
}

/// ```bnf
/// encoded822addr = 1*xchar               ; further defined in RFC822
/// ```
#[inline(always)]
pub fn encoded822addr<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
) -> IResult<I, Encoded822addr<'a>, E> {
    input.enter(
        Entry::Production(Rule::Encoded822addr),
        #[inline(always)]
        |start| {
            let (rest, _) = run(&XCHAR, 1)(start)?;
            Ok((rest, Encoded822addr::at(start.place_to(&rest))))
        },
    )
}
