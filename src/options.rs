//! How strictly the grammar is read.

/// Parse options, shared by [`crate::parse_with`] and [`crate::check_with`].
///
/// The default is the reading RFC 1738 asks of interpreters: scheme names
/// match without regard to case (section 2.1, "programs interpreting URLs
/// should treat upper case letters as equivalent to lower case in scheme
/// names"). [`Options::strict`] follows the letter of the BNF, where scheme
/// names, and the scheme part of literals such as `"ftp://"`, are lower case.
///
/// ```
/// use rfc1738::{check_with, Options, Rule};
/// assert!(check_with(Rule::Url, "HTTP://example.com/", Options::default()).is_ok());
/// assert!(check_with(Rule::Url, "HTTP://example.com/", Options::strict()).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Options {
    /// Follow the letter of the BNF: scheme names in lower case only.
    pub strict: bool,
}

impl Options {
    /// The letter of the BNF.
    pub const fn strict() -> Self {
        Options { strict: true }
    }

    /// These options with strictness set to `strict`.
    pub const fn with_strict(self, strict: bool) -> Self {
        Options { strict }
    }
}
