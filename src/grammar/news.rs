//! ```bnf
//! ; NEWS (see also RFC1036)
//! ```
//!
//! `newsurl`, `grouppart`, `group`, `article` (section 3.6).

use crate::error::Expected;
use crate::grammar::host;
use crate::grammar::misc::{CharClass, ALPHA, DIGIT, UCHAR};
use crate::grammar::primitives::{consumed, literal, one, production, run, scheme_literal};
use crate::input::{Input, PResult};
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
pub fn newsurl(input: Input<'_>) -> PResult<'_, NewsUrl<'_>> {
    production(Rule::Newsurl, input, |start| {
        let (rest, scheme) = scheme_literal(start, "news:")?;
        let (rest, grouppart) = grouppart(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            NewsUrl {
                text,
                span,
                scheme,
                grouppart,
            },
        ))
    })
}

/// ```bnf
/// grouppart      = "*" | group | article
/// ```
///
/// `article` is tried first: a `group` (or `*`) is a prefix of an article
/// whenever one matches, and neither contains the `@` an article needs.
pub fn grouppart(input: Input<'_>) -> PResult<'_, Grouppart<'_>> {
    production(Rule::Grouppart, input, |start| {
        if let Ok((rest, article)) = article(start) {
            return Ok((rest, Grouppart::Article(article)));
        }
        if let Ok((rest, star)) = literal(start, "*") {
            let (_, span) = consumed(&star, &rest);
            return Ok((rest, Grouppart::All(span)));
        }
        group(start).map(|(rest, group)| (rest, Grouppart::Group(group)))
    })
}

/// The characters of `group` after the first.
const GROUP_TAIL: CharClass = ALPHA.union(DIGIT).union(CharClass::of(b"-.+_"));

/// ```bnf
/// group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
/// ```
pub fn group(input: Input<'_>) -> PResult<'_, Group<'_>> {
    production(Rule::Group, input, |start| {
        let (rest, _) = one(start, &ALPHA, Rule::Alpha)?;
        let (rest, _) = run(
            rest,
            &GROUP_TAIL,
            0,
            &[
                Expected::Rule(Rule::Alpha),
                Expected::Rule(Rule::Digit),
                Expected::Literal("-"),
                Expected::Literal("."),
                Expected::Literal("+"),
                Expected::Literal("_"),
            ],
        )?;
        let (text, span) = consumed(&start, &rest);
        Ok((rest, Group::new(text, span)))
    })
}

/// The characters of an article's part before the `@`.
const ARTICLE: CharClass = UCHAR.union(CharClass::of(b";/?:&="));

/// ```bnf
/// article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
/// ```
pub fn article(input: Input<'_>) -> PResult<'_, Article<'_>> {
    production(Rule::Article, input, |start| {
        // The `"@"` is not listed here: `run` records these even when it
        // matched too few characters, and then no `@` is allowed yet. When
        // enough matched, `literal` records the `"@"` at the same place.
        let (at, _) = run(
            start,
            &ARTICLE,
            1,
            &[
                Expected::Rule(Rule::Uchar),
                Expected::Literal(";"),
                Expected::Literal("/"),
                Expected::Literal("?"),
                Expected::Literal(":"),
                Expected::Literal("&"),
                Expected::Literal("="),
            ],
        )?;
        let unique = consumed(&start, &at);
        let (rest, _) = literal(at, "@")?;
        let (rest, host) = host(rest)?;
        let (text, span) = consumed(&start, &rest);
        Ok((
            rest,
            Article {
                text,
                span,
                unique,
                host,
            },
        ))
    })
}
