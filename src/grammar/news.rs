//! ```bnf
//! ; NEWS (see also RFC1036)
//! ```
//!
//! `newsurl`, `grouppart`, `group`, `article` (section 3.6).

use crate::grammar::chars::{ALPHA, ARTICLE, GROUP_TAIL};
use crate::grammar::cursor::{Cursor, Inlining, Parsed};
use crate::grammar::fast::short_run;
use crate::grammar::ip::host;
use crate::grammar::notation::{alt, map, one_of, preceded, scheme_tag, tag, take_while_by};
use crate::grammar::production::{named, production};
use crate::rule::Rule;
use crate::tree::{Article, Group, Grouppart, NewsUrl, Scheme};

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
        let (rest, scheme) = map(scheme_tag("news:"), Scheme::at)(start)?;
        let (rest, grouppart) = grouppart::read(rest)?;
        Ok((rest, NewsUrl { place: start.place_to(&rest), scheme, grouppart }))
    }
}

production! {
    /// ```bnf
    /// grouppart      = "*" | group | article
    /// ```
    ///
    /// `article` first: a `group` (or `*`) is a prefix of an article whenever
    /// one matches, and neither contains the `@` an article needs. Outside
    /// the diagnostic pass a group (or `*`) that nothing an article could
    /// hold follows is read first (`bare_group`), to the same tree.
    grouppart(start) -> Grouppart<'a>, named(Rule::Grouppart),
    {
        if !start.diagnosing() {
            if let Some(bare) = bare_group(start) {
                return Ok(bare);
            }
        }
        alt((
            map(#[inline(always)] |s| article::read(s), Grouppart::Article),
            all_groups,
            map(#[inline(always)] |s| group::read(s), Grouppart::Group),
        ))(start)
    }
}

/// The group (or `*`) that `grouppart` reads, read first, when what follows
/// it shows that no article is there: neither a character an article's
/// part before its `@` may hold (nor the `%` of an escape) nor the `@`. An article would then stop
/// where it stops, with no `@`, and fail; `grouppart` in the BNF's order
/// reads the same group. Most news URLs are a group, and this spares them
/// the article's run over the same text. `None` for anything else; not for
/// the diagnostic pass, whose errors follow the BNF.
#[inline(always)]
fn bare_group<M: Inlining>(start: Cursor<'_, M>) -> Option<(Cursor<'_, M>, Grouppart<'_>)> {
    let (rest, grouppart) = match start.bytes().first() {
        Some(b'*') => all_groups(start).ok()?,
        _ => map(
            #[inline(always)]
            |s| group::read(s),
            Grouppart::Group,
        )(start)
        .ok()?,
    };
    match rest.bytes().first() {
        // `%` may begin an escape, which an article's part admits.
        Some(&byte) if ARTICLE.contains(byte) || byte == b'@' || byte == b'%' => None,
        _ => Some((rest, grouppart)),
    }
}

/// The `"*"` of `grouppart`: every group.
#[inline(always)]
fn all_groups<M: Inlining>(start: Cursor<'_, M>) -> Parsed<'_, Grouppart<'_>, M> {
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
        // A group's tail is short: byte by byte, inlined (`short_run`).
        let (rest, _) = take_while_by(&GROUP_TAIL, 0, short_run)(rest)?;
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
        // Its part before the `@` is short too (`short_run`).
        let (at, _) = take_while_by(&ARTICLE, 1, short_run)(start)?;
        let (rest, host) = preceded(tag("@"), #[inline(always)] |s| host::read(s))(at)?;
        Ok((rest, Article { place: start.place_to(&rest), unique: start.upto(&at), host }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::test_strings::every_string_of;

    /// A grouppart read bare group first is the grouppart read in the BNF's
    /// order, on every string over characters that make or break a group,
    /// an article and its host, and `*`.
    #[test]
    fn a_bare_group_is_the_grouppart_as_written() {
        let (mut bare, mut articles) = (0, 0);
        let alphabets: [&[u8]; 2] = [b"a1.-*@;%#", b"gZ_+/:%4@"];
        for bytes in alphabets
            .iter()
            .flat_map(|alphabet| every_string_of(alphabet, 6))
        {
            let text = core::str::from_utf8(&bytes).expect("ASCII");
            let start = Cursor::new(text, 0, Options::default());
            let as_written = alt((
                map(|s| article::read(s), Grouppart::Article),
                all_groups,
                map(|s| group::read(s), Grouppart::Group),
            ))(start)
            .ok();
            let read = grouppart::read(start).ok();
            // Whole syntax trees: nodes compare by their text alone.
            assert_eq!(
                read.as_ref()
                    .map(|(rest, part)| (rest.offset(), part.syntax())),
                as_written
                    .as_ref()
                    .map(|(rest, part)| (rest.offset(), part.syntax())),
                "{text:?}"
            );
            bare += usize::from(bare_group(start).is_some());
            articles += usize::from(matches!(as_written, Some((_, Grouppart::Article(_)))));
        }
        assert!(bare > 5_000 && articles > 5_000, "{bare} {articles}");
    }
}
