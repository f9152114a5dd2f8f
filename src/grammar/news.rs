//! ```bnf
//! ; NEWS (see also RFC1036)
//! ```
//!
//! `newsurl`, `grouppart`, `group`, `article` (section 3.6).

use nom::IResult;

use crate::grammar::chars::{ALPHA, ARTICLE, GROUP_TAIL};
use crate::grammar::cursor::{Cursor, Entry, GrammarError, Reading, Text};
use crate::grammar::ip::host;
use crate::grammar::primitives::{after, literal, one, run, scheme_literal};
use crate::rule::Rule;
use crate::tree::{Article, Group, Grouppart, NewsUrl};

/// ```bnf
/// newsurl        = "news:" grouppart
/// ```
///
/// ```
/// use rfc1738::tree::Grouppart;
/// let url = rfc1738::parse("news:comp.infosystems.www.misc").unwrap();
/// let rfc1738::Url::News(news) = url else { panic!() };
/// assert!(matches!(news.grouppart, Grouppart::Group(_)));
/// ```
#[inline(always)]
pub fn newsurl<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, NewsUrl<'a>, E> {
    input.enter(
        Entry::Production(Rule::Newsurl),
        #[inline(always)]
        |start| {
            let (rest, scheme) = scheme_literal("news:")(start)?;
            let (rest, grouppart) = rest.call(grouppart)?;
            let place = start.place_to(&rest);
            Ok((
                rest,
                NewsUrl {
                    place,
                    scheme,
                    grouppart,
                },
            ))
        },
    )
}

/// ```bnf
/// grouppart      = "*" | group | article
/// ```
///
/// `article` first: a `group` (or `*`) is a prefix of an article whenever
/// one matches, and neither contains the `@` an article needs.
#[inline(always)]
pub fn grouppart<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Grouppart<'a>, E> {
    input.enter(
        Entry::Production(Rule::Grouppart),
        #[inline(always)]
        |start| {
            // nom's `alt` in the same order, without its `Parser` machinery.
            if let Ok((rest, article)) = start.call(article) {
                return Ok((rest, Grouppart::Article(article)));
            }
            if let Ok(all) = all_groups(start) {
                return Ok(all);
            }
            let (rest, group) = start.call(group)?;
            Ok((rest, Grouppart::Group(group)))
        },
    )
}

/// The `"*"` of `grouppart`: every group.
#[inline(always)]
fn all_groups(start: Cursor<'_>) -> Reading<'_, Grouppart<'_>> {
    let (rest, _) = literal("*")(start)?;
    Ok((rest, Grouppart::All(start.upto(&rest).1)))
}

/// ```bnf
/// group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
/// ```
#[inline(always)]
pub fn group<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Group<'a>, E> {
    input.enter(
        Entry::Production(Rule::Group),
        #[inline(always)]
        |start| {
            let (rest, _) = one(&ALPHA)(start)?;
            let (rest, _) = run(&GROUP_TAIL, 0)(rest)?;
            let place = start.place_to(&rest);
            Ok((rest, Group::at(place)))
        },
    )
}

/// ```bnf
/// article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
/// ```
#[inline(always)]
pub fn article<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Article<'a>, E> {
    input.enter(
        Entry::Production(Rule::Article),
        #[inline(always)]
        |start| {
            let (at, _) = run(&ARTICLE, 1)(start)?;
            let (rest, host) = after(at, "@", host)?;
            let place = start.place_to(&rest);
            Ok((
                rest,
                Article {
                    place,
                    unique: start.upto(&at),
                    host,
                },
            ))
        },
    )
}
