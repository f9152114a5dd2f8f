//! One spelling per URL (sections 2.1 and 2.2), and equivalence.
//!
//! Two URLs are equivalent when they differ only in ways the RFC says do not
//! change the meaning:
//!
//! - the case of the scheme name (2.1: "treat upper case letters as
//!   equivalent to lower case in scheme names");
//! - the case of the hex digits of an escape (2.2: `%2f` and `%2F` are the
//!   same octet);
//! - whether a character that needs no encoding (an `unreserved` one) is
//!   written as itself or as an escape (2.2: such characters "may be
//!   encoded ... as long as they are not being used for a reserved
//!   purpose").
//!
//! An escape of a reserved character is never decoded: "encoding a
//! character reserved for a particular scheme may change the semantics of a
//! URL" (`ftp://h/%2Fetc` is not `ftp://h//etc`). Nor is an escape of an
//! unsafe character or an octet outside graphic US-ASCII, which must stay
//! encoded. Host names keep their case: section 2 does not fold them.
//!
//! The normal spelling of a URL of one of the ten schemes parses to the same
//! decoded parts. An `otherurl` keeps its decoded schemepart, but may change
//! shape: `x-a://h%2Eexample/` is only a string of `xchar`s (a host holds no
//! escape), while its normal spelling `x-a://h.example/` follows the common
//! Internet scheme syntax and so has a host.

use alloc::string::String;

use alloc::borrow::Cow;

use crate::build::is_unreserved;
use crate::decode::escape_at;
use crate::error::Error;
use crate::options::Options;
use crate::tree::Url;

impl<'a> Url<'a> {
    /// This URL in its normal spelling: scheme in lower case, escapes of
    /// unreserved characters decoded, every other escape with upper-case
    /// hex digits. Borrows when the URL is already normal. The result
    /// parses to a URL of the same scheme with the same decoded parts.
    ///
    /// ```
    /// let url = rfc1738::parse("FTP://h.com/%7eme/%2fetc/%41b%3b").unwrap();
    /// assert_eq!(url.normalized(), "ftp://h.com/%7Eme/%2Fetc/Ab%3B");
    /// ```
    pub fn normalized(&self) -> Cow<'a, str> {
        normalize_text(self.as_str(), self.scheme().as_str().len())
    }

    /// Whether the two URLs mean the same by sections 2.1 and 2.2: their
    /// normal spellings are equal.
    ///
    /// ```
    /// let a = rfc1738::parse("HTTP://a.b/%7e%61").unwrap();
    /// let b = rfc1738::parse("http://a.b/%7Ea").unwrap();
    /// assert!(a.is_equivalent(&b));
    /// let c = rfc1738::parse("http://a.b/%2F").unwrap();
    /// let d = rfc1738::parse("http://a.b//").unwrap();
    /// assert!(!c.is_equivalent(&d));
    /// ```
    pub fn is_equivalent(&self, other: &Url<'_>) -> bool {
        self.normalized() == other.normalized()
    }
}

/// Whether two strings are equivalent URLs; an error when either is not a
/// URL.
///
/// ```
/// assert_eq!(rfc1738::equivalent("mailto:a%40b", "MAILTO:a%40b"), Ok(true));
/// assert_eq!(rfc1738::equivalent("mailto:a%40b", "mailto:a@b"), Ok(false));
/// ```
pub fn equivalent<'a>(a: &'a str, b: &'a str) -> Result<bool, Error<'a>> {
    let parse = |text| crate::grammar::parse(text, Options::default());
    Ok(parse(a)?.is_equivalent(&parse(b)?))
}

/// Normalizes `text`, whose first `scheme_len` bytes are the scheme name.
fn normalize_text(text: &str, scheme_len: usize) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let scheme_is_lower = !bytes[..scheme_len].iter().any(u8::is_ascii_uppercase);
    let escapes_are_normal = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'%')
        .all(|(i, _)| match escape_at(&bytes[i..]) {
            Some(octet) => {
                !is_unreserved(octet) && !bytes[i + 1..i + 3].iter().any(u8::is_ascii_lowercase)
            }
            None => true,
        });
    if scheme_is_lower && escapes_are_normal {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..scheme_len].to_ascii_lowercase());
    let mut i = scheme_len;
    while i < bytes.len() {
        match escape_at(&bytes[i..]) {
            Some(octet) if is_unreserved(octet) => {
                out.push(char::from(octet));
                i += 3;
            }
            Some(_) => {
                out.push_str(&text[i..i + 3].to_ascii_uppercase());
                i += 3;
            }
            None => {
                let next = text[i + 1..]
                    .find('%')
                    .map_or(text.len(), |offset| i + 1 + offset);
                out.push_str(&text[i..next]);
                i = next;
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use alloc::format;

    fn normal(text: &str) -> String {
        parse(text).unwrap().normalized().into_owned()
    }

    #[test]
    fn scheme_case_is_folded() {
        assert_eq!(normal("HTTP://a.b/"), "http://a.b/");
        assert_eq!(normal("X-Foo:bar"), "x-foo:bar");
        // Only the scheme: the rest keeps its case.
        assert_eq!(normal("Gopher://A.B/1X"), "gopher://A.B/1X");
    }

    #[test]
    fn hex_digits_are_upper_case() {
        assert_eq!(normal("ftp://h.com/%2fetc/%3b"), "ftp://h.com/%2Fetc/%3B");
        assert_eq!(normal("mailto:a%3c%7f%ff"), "mailto:a%3C%7F%FF");
    }

    #[test]
    fn unreserved_escapes_are_decoded() {
        assert_eq!(
            normal("http://a.b/%41%7a%30%24%2D%5F%2E%2B%21%2A%27%28%29%2C"),
            "http://a.b/Az0$-_.+!*'(),"
        );
    }

    #[test]
    fn reserved_and_unsafe_escapes_stay() {
        for escape in ["%3B", "%2F", "%3F", "%3A", "%40", "%26", "%3D"] {
            let text = format!("http://a.b/x{escape}");
            assert_eq!(normal(&text), text);
        }
        for escape in [
            "%20", "%3C", "%3E", "%22", "%23", "%25", "%7B", "%7D", "%7C", "%5C", "%5E", "%7E",
            "%5B", "%5D", "%60", "%00", "%80",
        ] {
            let text = format!("http://a.b/x{escape}");
            assert_eq!(normal(&text), text);
        }
    }

    #[test]
    fn normal_urls_are_borrowed() {
        let url = parse("ftp://h.com/%2Fetc/motd").unwrap();
        assert!(matches!(url.normalized(), Cow::Borrowed(_)));
        let url = parse("ftp://h.com/%2fetc/motd").unwrap();
        assert!(matches!(url.normalized(), Cow::Owned(_)));
    }

    #[test]
    fn section_3_2_2_urls_are_not_equivalent() {
        // Decoding %2F would change CWD /etc into CWD "" then CWD etc.
        assert_eq!(
            equivalent(
                "ftp://myname@host.dom/%2Fetc/motd",
                "ftp://myname@host.dom//etc/motd"
            ),
            Ok(false)
        );
        assert_eq!(
            equivalent(
                "ftp://myname@host.dom/%2Fetc/motd",
                "ftp://myname@host.dom/etc/motd"
            ),
            Ok(false)
        );
        assert_eq!(
            equivalent(
                "ftp://myname@host.dom/%2fetc/m%6Ftd",
                "FTP://myname@host.dom/%2Fetc/motd"
            ),
            Ok(true)
        );
        assert!(equivalent("ftp://h.com/", "ftp://h com/").is_err());
    }
}
