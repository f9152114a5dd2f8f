//! An owned URL: the text, checked once, from which the borrowed tree is
//! read again on request.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::Error;
use crate::grammar;
use crate::options::Options;
use crate::tree::Url;

/// A URL that owns its text: what [`crate::parse`] accepts, kept where a
/// [`Url`] (which borrows from the text it was parsed from) cannot be, such
/// as in a struct field, a map key or another thread.
///
/// It holds the text only; [`UrlBuf::as_url`] reads the tree again, which
/// allocates nothing and costs what one [`crate::parse`] costs. Two are equal
/// when their texts are.
///
/// ```
/// use rfc1738::{Url, UrlBuf};
///
/// let url: UrlBuf = "ftp://ftp.isi.edu/in-notes/rfc1738.txt".parse()?;
/// assert_eq!(url.to_string(), "ftp://ftp.isi.edu/in-notes/rfc1738.txt");
/// let Url::Ftp(ftp) = url.as_url() else { panic!() };
/// assert_eq!(ftp.login.hostport.host.as_str(), "ftp.isi.edu");
///
/// assert!(UrlBuf::try_from("http://host:80x/").is_err());
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UrlBuf {
    text: Box<str>,
}

impl UrlBuf {
    /// The URL's typed tree, borrowed from this value.
    pub fn as_url(&self) -> Url<'_> {
        match grammar::parse(&self.text, Options::default()) {
            Ok(url) => url,
            // The text was parsed with these options when it was made.
            Err(error) => unreachable!("a UrlBuf holds a URL: {error}"),
        }
    }

    /// The URL as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, given back.
    pub fn into_string(self) -> String {
        self.text.into_string()
    }
}

impl TryFrom<String> for UrlBuf {
    type Error = Error<'static>;

    fn try_from(text: String) -> Result<Self, Error<'static>> {
        grammar::parse(&text, Options::default()).map_err(Error::into_owned)?;
        Ok(UrlBuf { text: text.into() })
    }
}

impl<'a> TryFrom<&'a str> for UrlBuf {
    type Error = Error<'a>;

    fn try_from(text: &'a str) -> Result<Self, Error<'a>> {
        grammar::parse(text, Options::default())?;
        Ok(UrlBuf { text: text.into() })
    }
}

impl FromStr for UrlBuf {
    type Err = Error<'static>;

    fn from_str(text: &str) -> Result<Self, Error<'static>> {
        UrlBuf::try_from(text).map_err(Error::into_owned)
    }
}

impl From<Url<'_>> for UrlBuf {
    fn from(url: Url<'_>) -> Self {
        UrlBuf {
            text: url.as_str().into(),
        }
    }
}

impl AsRef<str> for UrlBuf {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for UrlBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for UrlBuf {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for UrlBuf {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        UrlBuf::try_from(text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_send_sync_and_static() {
        fn assert_bounds<T: Send + Sync + 'static>() {}
        assert_bounds::<UrlBuf>();
    }

    #[test]
    fn from_a_url_keeps_its_text() {
        let url = crate::parse("news:comp.lang.rust").unwrap();
        let owned = UrlBuf::from(url);
        assert_eq!(owned.as_url(), url);
        assert_eq!(owned.as_str(), "news:comp.lang.rust");
    }
}
