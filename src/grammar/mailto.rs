//! ```bnf
//! ; MAILTO (see also RFC822)
//! ```
//!
//! `mailtourl`, `encoded822addr` (section 3.5).

use crate::error::Expected;
use crate::grammar::misc::XCHAR;
use crate::grammar::primitives::{consumed, production, run, scheme_literal};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::{Encoded822addr, MailtoUrl};

/// ```bnf
/// mailtourl      = "mailto:" encoded822addr
/// ```
///
/// ```
/// assert!(rfc1738::parse("mailto:mduerst@ifi.unizh.ch").is_ok());
/// ```
pub fn mailtourl(input: Input<'_>) -> PResult<'_, MailtoUrl<'_>> {
    production(Rule::Mailtourl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "mailto:")?;
        let (rest, encoded822addr) = encoded822addr(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            MailtoUrl {
                text,
                span,
                scheme,
                encoded822addr,
            },
        ))
    })
}

/// ```bnf
/// encoded822addr = 1*xchar               ; further defined in RFC822
/// ```
pub fn encoded822addr(input: Input<'_>) -> PResult<'_, Encoded822addr<'_>> {
    production(Rule::Encoded822addr, input, |start| {
        let (rest, _) = run(start, &XCHAR, 1, &[Expected::Rule(Rule::Xchar)])?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Encoded822addr::new(text, span)))
    })
}
