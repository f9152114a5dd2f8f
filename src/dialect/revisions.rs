//! Which revisions accept a URL, as which production, and where and why
//! the others do not.

use alloc::string::ToString;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::{check, matches, Dialect, DialectError};
use crate::options::Options;

/// The alternatives of each revision's `url`, in the order of its text:
/// read off the revision's own definition of `url`, so they are written
/// once, in the grammar.
fn url_alternatives(dialect: Dialect) -> impl Iterator<Item = &'static str> {
    let definition = dialect.definition("url").unwrap_or_default();
    // `url  a | b ...` in a draft, `url = a | b ...` in RFC 1738.
    let alternatives = definition.trim_start_matches("url").trim_start();
    let alternatives = alternatives.strip_prefix('=').unwrap_or(alternatives);
    alternatives.split('|').map(str::trim)
}

/// RFC 1738's scheme keywords and their productions: the ten of section 5.
const RFC1738_SCHEMES: [(&str, &str); 10] = {
    let mut pairs = [("", ""); 10];
    let mut index = 0;
    while index < pairs.len() {
        let scheme = crate::rule::SCHEMES[index];
        pairs[index] = (scheme.name, scheme.rule.name());
        index += 1;
    }
    pairs
};

/// Each revision's scheme keywords and the production that starts with
/// each: an alternative of `url`, or a production `url` leaves out
/// (`afsaddress` after July 1993, D24).
fn scheme_productions(dialect: Dialect) -> &'static [(&'static str, &'static str)] {
    match dialect {
        Dialect::DraftJul93 => &[
            ("http", "httpaddress"),
            ("ftp", "fileaddress"),
            ("news", "newsaddress"),
            ("prospero", "prosperoaddress"),
            ("telnet", "telnetaddress"),
            ("gopher", "gopheraddress"),
            ("wais", "waisaddress"),
            ("afs", "afsaddress"),
        ],
        Dialect::DraftOct93 => &[
            ("http", "httpaddress"),
            ("ftp", "ftpaddress"),
            ("news", "newsaddress"),
            ("nntp", "nntpaddress"),
            ("prospero", "prosperoaddress"),
            ("telnet", "telnetaddress"),
            ("gopher", "gopheraddress"),
            ("wais", "waisaddress"),
            ("mailto", "mailtoaddress"),
            ("afs", "afsaddress"),
        ],
        Dialect::Draft03 => &[
            ("http", "httpaddress"),
            ("ftp", "ftpaddress"),
            ("news", "newsaddress"),
            ("nntp", "nntpaddress"),
            ("prospero", "prosperoaddress"),
            ("telnet", "telnetaddress"),
            ("gopher", "gopheraddress"),
            ("wais", "waisaddress"),
            ("mailto", "mailtoaddress"),
            ("mid", "midaddress"),
            ("cid", "cidaddress"),
            ("afs", "afsaddress"),
        ],
        Dialect::Rfc1738 => &RFC1738_SCHEMES,
    }
}

/// The production of `dialect` for the scheme of `url` (the text before
/// its first `:`, compared as printed when `strict`, in any ASCII case
/// otherwise), if the revision has one.
pub(crate) fn scheme_production(dialect: Dialect, url: &str, strict: bool) -> Option<&'static str> {
    let (scheme, _) = url.split_once(':')?;
    scheme_productions(dialect)
        .iter()
        .find(|(keyword, _)| match strict {
            true => *keyword == scheme,
            false => keyword.eq_ignore_ascii_case(scheme),
        })
        .map(|&(_, production)| production)
}

/// The verdict of one revision on a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Verdict {
    /// The revision.
    pub dialect: Dialect,
    /// The top-level production that matches the whole URL: `url`, else
    /// `fragmentaddress` (the 1993 drafts, D18) or `prefixedurl` (draft 03,
    /// D31); `None` when none does.
    pub accepted_as: Option<&'static str>,
    /// The alternatives of `url` that match the URL (the part before the
    /// first `#` for a `fragmentaddress`, after the prefix for a
    /// `prefixedurl`), in the order of the grammar: `httpaddress`,
    /// `generic`, or RFC 1738's `httpurl` and `otherurl` (D44).
    pub alternatives: Vec<&'static str>,
    /// The production of the URL's scheme in this revision (`httpaddress`,
    /// `ftpurl`), if it has one: it judges a URL of a known scheme by its
    /// own rules, whatever `url` says (D17, D44).
    pub scheme_production: Option<&'static str>,
    /// Why the scheme's production rejects the URL, when it does.
    pub scheme_error: Option<DialectError>,
    /// Why `url` rejects the URL, when no top-level production accepts it.
    pub error: Option<DialectError>,
}

impl Verdict {
    /// Whether a top-level production of the revision accepts the URL.
    pub fn accepted(&self) -> bool {
        self.accepted_as.is_some()
    }

    /// Whether the scheme's own production accepts the URL (`None` when
    /// the revision has none for its scheme).
    pub fn scheme_accepts(&self) -> Option<bool> {
        self.scheme_production.map(|_| self.scheme_error.is_none())
    }

    /// The verdict in the notation of `tests/fixtures/draft_examples.tsv`:
    /// `url:A,B`, `fragmentaddress:A`, `prefixedurl:A` or `-`, then ` !P`
    /// when the scheme's production `P` rejects the URL, or ` +P` when it
    /// accepts a URL no top-level production accepts (D24).
    ///
    /// ```
    /// use rfc1738::dialect::{revisions, Dialect};
    /// let report = revisions("http://host?q");
    /// assert_eq!(report.verdict(Dialect::DraftOct93).notation(), "url:httpaddress");
    /// assert_eq!(report.verdict(Dialect::Rfc1738).notation(), "url:otherurl !httpurl");
    /// ```
    pub fn notation(&self) -> String {
        let mut out = match self.accepted_as {
            Some(top) => format!("{top}:{}", self.alternatives.join(",")),
            None => "-".to_string(),
        };
        if let (Some(own), Some(accepts)) = (self.scheme_production, self.scheme_accepts()) {
            if !accepts {
                out.push_str(&format!(" !{own}"));
            } else if !self.accepted() {
                out.push_str(&format!(" +{own}"));
            }
        }
        out
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.dialect)?;
        match self.accepted_as {
            Some(top) => write!(f, "accepted as {top} ({})", self.alternatives.join(", "))?,
            None => f.write_str("rejected")?,
        }
        match (&self.scheme_production, &self.scheme_error) {
            (Some(own), Some(error)) => write!(f, "; its {own} rejects it: {error}")?,
            (Some(own), None) if !self.accepted() => write!(f, "; its {own} accepts it")?,
            _ => {}
        }
        if let (None, Some(error)) = (self.scheme_production, &self.error) {
            write!(f, "; {error}")?;
        }
        Ok(())
    }
}

/// The verdicts of the four revisions on one URL, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Revisions<'a> {
    /// The URL judged.
    pub url: &'a str,
    /// Whether the scheme keywords were read as printed.
    pub strict: bool,
    /// One verdict a revision, in the order of [`Dialect::ALL`].
    pub verdicts: Vec<Verdict>,
}

impl Revisions<'_> {
    /// The verdict of one revision.
    pub fn verdict(&self, dialect: Dialect) -> &Verdict {
        self.verdicts
            .iter()
            .find(|verdict| verdict.dialect == dialect)
            .expect("a verdict for each of the four revisions")
    }

    /// The revisions that accept the URL.
    pub fn accepting(&self) -> Vec<Dialect> {
        self.verdicts
            .iter()
            .filter(|verdict| verdict.accepted())
            .map(|verdict| verdict.dialect)
            .collect()
    }
}

/// One line a revision.
impl fmt::Display for Revisions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for verdict in &self.verdicts {
            writeln!(f, "{verdict}")?;
        }
        Ok(())
    }
}

/// For each of the four revisions, whether `url` is accepted, as which
/// top-level production and through which alternatives of `url`, and,
/// naming the scheme's own production, where and why not; with the default
/// [`Options`] (scheme keywords in any case).
///
/// ```
/// use rfc1738::dialect::{revisions, Dialect};
/// let report = revisions("http://host?q");
/// // An `httpaddress` in all three drafts (D12)...
/// for dialect in [Dialect::DraftJul93, Dialect::DraftOct93, Dialect::Draft03] {
///     assert_eq!(report.verdict(dialect).alternatives, ["httpaddress"]);
/// }
/// // ...while RFC 1738's `httpurl` rejects it at the `?`, and its `url`
/// // accepts it as an `otherurl` (D44).
/// let rfc = report.verdict(Dialect::Rfc1738);
/// assert_eq!(rfc.accepted_as, Some("url"));
/// assert_eq!(rfc.alternatives, ["otherurl"]);
/// assert_eq!(rfc.scheme_production, Some("httpurl"));
/// assert_eq!(rfc.scheme_error.as_ref().unwrap().mismatch().unwrap().offset(), 11);
/// ```
pub fn revisions(url: &str) -> Revisions<'_> {
    revisions_with(url, Options::default())
}

/// [`revisions`] with these options.
pub fn revisions_with(url: &str, options: Options) -> Revisions<'_> {
    let verdicts = Dialect::ALL
        .into_iter()
        .map(|dialect| verdict(dialect, url, options))
        .collect();
    Revisions {
        url,
        strict: options.strict,
        verdicts,
    }
}

fn verdict(dialect: Dialect, url: &str, options: Options) -> Verdict {
    let matching = |inner: &str| -> Vec<&'static str> {
        url_alternatives(dialect)
            .filter(|alternative| matches(dialect, alternative, inner, options) == Ok(true))
            .collect()
    };
    let url_error = check(dialect, "url", url, options).err();
    let (accepted_as, alternatives) = if url_error.is_none() {
        (Some("url"), matching(url))
    } else {
        let other = dialect
            .top_level()
            .iter()
            .copied()
            .filter(|top| *top != "url" && *top != "uri")
            .find(|top| matches(dialect, top, url, options) == Ok(true));
        match other {
            Some("fragmentaddress") => {
                let inner = url.split_once('#').map_or(url, |(inner, _)| inner);
                (other, matching(inner))
            }
            Some(top) => {
                let inner = url.split_once(':').map_or(url, |(_, inner)| inner);
                (Some(top), matching(inner))
            }
            None => (None, Vec::new()),
        }
    };
    let scheme_production = scheme_production(dialect, url, options.strict);
    let scheme_error =
        scheme_production.and_then(|production| check(dialect, production, url, options).err());
    let error = match accepted_as {
        Some(_) => None,
        None => url_error,
    };
    Verdict {
        dialect,
        accepted_as,
        alternatives,
        scheme_production,
        scheme_error,
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each revision's alternatives of `url`, read off its grammar.
    #[test]
    fn the_alternatives_of_url_are_the_grammars() {
        let alternatives = |dialect| url_alternatives(dialect).collect::<Vec<_>>();
        assert_eq!(
            alternatives(Dialect::DraftJul93),
            [
                "generic",
                "httpaddress",
                "fileaddress",
                "newsaddress",
                "prosperoaddress",
                "telnetaddress",
                "gopheraddress",
                "waisaddress",
                "afsaddress"
            ]
        );
        assert_eq!(alternatives(Dialect::DraftOct93).len(), 10);
        assert_eq!(alternatives(Dialect::Draft03).last(), Some(&"cidaddress"));
        assert_eq!(
            alternatives(Dialect::Rfc1738),
            crate::rule::SCHEMES
                .iter()
                .map(|scheme| scheme.rule.name())
                .chain(["otherurl"])
                .collect::<Vec<_>>(),
            "the ten schemes of rule::every_scheme! are those of RFC 1738's url, in its order"
        );
        for dialect in Dialect::ALL {
            assert!(
                alternatives(dialect).iter().all(|name| dialect.has(name)),
                "{dialect}"
            );
        }
    }
}
