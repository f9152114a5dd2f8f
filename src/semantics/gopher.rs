//! GOPHER URLs (section 3.4): the type, the selector, the search, the
//! gopher+ string and its forms, and the bytes a client sends.
//!
//! A URL from the drafts of RFC 1738, type `0` (a file):
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::Gopher(url)) = rfc1738::parse(
//!     "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
//! ) else { panic!() };
//! assert_eq!(url.gopher_type(), b'0');
//! assert_eq!(url.selector(), "0/Information About Gopher/About Gopher");
//! assert_eq!(url.request(), b"0/Information About Gopher/About Gopher\r\n");
//! ```
//!
//! The example of section 3.4.8, a Spanish postscript view:
//!
//! ```
//! use rfc1738::{semantics::GopherPlus, Url};
//! let Ok(Url::Gopher(url)) =
//!     rfc1738::parse("gopher://gopher.example.org/0doc%09%09+application/postscript%20Es_ES")
//!     else { panic!() };
//! assert_eq!(url.gopher_type(), b'0');
//! assert_eq!(url.selector(), "doc");
//! assert_eq!(url.search().unwrap(), "");
//! let Some(GopherPlus::AlternateView { view, language }) = url.gopher_plus() else { panic!() };
//! assert_eq!(view, "application/postscript");
//! assert_eq!(language.unwrap(), "Es_ES");
//! assert_eq!(url.request(), b"doc\t\t+application/postscript Es_ES\r\n");
//! ```

use alloc::vec::Vec;

use alloc::borrow::Cow;

use crate::decode::{owned, Decoded};
use crate::tree::GopherUrl;

/// Which items a gopher+ attribute request is about (3.4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AttributeScope {
    /// `!`: the attributes of the item.
    Item,
    /// `$`: the attributes of every item of a directory.
    Directory,
}

/// The forms of a gopher+ string (sections 3.4.4 to 3.4.9), read from the
/// decoded string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "form", rename_all = "snake_case"))]
pub enum GopherPlus<'a> {
    /// `+`: the default view of the item (3.4.4).
    DefaultView,
    /// `?`: an item with a +ASK form (3.4.4, 3.4.5).
    AskForm,
    /// `!` or `$`, then attribute names separated by spaces (`%20`);
    /// no name means all the attributes (3.4.6, 3.4.7).
    Attributes {
        /// `!` (the item) or `$` (the directory's items).
        scope: AttributeScope,
        /// The attribute names, such as `+ABSTRACT`.
        names: Vec<Decoded<'a>>,
    },
    /// `+<view_name>%20<language_name>`: an alternate view (3.4.8).
    AlternateView {
        /// The view, such as `application/postscript`.
        view: Decoded<'a>,
        /// The language, such as `Es_ES`, when given.
        language: Option<Decoded<'a>>,
    },
    /// `+%091%0D%0A+-1%0D%0A<value>%0D%0A...%0D%0A.%0D%0A`: a filled-out
    /// +ASK form (3.4.9).
    FilledForm {
        /// The values of the form's items, in order.
        values: Vec<Decoded<'a>>,
    },
    /// Any other string.
    Other {
        /// The gopher+ string, decoded.
        string: Decoded<'a>,
    },
}

/// The head of a filled-out form, decoded: `+ TAB 1 CR LF +-1 CR LF`.
const FORM_HEAD: &[u8] = b"+\t1\r\n+-1\r\n";

impl<'a> GopherPlus<'a> {
    /// Reads the form of a decoded gopher+ string.
    pub fn from_decoded(string: Decoded<'a>) -> GopherPlus<'a> {
        let bytes = string.as_bytes();
        match bytes {
            b"+" => return GopherPlus::DefaultView,
            b"?" => return GopherPlus::AskForm,
            _ => {}
        }
        if let Some(values) = form_values(bytes) {
            return GopherPlus::FilledForm { values };
        }
        match bytes.first() {
            Some(b'!') | Some(b'$') => {
                let scope = if bytes[0] == b'!' {
                    AttributeScope::Item
                } else {
                    AttributeScope::Directory
                };
                let names = if bytes.len() == 1 {
                    Vec::new()
                } else {
                    split(&string, 1, b' ', usize::MAX)
                };
                GopherPlus::Attributes { scope, names }
            }
            Some(b'+') if !bytes[1..].contains(&b'\t') => {
                let mut parts = split(&string, 1, b' ', 2).into_iter();
                let view = parts.next().unwrap_or_default();
                GopherPlus::AlternateView {
                    view,
                    language: parts.next(),
                }
            }
            _ => GopherPlus::Other { string },
        }
    }
}

/// The values of a filled-out form: the lines after [`FORM_HEAD`], up to
/// the line `.`, which must end the string.
fn form_values(bytes: &[u8]) -> Option<Vec<Decoded<'static>>> {
    let body = bytes.strip_prefix(FORM_HEAD)?;
    let body = if body == b".\r\n" {
        b"" as &[u8]
    } else {
        body.strip_suffix(b"\r\n.\r\n")?
    };
    if body.is_empty() {
        return Some(Vec::new());
    }
    let mut values = Vec::new();
    let mut rest = body;
    loop {
        match rest.windows(2).position(|pair| pair == b"\r\n") {
            Some(end) => {
                values.push(owned(rest[..end].to_vec()));
                rest = &rest[end + 2..];
            }
            None => {
                values.push(owned(rest.to_vec()));
                return Some(values);
            }
        }
    }
}

/// Splits `decoded[start..]` at `separator` into at most `limit` parts,
/// borrowing from the URL when `decoded` does.
fn split<'a>(decoded: &Decoded<'a>, start: usize, separator: u8, limit: usize) -> Vec<Decoded<'a>> {
    match decoded.clone().into_cow() {
        Cow::Borrowed(bytes) => bytes[start..]
            .splitn(limit, |&b| b == separator)
            .map(Decoded::from_borrowed)
            .collect(),
        Cow::Owned(bytes) => bytes[start..]
            .splitn(limit, |&b| b == separator)
            .map(|part| owned(part.to_vec()))
            .collect(),
    }
}

impl<'a> GopherUrl<'a> {
    /// The `<gophertype>`, decoded: one octet, `1` (a directory) when the
    /// gopher path is empty (3.4.1).
    pub fn gopher_type(&self) -> u8 {
        self.gtype
            .and_then(|gtype| gtype.decoded().as_bytes().first().copied())
            .unwrap_or(b'1')
    }

    /// The `<selector>`, decoded; empty when the URL has none, which
    /// names the top-level directory (3.4.1).
    pub fn selector(&self) -> Decoded<'a> {
        self.selector
            .map(|selector| selector.decoded())
            .unwrap_or_default()
    }

    /// The `<search>` after the first `%09`, decoded (3.4.2).
    pub fn search(&self) -> Option<Decoded<'a>> {
        self.search.map(|search| search.decoded())
    }

    /// The `<gopher+_string>` after the second `%09`, decoded (3.4.3).
    pub fn gopher_plus_string(&self) -> Option<Decoded<'a>> {
        self.gopher_plus_string.map(|string| string.decoded())
    }

    /// The form of the gopher+ string (3.4.4 to 3.4.9).
    ///
    /// ```
    /// use rfc1738::{semantics::{AttributeScope, GopherPlus}, Url};
    /// // Section 3.4.7.
    /// let Ok(Url::Gopher(url)) = rfc1738::parse("gopher://h.org/0x%09%09!+ABSTRACT%20+SMELL")
    ///     else { panic!() };
    /// let Some(GopherPlus::Attributes { scope, names }) = url.gopher_plus() else { panic!() };
    /// assert_eq!(scope, AttributeScope::Item);
    /// assert_eq!(names, ["+ABSTRACT", "+SMELL"]);
    /// ```
    pub fn gopher_plus(&self) -> Option<GopherPlus<'a>> {
        self.gopher_plus_string().map(GopherPlus::from_decoded)
    }

    /// The bytes a client sends to the server: the selector, then a tab
    /// and the search when there is one, then a tab and the gopher+ string
    /// when there is one (3.4.2, 3.4.3), then CR LF, all decoded.
    ///
    /// The CR LF is not added again when the gopher+ string already ends
    /// with it: a filled-out form (3.4.9) is "a coded version of what the
    /// client sends", its final `.` line included. Section 3.4.3 sends the
    /// search even when it is empty, so a form URL sends two tabs after the
    /// selector, where the display of 3.4.9 shows one.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::Gopher(url)) = rfc1738::parse("gopher://h.org/7search%09rfc%201738")
    ///     else { panic!() };
    /// assert_eq!(url.request(), b"search\trfc 1738\r\n");
    /// ```
    pub fn request(&self) -> Vec<u8> {
        let mut bytes = self.selector().into_bytes();
        if let Some(search) = self.search() {
            bytes.push(b'\t');
            bytes.extend_from_slice(search.as_bytes());
        }
        if let Some(string) = self.gopher_plus_string() {
            bytes.push(b'\t');
            bytes.extend_from_slice(string.as_bytes());
        }
        let string_ends_line = self
            .gopher_plus_string
            .is_some_and(|string| string.decoded().as_bytes().ends_with(b"\r\n"));
        if !string_ends_line {
            bytes.extend_from_slice(b"\r\n");
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::semantics::parsed;
    use alloc::vec;

    fn gopher(text: &str) -> GopherUrl<'_> {
        parsed!(Gopher, text)
    }

    #[test]
    fn empty_path_is_the_top_directory() {
        for text in ["gopher://h.org", "gopher://h.org/"] {
            let url = gopher(text);
            assert_eq!(url.gopher_type(), b'1');
            assert_eq!(url.selector(), "");
            assert_eq!(url.search(), None);
            assert_eq!(url.request(), b"\r\n");
            assert_eq!(url.port_or_default(), Some(70));
        }
    }

    #[test]
    fn selector_may_repeat_the_type() {
        // 3.4.1: a selector beginning with a copy of the type character.
        let url = gopher("gopher://h.org/11/pub");
        assert_eq!(url.gopher_type(), b'1');
        assert_eq!(url.selector(), "1/pub");
        assert_eq!(url.request(), b"1/pub\r\n");
    }

    #[test]
    fn no_character_is_reserved_in_the_selector() {
        let url = gopher("gopher://h.org/0a;b?c=d/e%20f");
        assert_eq!(url.selector(), "a;b?c=d/e f");
        assert_eq!(gopher("gopher://h.org/%30x").gopher_type(), b'0');
    }

    #[test]
    fn search_request() {
        let url = gopher("gopher://h.org/7/srch%09a%20b");
        assert_eq!(url.search().unwrap(), "a b");
        assert_eq!(url.gopher_plus(), None);
        assert_eq!(url.request(), b"/srch\ta b\r\n");
    }

    #[test]
    fn default_view_and_ask_form() {
        let url = gopher("gopher://h.org/1x%09%09+");
        assert_eq!(url.gopher_plus(), Some(GopherPlus::DefaultView));
        assert_eq!(url.request(), b"x\t\t+\r\n");
        let url = gopher("gopher://h.org/1x%09%09?");
        assert_eq!(url.gopher_plus(), Some(GopherPlus::AskForm));
        assert_eq!(url.request(), b"x\t\t?\r\n");
    }

    #[test]
    fn attribute_sets() {
        let all = |scope| GopherPlus::Attributes {
            scope,
            names: vec![],
        };
        assert_eq!(
            gopher("gopher://h.org/1x%09%09!").gopher_plus(),
            Some(all(AttributeScope::Item))
        );
        assert_eq!(
            gopher("gopher://h.org/1x%09%09$").gopher_plus(),
            Some(all(AttributeScope::Directory))
        );
        assert_eq!(
            gopher("gopher://h.org/1x%09%09!+ABSTRACT").gopher_plus(),
            Some(GopherPlus::Attributes {
                scope: AttributeScope::Item,
                names: vec![decode("+ABSTRACT")]
            })
        );
        assert_eq!(
            gopher("gopher://h.org/1x%09%09$+ABSTRACT%20+SMELL").gopher_plus(),
            Some(GopherPlus::Attributes {
                scope: AttributeScope::Directory,
                names: vec![decode("+ABSTRACT"), decode("+SMELL")]
            })
        );
    }

    #[test]
    fn alternate_view_without_language() {
        assert_eq!(
            gopher("gopher://h.org/0x%09%09+text/plain").gopher_plus(),
            Some(GopherPlus::AlternateView {
                view: decode("text/plain"),
                language: None
            })
        );
    }

    #[test]
    fn filled_form_of_section_3_4_9() {
        let text = "gopher://h.org/1sel%09%09+%091%0D%0A+-1%0D%0Aone%0D%0Atwo%20words%0D%0A.%0D%0A";
        let url = gopher(text);
        assert_eq!(
            url.gopher_plus(),
            Some(GopherPlus::FilledForm {
                values: vec![decode("one"), decode("two words")]
            })
        );
        assert_eq!(
            url.request(),
            b"sel\t\t+\t1\r\n+-1\r\none\r\ntwo words\r\n.\r\n"
        );
    }

    #[test]
    fn empty_filled_form_and_other_strings() {
        let url = gopher("gopher://h.org/1s%09%09+%091%0D%0A+-1%0D%0A.%0D%0A");
        assert_eq!(
            url.gopher_plus(),
            Some(GopherPlus::FilledForm { values: vec![] })
        );
        let url = gopher("gopher://h.org/1s%09%09+%091%0D%0Ano%20end");
        assert_eq!(
            url.gopher_plus(),
            Some(GopherPlus::Other {
                string: decode("+\t1\r\nno end")
            })
        );
        assert_eq!(url.request(), b"s\t\t+\t1\r\nno end\r\n");
        let url = gopher("gopher://h.org/1s%09%09x");
        assert_eq!(
            url.gopher_plus(),
            Some(GopherPlus::Other {
                string: decode("x")
            })
        );
        let url = gopher("gopher://h.org/1s%09%09");
        assert_eq!(
            url.gopher_plus(),
            Some(GopherPlus::Other { string: decode("") })
        );
        assert_eq!(url.request(), b"s\t\t\r\n");
    }
}
