//! ```bnf
//! ; NEWS (see also RFC1036)
//! ```
//!
//! `newsurl`, `grouppart`, `group`, `article` (section 3.6).

use crate::grammar::chars::{ALPHA, ARTICLE, GROUP_TAIL};
use crate::grammar::cursor::{named, production, Cursor, Mode, Reading};
use crate::grammar::ip::host;
use crate::grammar::notation::{
    alt, map, one_of, preceded, scheme_tag, tag, take_while, take_while1,
};
use crate::rule::Rule;
use crate::tree::{Article, Group, Grouppart, NewsUrl};

production! {
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
    newsurl(start) -> NewsUrl<'a>, named(Rule::Newsurl),
    {
        let (rest, scheme) = scheme_tag("news:")(start)?;
        let (rest, grouppart) = grouppart::read(rest)?;
        let place = start.place_to(&rest);
        Ok((
            rest,
            NewsUrl {
                place,
                scheme,
                grouppart,
            },
        ))
    }
}

production! {
    /// ```bnf
    /// grouppart      = "*" | group | article
    /// ```
    ///
    /// `article` first: a `group` (or `*`) is a prefix of an article whenever
    /// one matches, and neither contains the `@` an article needs.
    grouppart(start) -> Grouppart<'a>, named(Rule::Grouppart),
    {
        alt((
            map(#[inline(always)] |s| article::read(s), Grouppart::Article),
            all_groups,
            map(#[inline(always)] |s| group::read(s), Grouppart::Group),
        ))(start)
    }
}

/// The `"*"` of `grouppart`: every group.
#[inline(always)]
fn all_groups<M: Mode>(start: Cursor<'_, M>) -> Reading<'_, Grouppart<'_>, M> {
    let (rest, _) = tag("*")(start)?;
    Ok((rest, Grouppart::All(start.upto(&rest).1)))
}

production! {
    /// ```bnf
    /// group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
    /// ```
    group(start) -> Group<'a>, named(Rule::Group),
    {
        let (rest, _) = one_of(&ALPHA)(start)?;
        let (rest, _) = take_while(&GROUP_TAIL)(rest)?;
        let place = start.place_to(&rest);
        Ok((rest, Group::at(place)))
    }
}

production! {
    /// ```bnf
    /// article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
    /// ```
    article(start) -> Article<'a>, named(Rule::Article),
    {
        let (at, _) = take_while1(&ARTICLE)(start)?;
        let (rest, host) = preceded(tag("@"), #[inline(always)] |s| host::read(s))(at)?;
        let place = start.place_to(&rest);
        Ok((
            rest,
            Article {
                place,
                unique: start.upto(&at),
                host,
            },
        ))
    }
}
