//! ```bnf
//! ; NNTP (see also RFC977)
//! ```
//!
//! `nntpurl` (section 3.7).

use crate::grammar::primitives::{consumed, literal, optional, production, scheme_literal};
use crate::grammar::{digits, group, hostport};
use crate::input::{Input, PResult};
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
pub fn nntpurl(input: Input<'_>) -> PResult<'_, NntpUrl<'_>> {
    production(Rule::Nntpurl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "nntp://")?;
        let (rest, hostport) = hostport(rest)?;
        let (rest, _) = literal(rest, "/")?;
        let (rest, group) = group(rest)?;
        let (rest, article) = optional(rest, |slash| {
            let (slash, _) = literal(slash, "/")?;
            digits(slash)
        });
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            NntpUrl {
                text,
                span,
                scheme,
                hostport,
                group,
                article,
            },
        ))
    })
}
