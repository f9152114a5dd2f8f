//! Percent-decoding (section 2.2): `%XX` escapes into the octets they stand
//! for, without allocating when the text has no escape.
//!
//! ```
//! use rfc1738::decode::{decode, Decoded};
//! let plain = decode("motd");
//! assert!(plain.is_borrowed());
//! let slash = decode("%2Fetc");
//! assert_eq!(slash.as_bytes(), b"/etc");
//! assert_eq!(slash.to_str(), Some("/etc"));
//! // An escape may stand for an octet that is not UTF-8 on its own.
//! assert_eq!(decode("%FF").as_bytes(), &[0xFF]);
//! assert_eq!(decode("%FF").to_str(), None);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use alloc::borrow::Cow;
use core::fmt;

/// The octets a part of a URL stands for, once its escapes are decoded.
///
/// Borrows from the URL when the part has no escape. The octets need not be
/// UTF-8 (`%FF`); [`Decoded::to_str`] says whether they are, and Display
/// shows them with invalid sequences replaced by U+FFFD.
///
/// With the `serde` feature it serializes as a string when the octets are
/// UTF-8 and as an array of numbers otherwise, so no octet is lost.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decoded<'a>(Cow<'a, [u8]>);

impl<'a> Decoded<'a> {
    /// The decoded octets.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The octets as text, when they are UTF-8.
    pub fn to_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.0).ok()
    }

    /// The octets as text, invalid UTF-8 replaced by U+FFFD.
    pub fn to_string_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.0)
    }

    /// Whether no octet was decoded, so the value borrows from the URL.
    pub fn is_borrowed(&self) -> bool {
        matches!(self.0, Cow::Borrowed(_))
    }

    /// Whether there are no octets.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The octets, owned.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0.into_owned()
    }

    /// The octets as text when they are UTF-8, still borrowing when they
    /// did; the octets back otherwise.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let text = rfc1738::decode::decode("a-b").into_str().unwrap();
    /// assert!(matches!(text, Cow::Borrowed("a-b")));
    /// assert!(rfc1738::decode::decode("%FF").into_str().is_err());
    /// ```
    pub fn into_str(self) -> Result<Cow<'a, str>, Self> {
        match self.0 {
            Cow::Borrowed(bytes) => match core::str::from_utf8(bytes) {
                Ok(text) => Ok(Cow::Borrowed(text)),
                Err(_) => Err(Decoded(Cow::Borrowed(bytes))),
            },
            Cow::Owned(bytes) => String::from_utf8(bytes)
                .map(Cow::Owned)
                .map_err(|error| Decoded(Cow::Owned(error.into_bytes()))),
        }
    }

    /// The underlying `Cow`.
    pub fn into_cow(self) -> Cow<'a, [u8]> {
        self.0
    }
}

impl AsRef<[u8]> for Decoded<'_> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl PartialEq<[u8]> for Decoded<'_> {
    fn eq(&self, other: &[u8]) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&[u8]> for Decoded<'_> {
    fn eq(&self, other: &&[u8]) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<str> for Decoded<'_> {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other.as_bytes()
    }
}

impl PartialEq<&str> for Decoded<'_> {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == *other.as_bytes()
    }
}

impl fmt::Display for Decoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_lossy())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Decoded<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.to_str() {
            Some(text) => serializer.serialize_str(text),
            None => serializer.collect_seq(self.0.iter()),
        }
    }
}

/// The value of one hex digit.
fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The octet of the escape at the start of `bytes` (`%` and two hex digits).
pub(crate) fn escape_at(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', high, low, ..] => Some(hex_value(*high)? << 4 | hex_value(*low)?),
        _ => None,
    }
}

/// Decodes every `%XX` escape of `text`; borrows when there is none.
///
/// A `%` that does not start an escape is kept as it is: the grammar never
/// lets one through, and decoding must not fail on text it did not check.
pub fn decode(text: &str) -> Decoded<'_> {
    let bytes = text.as_bytes();
    // Most text has no escape, so the search is most of the work:
    // `str::find` looks for the byte a word at a time (`memchr`), where
    // `iter().position` went a byte at a time.
    let Some(first) = text.find('%') else {
        return Decoded(Cow::Borrowed(bytes));
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        match escape_at(&bytes[i..]) {
            Some(octet) => {
                out.push(octet);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Decoded(Cow::Owned(out))
}

/// Decodes `text` and says whether the result is UTF-8: `Cow<str>` when it
/// is, borrowing when there is no escape.
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(rfc1738::decode::decode_utf8("a.b"), Some(Cow::Borrowed("a.b"))));
/// assert_eq!(rfc1738::decode::decode_utf8("caf%C3%A9").as_deref(), Some("café"));
/// assert_eq!(rfc1738::decode::decode_utf8("%E9"), None);
/// ```
pub fn decode_utf8(text: &str) -> Option<Cow<'_, str>> {
    match decode(text).0 {
        Cow::Borrowed(_) => Some(Cow::Borrowed(text)),
        Cow::Owned(bytes) => String::from_utf8(bytes).ok().map(Cow::Owned),
    }
}

/// Wraps octets that need no decoding.
pub(crate) fn raw(text: &str) -> Decoded<'_> {
    Decoded(Cow::Borrowed(text.as_bytes()))
}

impl Default for Decoded<'_> {
    /// No octets.
    fn default() -> Self {
        Decoded(Cow::Borrowed(b""))
    }
}

impl<'a> Decoded<'a> {
    /// Wraps octets borrowed from a URL that need no decoding.
    pub(crate) fn from_borrowed(bytes: &'a [u8]) -> Self {
        Decoded(Cow::Borrowed(bytes))
    }
}

/// Wraps owned octets.
pub(crate) fn owned(bytes: Vec<u8>) -> Decoded<'static> {
    Decoded(Cow::Owned(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn borrows_without_escapes() {
        assert!(decode("").is_borrowed());
        assert!(decode("a-b.c").is_borrowed());
        assert!(!decode("a%20b").is_borrowed());
    }

    #[test]
    fn decodes_both_hex_cases() {
        assert_eq!(decode("%2f%2F%41%7e").as_bytes(), b"//A~");
        assert_eq!(decode("%00").as_bytes(), &[0]);
        assert_eq!(decode("x%0D%0Ay").as_bytes(), b"x\r\ny");
    }

    #[test]
    fn keeps_a_stray_percent() {
        assert_eq!(decode("%").as_bytes(), b"%");
        assert_eq!(decode("%4").as_bytes(), b"%4");
        assert_eq!(decode("%zz%41").as_bytes(), b"%zzA");
        assert_eq!(decode("100%").as_bytes(), b"100%");
    }

    #[test]
    fn utf8_is_reported() {
        assert_eq!(decode("%C3%A9").to_str(), Some("é"));
        assert_eq!(decode("%C3").to_str(), None);
        assert_eq!(decode("%C3").to_string(), "\u{FFFD}");
    }
}
