//! ```bnf
//! ; TELNET
//! ```
//!
//! `telneturl` (section 3.8).

use nom::IResult;

use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::ip::login;
use crate::grammar::primitives::{literal, scheme_literal};
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
#[inline(always)]
pub fn telneturl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, TelnetUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Telneturl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("telnet://")(start)?;
            let (rest, login) = rest.call(login)?;
            let (rest, slash) = rest.opt(literal("/"));
            let place = start.place_to(&rest);
            Ok((
                rest,
                TelnetUrl {
                    place,
                    scheme,
                    login,
                    trailing_slash: slash.is_some(),
                },
            ))
        },
    )
}
