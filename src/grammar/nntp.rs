//! ```bnf
//! ; NNTP (see also RFC977)
//! ```
//!
//! `nntpurl` (section 3.7).

use nom::IResult;

use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::ip::hostport;
use crate::grammar::misc::digits;
use crate::grammar::news::group;
use crate::grammar::primitives::{after, opt_after, scheme_literal};
use crate::rule::Rule;
use crate::tree::NntpUrl;

/// ```bnf
/// nntpurl        = "nntp://" hostport "/" group [ "/" digits ]
/// ```
///
/// ```
/// let url = rfc1738::parse("nntp://news.example.com/comp.lang.rust/42").unwrap();
/// let rfc1738::Url::Nntp(nntp) = url else { panic!() };
/// assert_eq!(nntp.group.as_str(), "comp.lang.rust");
/// assert_eq!(nntp.article.unwrap().value(), Some(42));
/// ```
#[inline(always)]
pub fn nntpurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, NntpUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Nntpurl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("nntp://")(start)?;
            let (rest, hostport) = rest.call(hostport)?;
            let (rest, group) = after(rest, "/", group)?;
            let (rest, article) = opt_after(rest, "/", digits);
            let place = start.place_to(&rest);
            Ok((
                rest,
                NntpUrl {
                    place,
                    scheme,
                    hostport,
                    group,
                    article,
                },
            ))
        },
    )
}
