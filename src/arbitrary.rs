//! Grammar-valid URLs for property tests and fuzzing (feature `arbitrary`).
//!
//! The typed tree borrows from the text it was parsed from, so it cannot be
//! generated on its own; [`ArbitraryUrl`] owns the text of a URL generated
//! production by production from RFC 1738 section 5, together with the
//! production [`crate::parse`] must give it. Every scheme's URL comes out:
//! the ten of section 5 (with user and password where `login` allows them,
//! host names and host numbers, ports, `%` escapes, gopher `%09`
//! separators, ftp type codes, the three wais forms, prospero field specs)
//! and the generic form of any other scheme.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use rfc1738::arbitrary::ArbitraryUrl;
//!
//! let bytes = [7u8; 64];
//! let url = ArbitraryUrl::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! let parsed = rfc1738::parse(url.as_str()).unwrap();
//! assert_eq!(parsed.rule(), url.rule());
//! ```

use alloc::string::String;

use ::arbitrary::{Arbitrary, Result, Unstructured};

use crate::rule::Rule;

/// The text of a URL that matches the grammar, generated from arbitrary
/// bytes, and the production it was generated from.
///
/// The text parses with the default [`crate::Options`]; scheme names come
/// out in lower case mostly and in mixed case now and then, so with
/// [`crate::Options::strict`] it parses exactly when
/// [`ArbitraryUrl::lower_case_scheme`] holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArbitraryUrl {
    text: String,
    rule: Rule,
    form: Rule,
}

impl ArbitraryUrl {
    /// The URL.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The production of the [`crate::Url`] variant it must parse as:
    /// `Rule::Httpurl`, ..., `Rule::Otherurl` (as [`crate::Url::rule`]).
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The most specific production it was generated from: the same as
    /// [`ArbitraryUrl::rule`], except for wais URLs, where it is
    /// `Rule::Waisdatabase`, `Rule::Waisindex` or `Rule::Waisdoc`.
    pub fn form(&self) -> Rule {
        self.form
    }

    /// Whether the scheme name is in lower case, as the letter of the BNF
    /// wants it.
    pub fn lower_case_scheme(&self) -> bool {
        let name = self.text.split(':').next().unwrap_or("");
        !name.bytes().any(|b| b.is_ascii_uppercase())
    }

    /// The URL as a `String`.
    pub fn into_string(self) -> String {
        self.text
    }
}

impl core::fmt::Display for ArbitraryUrl {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text)
    }
}

impl<'a> Arbitrary<'a> for ArbitraryUrl {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let mut gen = Gen {
            u,
            out: String::new(),
        };
        let (rule, form) = gen.url()?;
        Ok(ArbitraryUrl {
            text: gen.out,
            rule,
            form,
        })
    }
}

// The character classes of section 5, as the bytes they admit.
const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT: &[u8] = b"0123456789";
const ALPHADIGIT: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const HEX: &[u8] = b"0123456789ABCDEFabcdef";
/// `unreserved = alpha | digit | safe | extra`
const UNRESERVED: &[u8] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_.+!*'(),";
/// `reserved`
const RESERVED: &[u8] = b";/?:@&=";

/// What one repetition may hold besides `uchar`s: the quoted literals of
/// its alternatives.
const USER_EXTRA: &[u8] = b";?&=";
const FSEGMENT_EXTRA: &[u8] = b"?:@&=";
const HSEGMENT_EXTRA: &[u8] = b";:@&=";
const ARTICLE_EXTRA: &[u8] = b";/?:&=";
const FIELD_EXTRA: &[u8] = b"?:@&";
const GROUP_TAIL: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.+_";
const SCHEME_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789+-.";

struct Gen<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    out: String,
}

impl Gen<'_, '_> {
    fn upto(&mut self, max: u8) -> Result<usize> {
        Ok(usize::from(self.u.int_in_range(0..=max)?))
    }

    fn push(&mut self, text: &str) {
        self.out.push_str(text);
    }

    fn one(&mut self, set: &[u8]) -> Result<()> {
        let byte = *self.u.choose(set)?;
        self.out.push(char::from(byte));
        Ok(())
    }

    /// `escape = "%" hex hex`; `%09` (the gopher separator) now and then.
    fn escape(&mut self) -> Result<()> {
        if self.u.ratio(1u8, 4u8)? {
            self.push("%09");
            return Ok(());
        }
        self.push("%");
        self.one(HEX)?;
        self.one(HEX)
    }

    /// One `uchar` (`unreserved | escape`) or one of `extra`.
    fn uchar_or(&mut self, extra: &[u8]) -> Result<()> {
        match self.u.int_in_range(0u8..=9)? {
            0 => self.escape(),
            1 | 2 if !extra.is_empty() => self.one(extra),
            _ => self.one(UNRESERVED),
        }
    }

    /// `*[ uchar | extra... ]`, between `min` and `min + max` long.
    fn uchars(&mut self, extra: &[u8], min: usize, max: u8) -> Result<()> {
        for _ in 0..min + self.upto(max)? {
            self.uchar_or(extra)?;
        }
        Ok(())
    }

    /// `*xchar` (`xchar = unreserved | reserved | escape`).
    fn xchars(&mut self, min: usize, max: u8) -> Result<()> {
        for _ in 0..min + self.upto(max)? {
            self.xchar()?;
        }
        Ok(())
    }

    fn xchar(&mut self) -> Result<()> {
        self.uchar_or(RESERVED)
    }

    fn digits(&mut self, max: u8) -> Result<()> {
        for _ in 0..1 + self.upto(max)? {
            self.one(DIGIT)?;
        }
        Ok(())
    }

    /// `domainlabel` (`first` = `ALPHADIGIT`) or `toplabel` (`first` =
    /// `ALPHA`): one character, or a first, a middle of `alphadigit | "-"`
    /// and an `alphadigit` last.
    fn label(&mut self, first: &[u8]) -> Result<()> {
        self.one(first)?;
        if self.u.ratio(1u8, 3u8)? {
            return Ok(());
        }
        for _ in 0..self.upto(6)? {
            if self.u.ratio(1u8, 4u8)? {
                self.push("-");
            } else {
                self.one(ALPHADIGIT)?;
            }
        }
        self.one(ALPHADIGIT)
    }

    /// `host = hostname | hostnumber`
    fn host(&mut self) -> Result<()> {
        if self.u.ratio(1u8, 4u8)? {
            // hostnumber = digits "." digits "." digits "." digits
            for part in 0..4 {
                if part > 0 {
                    self.push(".");
                }
                self.digits(3)?;
            }
        } else {
            // hostname = *[ domainlabel "." ] toplabel
            for _ in 0..self.upto(3)? {
                self.label(ALPHADIGIT)?;
                self.push(".");
            }
            self.label(ALPHA)?;
        }
        Ok(())
    }

    /// `hostport = host [ ":" port ]`
    fn hostport(&mut self) -> Result<()> {
        self.host()?;
        if self.u.ratio(1u8, 3u8)? {
            self.push(":");
            self.digits(5)?;
        }
        Ok(())
    }

    /// `login = [ user [ ":" password ] "@" ] hostport`
    fn login(&mut self) -> Result<()> {
        if self.u.ratio(1u8, 3u8)? {
            self.uchars(USER_EXTRA, 0, 8)?;
            if self.u.arbitrary()? {
                self.push(":");
                self.uchars(USER_EXTRA, 0, 8)?;
            }
            self.push("@");
        }
        self.hostport()
    }

    /// A path of segments of `*[ uchar | extra... ]` separated by `/`.
    fn segments(&mut self, extra: &[u8]) -> Result<()> {
        for index in 0..1 + self.upto(4)? {
            if index > 0 {
                self.push("/");
            }
            self.uchars(extra, 0, 8)?;
        }
        Ok(())
    }

    /// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`
    fn group(&mut self) -> Result<()> {
        self.one(ALPHA)?;
        for _ in 0..self.upto(12)? {
            self.one(GROUP_TAIL)?;
        }
        Ok(())
    }

    /// The scheme literal of one of the ten (`"ftp://"`), its name now and
    /// then in mixed case.
    fn scheme_literal(&mut self, name: &str, rest: &str) -> Result<()> {
        let mixed = self.u.ratio(1u8, 8u8)?;
        for c in name.chars() {
            let upper = mixed && self.u.arbitrary()?;
            self.out
                .push(if upper { c.to_ascii_uppercase() } else { c });
        }
        self.push(rest);
        Ok(())
    }

    /// A URL of one of the ten schemes or of another: its variant's
    /// production and its own.
    fn url(&mut self) -> Result<(Rule, Rule)> {
        let rule = *self.u.choose(&[
            Rule::Httpurl,
            Rule::Ftpurl,
            Rule::Newsurl,
            Rule::Nntpurl,
            Rule::Telneturl,
            Rule::Gopherurl,
            Rule::Waisurl,
            Rule::Mailtourl,
            Rule::Fileurl,
            Rule::Prosperourl,
            Rule::Otherurl,
        ])?;
        let mut form = rule;
        match rule {
            Rule::Httpurl => {
                // "http://" hostport [ "/" hpath [ "?" search ]]
                self.scheme_literal("http", "://")?;
                self.hostport()?;
                if self.u.ratio(2u8, 3u8)? {
                    self.push("/");
                    self.segments(HSEGMENT_EXTRA)?;
                    if self.u.arbitrary()? {
                        self.push("?");
                        self.uchars(HSEGMENT_EXTRA, 0, 12)?;
                    }
                }
            }
            Rule::Ftpurl => {
                // "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
                self.scheme_literal("ftp", "://")?;
                self.login()?;
                if self.u.ratio(2u8, 3u8)? {
                    self.push("/");
                    self.segments(FSEGMENT_EXTRA)?;
                    if self.u.arbitrary()? {
                        self.push(";type=");
                        self.one(b"AIDaid")?;
                    }
                }
            }
            Rule::Newsurl => {
                // "news:" grouppart; grouppart = "*" | group | article
                self.scheme_literal("news", ":")?;
                match self.u.int_in_range(0u8..=4)? {
                    0 => self.push("*"),
                    1 | 2 => self.group()?,
                    _ => {
                        // 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
                        self.uchars(ARTICLE_EXTRA, 1, 12)?;
                        self.push("@");
                        self.host()?;
                    }
                }
            }
            Rule::Nntpurl => {
                // "nntp://" hostport "/" group [ "/" digits ]
                self.scheme_literal("nntp", "://")?;
                self.hostport()?;
                self.push("/");
                self.group()?;
                if self.u.arbitrary()? {
                    self.push("/");
                    self.digits(6)?;
                }
            }
            Rule::Telneturl => {
                // "telnet://" login [ "/" ]
                self.scheme_literal("telnet", "://")?;
                self.login()?;
                if self.u.arbitrary()? {
                    self.push("/");
                }
            }
            Rule::Gopherurl => {
                // "gopher://" hostport [ "/" [ gtype [ selector
                //     [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
                self.scheme_literal("gopher", "://")?;
                self.hostport()?;
                let depth = self.u.int_in_range(0u8..=5)?;
                if depth >= 1 {
                    self.push("/");
                }
                if depth >= 2 {
                    self.xchar()?;
                }
                if depth >= 3 {
                    self.xchars(0, 12)?;
                }
                if depth >= 4 {
                    self.push("%09");
                    self.uchars(HSEGMENT_EXTRA, 0, 8)?;
                }
                if depth >= 5 {
                    self.push("%09");
                    self.xchars(0, 8)?;
                }
            }
            Rule::Waisurl => {
                // "wais://" hostport "/" database, then nothing (waisdatabase),
                // "?" search (waisindex) or "/" wtype "/" wpath (waisdoc).
                self.scheme_literal("wais", "://")?;
                self.hostport()?;
                self.push("/");
                self.uchars(&[], 0, 10)?;
                form = *self
                    .u
                    .choose(&[Rule::Waisdatabase, Rule::Waisindex, Rule::Waisdoc])?;
                match form {
                    Rule::Waisindex => {
                        self.push("?");
                        self.uchars(HSEGMENT_EXTRA, 0, 10)?;
                    }
                    Rule::Waisdoc => {
                        self.push("/");
                        self.uchars(&[], 0, 6)?;
                        self.push("/");
                        self.uchars(&[], 0, 10)?;
                    }
                    _ => {}
                }
            }
            Rule::Mailtourl => {
                // "mailto:" encoded822addr; encoded822addr = 1*xchar
                self.scheme_literal("mailto", ":")?;
                self.xchars(1, 20)?;
            }
            Rule::Fileurl => {
                // "file://" [ host | "localhost" ] "/" fpath
                self.scheme_literal("file", "://")?;
                match self.u.int_in_range(0u8..=3)? {
                    0 => {}
                    1 => self.push("localhost"),
                    _ => self.host()?,
                }
                self.push("/");
                self.segments(FSEGMENT_EXTRA)?;
            }
            Rule::Prosperourl => {
                // "prospero://" hostport "/" ppath *[ fieldspec ]
                self.scheme_literal("prospero", "://")?;
                self.hostport()?;
                self.push("/");
                self.segments(FSEGMENT_EXTRA)?;
                for _ in 0..self.upto(3)? {
                    // fieldspec = ";" fieldname "=" fieldvalue
                    self.push(";");
                    self.uchars(FIELD_EXTRA, 0, 6)?;
                    self.push("=");
                    self.uchars(FIELD_EXTRA, 0, 8)?;
                }
            }
            _ => self.otherurl()?,
        }
        Ok((rule, form))
    }

    /// `otherurl = genericurl = scheme ":" schemepart`, with a scheme that
    /// is not one of the ten.
    fn otherurl(&mut self) -> Result<()> {
        let start = self.out.len();
        let mixed = self.u.ratio(1u8, 8u8)?;
        for _ in 0..1 + self.upto(8)? {
            let byte = *self.u.choose(SCHEME_CHARS)?;
            let upper = mixed && self.u.arbitrary()?;
            self.out.push(char::from(if upper {
                byte.to_ascii_uppercase()
            } else {
                byte
            }));
        }
        let name = &self.out[start..];
        // The schemes of section 5, which an `otherurl` must not have.
        if crate::rule::known_scheme(name).is_some() {
            self.push("-x");
        }
        self.push(":");
        // schemepart = *xchar | ip-schemepart
        if self.u.arbitrary()? {
            self.push("//");
            self.login()?;
            if self.u.arbitrary()? {
                self.push("/");
                self.xchars(0, 16)?;
            }
        } else {
            self.xchars(0, 24)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::WaisUrl;
    use crate::{parse, parse_with, Options, Url};
    use alloc::vec::Vec;

    /// Bytes from a fixed seed (SplitMix64), so the test is the same on
    /// every run.
    fn bytes(seed: u64, len: usize) -> Vec<u8> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                (z ^ (z >> 31)) as u8
            })
            .collect()
    }

    #[test]
    fn generated_urls_parse_as_their_production() {
        let data = bytes(1738, 1 << 20);
        let mut u = Unstructured::new(&data);
        let mut seen = alloc::collections::BTreeMap::new();
        let mut count = 0;
        while !u.is_empty() {
            let url = ArbitraryUrl::arbitrary(&mut u).unwrap();
            count += 1;
            let parsed = parse(url.as_str())
                .unwrap_or_else(|e| panic!("{:?} does not parse: {e}", url.as_str()));
            assert_eq!(parsed.rule(), url.rule(), "{:?}", url.as_str());
            assert_eq!(parsed.as_str(), url.as_str());
            let form = match parsed {
                Url::Wais(WaisUrl::Database(_)) => Rule::Waisdatabase,
                Url::Wais(WaisUrl::Index(_)) => Rule::Waisindex,
                Url::Wais(WaisUrl::Doc(_)) => Rule::Waisdoc,
                other => other.rule(),
            };
            assert_eq!(form, url.form(), "{:?}", url.as_str());
            assert_eq!(
                parse_with(url.as_str(), Options::strict()).is_ok(),
                url.lower_case_scheme(),
                "{:?}",
                url.as_str()
            );
            assert!(crate::check(url.form(), url.as_str()).is_ok());
            *seen.entry(url.form()).or_insert(0) += 1;
        }
        assert!(count > 5_000, "{count}");
        // Every scheme and every wais form comes out.
        assert_eq!(seen.len(), 13, "{seen:?}");
    }

    #[test]
    fn generated_urls_have_the_parts_the_grammar_allows() {
        let data = bytes(1994, 1 << 20);
        let mut u = Unstructured::new(&data);
        let mut texts = Vec::new();
        while !u.is_empty() {
            texts.push(ArbitraryUrl::arbitrary(&mut u).unwrap().into_string());
        }
        let any = |pattern: &dyn Fn(&str) -> bool| texts.iter().any(|t| pattern(t));
        assert!(any(
            &|t| t.starts_with("gopher://") && t.matches("%09").count() >= 2
        ));
        assert!(any(&|t| t.starts_with("ftp://") && t.contains(";type=")));
        assert!(any(&|t| t.starts_with("ftp://") && t.contains('@')));
        assert!(any(&|t| t.starts_with("prospero://") && t.contains('=')));
        assert!(any(&|t| t.starts_with("file://localhost/")));
        assert!(any(&|t| t.starts_with("file:///")));
        assert!(any(&|t| t.starts_with("news:") && t.contains('@')));
        assert!(any(&|t| t.starts_with("news:*")));
        assert!(any(&|t| t.contains("://1") || t.contains("@1")));
        assert!(any(&|t| t
            .split(':')
            .next()
            .unwrap()
            .bytes()
            .any(|b| b.is_ascii_uppercase())));
    }
}
