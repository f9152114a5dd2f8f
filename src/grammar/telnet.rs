//! ```bnf
//! ; TELNET
//! ```
//!
//! `telneturl` (section 3.8).

use crate::grammar::login;
use crate::grammar::primitives::{consumed, literal, optional, production, scheme_literal};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::TelnetUrl;

/// ```bnf
/// telneturl      = "telnet://" login [ "/" ]
/// ```
///
/// ```
/// let url = rfc1738::parse("telnet://guest:secret@melvyl.ucop.edu/").unwrap();
/// let rfc1738::Url::Telnet(telnet) = url else { panic!() };
/// assert_eq!(telnet.login.user.unwrap().as_str(), "guest");
/// assert!(telnet.trailing_slash);
/// ```
pub fn telneturl(input: Input<'_>) -> PResult<'_, TelnetUrl<'_>> {
    production(Rule::Telneturl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "telnet://")?;
        let (rest, login) = login(rest)?;
        let (rest, slash) = optional(rest, |slash| literal(slash, "/"));
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            TelnetUrl {
                text,
                span,
                scheme,
                login,
                trailing_slash: slash.is_some(),
            },
        ))
    })
}
