//! The lint codes: stable identifiers, names, default severities, the RFC
//! section each comes from, and the help text `rfc1738 explain` prints.

use alloc::borrow::ToOwned;

use alloc::format;
use alloc::string::String;
use core::fmt;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Severity {
    /// Worth knowing; not wrong.
    Info,
    /// Allowed by the BNF, but the RFC's prose advises against it.
    Warning,
    /// Not a URL by RFC 1738.
    Error,
}

impl Severity {
    /// `"info"`, `"warning"` or `"error"`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The severity of this name (`info`, `warning`, `error`).
    pub fn from_name(name: &str) -> Option<Severity> {
        match name {
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! codes {
    (@default_on) => { true };
    (@default_on opt_in) => { false };
    ($(
        $(#[$meta:meta])*
        $variant:ident = $code:literal, $name:literal, $severity:ident $($opt_in:ident)?,
        $section:literal, $summary:literal, $help:literal;
    )*) => {
        /// A lint rule. Its code (`U001`) and name (`syntax`) are stable;
        /// new rules may be added.
        #[non_exhaustive]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        pub enum Code {
            $($(#[$meta])* $variant,)*
        }

        impl Code {
            /// Every code, in order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The position of the code in [`Code::ALL`] (0 for `U001`).
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The stable code, e.g. `"U001"`.
            pub const fn code(self) -> &'static str {
                match self { $(Code::$variant => $code,)* }
            }

            /// The stable name, e.g. `"syntax"`.
            pub const fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity a finding of this code has.
            pub const fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// Whether findings of this code are reported when no
            /// configuration selects codes: every code but the opt-in ones
            /// (marked `opt_in` in the table), which only a selection
            /// reports.
            pub const fn default_on(self) -> bool {
                match self { $(Code::$variant => codes!(@default_on $($opt_in)?),)* }
            }

            /// The section of RFC 1738 the rule comes from (`"2.2"`, or
            /// `"appendix"`, or `"tool"` for the linter's own rules); [`Code::reference`]
            /// makes it a phrase.
            pub const fn section(self) -> &'static str {
                match self { $(Code::$variant => $section,)* }
            }

            /// One line: what the rule finds.
            pub const fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }

            /// Why it matters and what to do, in a few sentences.
            pub const fn help(self) -> &'static str {
                match self { $(Code::$variant => $help,)* }
            }
        }
    };
}

codes! {
    /// The URL does not match its scheme's production, nor `genericurl`.
    Syntax = "U001", "syntax", Error, "5",
    "the URL does not match the grammar",
    "The text does not match the production of its scheme in the BNF of section 5, \
     and is not a valid genericurl either. The finding points at the first character \
     the grammar could not accept, names the productions open there and what they \
     allowed. Fix the character, or encode it as %XX if it is data.";
    /// A URL of one of the ten schemes fails its own production but is a
    /// valid `genericurl`.
    SchemeProduction = "U002", "scheme-production", Error, "3",
    "a URL of a known scheme fails its scheme's production, though it is a valid generic URL",
    "The scheme is one of the ten section 5 defines, so the URL must match that \
     scheme's production; it only matches the generic form `scheme:schemepart`. \
     A typical case is a user name or password in an http URL (section 3.3 allows \
     only host, port, path and search), or a `/` or `?` inside an http search. \
     Programs that know the scheme will reject or misread it.";
    /// An unsafe character that is not encoded.
    UnsafeCharacter = "U003", "unsafe-character", Error, "2.2",
    "an unsafe character is not encoded",
    "Section 2.2: the characters space, <, >, \", #, %, {, }, |, \\, ^, ~, [, ] and ` \
     are unsafe (gateways and transport agents change them, and some delimit URLs \
     in text), and must always be encoded as %XX. `%` is allowed only as the start \
     of an escape %XX with two hex digits; write %25 for a literal percent sign. \
     `#` is the exception the linter reads as section 2.2 and the appendix do: it \
     \"delimit[s] a URL from a fragment/anchor identifier that might follow it\", so \
     the first `#` after a URL ends the URL and starts its fragment, which is not \
     part of the URL (U021 checks the fragment). Write %23 for a `#` that is data.";
    /// A character outside printable US-ASCII.
    NonAscii = "U004", "non-ascii", Error, "2.2",
    "a character outside printable US-ASCII",
    "Section 2.2: URLs are written only with the graphic printable characters of \
     US-ASCII. Octets 80-FF and the control characters 00-1F and 7F must be encoded \
     as %XX (for other text encodings, first encode in bytes, then each byte).";
    /// The scheme name has upper-case letters.
    SchemeCase = "U005", "scheme-case", Warning, "2.1",
    "the scheme name is not in lower case",
    "Section 2.1: scheme names consist of lower-case letters, digits, +, . and -; \
     programs should treat upper case as lower case, but the BNF writes them in \
     lower case, so strict parsers reject HTTP:. Write the scheme in lower case.";
    /// A password with an empty user name.
    EmptyUserPassword = "U006", "empty-user-password", Warning, "3.1",
    "a password is given with an empty user name",
    "Section 3.1: the password \"is an optional password. If present, it follows \
     the user name separated from it by a colon.\" A password after an empty user \
     name (`//:secret@`) matches the BNF, but there is no user name for it to follow. \
     Give the user name, or drop the password.";
    /// An upper-case ftp typecode.
    FtpTypecodeCase = "U007", "ftp-typecode-case", Warning, "3.2.2",
    "an ftp typecode in upper case",
    "Section 3.2.2: <typecode> is one of the characters \"a\", \"i\", or \"d\", in lower \
     case; the BNF's ftptype also allows A, I and D, but programs that follow the \
     prose compare in lower case. Write the typecode in lower case.";
    /// A gopher selector containing `%09`.
    GopherSelectorTab = "U008", "gopher-selector-tab", Warning, "3.4",
    "a gopher selector contains %09, which makes the URL ambiguous",
    "Section 3.4: Gopher selector strings \"may contain any octets except 09 \
     hexadecimal (US-ASCII HT or tab)\", and %09 separates the selector from the \
     search and the gopher+ string. A %09 the parser had to leave inside the \
     selector (because what follows cannot be a search) makes the URL ambiguous \
     and the selector invalid.";
    /// A hostnumber part above 255.
    HostnumberRange = "U009", "hostnumber-range", Error, "3.1",
    "a part of a hostnumber is above 255",
    "Section 3.1: a host may be an IP address written as four decimal groups \
     separated by \".\". The BNF's `digits` has no bound, but each group is one \
     octet of the address: 0 to 255.";
    /// A port above 65535.
    PortRange = "U010", "port-range", Error, "3.1",
    "a port above 65535",
    "Section 3.1: the port is the TCP or UDP port to connect to, a 16-bit number. \
     The BNF's `digits` has no bound, but no port above 65535 exists.";
    /// A password in the URL.
    Password = "U011", "password", Warning, "6",
    "the URL contains a password",
    "Section 6: \"The use of URLs containing passwords that should be secret is \
     clearly unwise.\" URLs are shown, logged and sent to others. Leave the \
     password out and let the program ask for it.";
    /// A port other than the scheme's default.
    NonDefaultPort = "U012", "non-default-port", Info, "6",
    "a port other than the scheme's default",
    "Section 6: a URL that names a port other than the protocol's default can make a \
     client speak to a server of a different protocol, which may read the URL as \
     commands (gopher URLs have been used to send mail through SMTP). Use such URLs \
     with caution. Defaults: ftp 21, http 80, gopher 70, nntp 119, telnet 23, \
     wais 210, prospero 1525.";
    /// An encoded CR, LF or NUL in a line-based protocol.
    EncodedControl = "U013", "encoded-control", Warning, "6",
    "an encoded CR, LF or NUL in a URL of a line-based protocol",
    "Section 6: encoded delimiters of the protocol (CR and LF for telnet, gopher, \
     ftp, nntp and mail, NUL as a terminator) may be decoded before transmission and \
     simulate an extra command. Check that the URL is meant to carry them.";
    /// A scheme section 4 reserves without defining.
    ReservedScheme = "U014", "reserved-scheme", Warning, "4",
    "a scheme that section 4 reserves but does not define",
    "Section 4 lists afs, mid, cid, nfs, tn3270, mailserver and z39.50 as proposed \
     schemes whose syntax RFC 1738 does not define, and asks IANA to reserve the \
     names. Only the generic syntax can be checked.";
    /// An experimental `x-` scheme.
    ExperimentalScheme = "U015", "experimental-scheme", Info, "4",
    "an experimental x- scheme",
    "Section 4: scheme names starting with \"x-\" are reserved for experimental \
     purposes. Programs other than yours will not know it. Only the generic syntax \
     can be checked.";
    /// A scheme RFC 1738 does not know.
    UnknownScheme = "U016", "unknown-scheme", Info, "4",
    "a scheme that RFC 1738 does not define",
    "The scheme is not one of the ten section 5 defines, not reserved by section 4 \
     and not experimental (x-). It may have been registered later; RFC 1738 checks \
     it only against the generic syntax (otherurl).";
    /// A line break right after a hyphen inside a wrapper.
    AmbiguousHyphen = "U017", "ambiguous-hyphen", Warning, "appendix",
    "a URL is broken across lines right after a hyphen",
    "The appendix (Recommendations for URLs in Context): white space around a line \
     break inside <URL:...> is ignored, but when the line ends in a hyphen \"the \
     hyphen may or may not actually be part of the URL\". The linter keeps the \
     hyphen. Break the line elsewhere.";
    /// Bytes that are not UTF-8.
    InvalidUtf8 = "U018", "invalid-utf8", Error, "2.2",
    "the text is not valid UTF-8",
    "The file has a byte sequence that is not UTF-8. It was replaced by U+FFFD for \
     linting and the rest of the file was linted. Inside a URL, such bytes would \
     have to be encoded as %XX.";
    /// A suppression comment that suppressed nothing.
    UnusedSuppression = "U019", "unused-suppression", Warning opt_in, "tool",
    "a suppression comment suppresses nothing",
    "A comment `rfc1738-ignore: CODES` (or `rfc1738-ignore-next-line`, \
     `rfc1738-ignore-file`) names a code for which no finding was suppressed where \
     it applies. Remove the code from the comment, or the comment. This code is not \
     about RFC 1738 itself; the command line reports it only when selected \
     (`--select U019` or `--extend-select U019`), like ruff's RUF100.";
    /// A URL RFC 1738 rejects that an earlier revision of its grammar
    /// accepts. Like U019 it is the command line's: the library's `lint_*`
    /// functions do not report it (see [`crate::dialect::revisions`]).
    ValidInEarlierRevision = "U020", "valid-in-earlier-revision", Info opt_in, "5",
    "a URL RFC 1738 rejects is valid under an earlier revision of its grammar",
    "RFC 1738 rejects the URL (U001 or U002), but the grammar of an earlier \
     revision accepts it: the Internet-Draft of July 1993 (draft-jul93), of October \
     1993 (draft-oct93) or draft 03 of 1994 (draft-03). For example, before RFC 1738 \
     `http://host?query` needed no `/`, and in 1993 a space was a URL character. \
     The URL may come from a document of that time; `rfc1738 revisions URL` shows \
     each revision's verdict. The command line reports this code only when selected \
     (`--select U020` or `--extend-select U020`).";
    /// A character in the fragment identifier after a URL that must be
    /// encoded: unsafe, a space, a second `#`, a `%` that starts no escape,
    /// or outside printable US-ASCII.
    FragmentCharacter = "U021", "fragment-character", Warning, "2.2",
    "a character in the fragment after a URL that must be encoded",
    "Section 2.2: `#` delimits \"a URL from a fragment/anchor identifier that might \
     follow it\", and the appendix places the fragment \"following a \"#\"\" after the \
     URL: the fragment is not part of the URL, and RFC 1738 gives it no grammar. It \
     travels with the URL through the same gateways and text, though, so the linter \
     holds it to section 2.2's character rules: unsafe characters (a space, <, >, \", \
     {, }, |, \\, ^, ~, [, ], ` and a second #), a % that does not start an escape \
     %XX, and characters outside printable US-ASCII must be encoded as %XX. A \
     warning, not an error: the fragment is outside the grammar this crate \
     implements.";
    /// A placeholder of a URL template (`{id}`, `{{ host }}`, `${HOST}`).
    UrlTemplate = "U022", "url-template", Info, "2.2",
    "a placeholder of a URL template",
    "Documentation writes URL templates: `https://api.example.com/users/{id}`, \
     RFC 6570's `{+base}/path{?q}`, Jinja's and Handlebars' `https://{{ host }}/`, \
     a shell's `https://${HOST}/`. RFC 1738 has no templates (`{` and `}` are \
     unsafe, section 2.2), but a template is not a broken URL: the linter reports \
     each placeholder under this code and checks the rest of the URL with a value \
     in the placeholder's place. Give it another severity in the configuration \
     (`[severity] url-template = \"warning\"`), or ignore it.";
}

impl Code {
    /// Where in RFC 1738: `"RFC 1738 section 2.2"`, `"RFC 1738 appendix"`.
    pub fn reference(self) -> String {
        let section = self.section();
        if section.starts_with(|c: char| c.is_ascii_digit()) {
            format!("RFC 1738 section {section}")
        } else if section == "tool" {
            "the linter's own rules".to_owned()
        } else {
            format!("RFC 1738 {section}")
        }
    }

    /// The code with this identifier (`U001`) or name (`syntax`), in any case.
    ///
    /// ```
    /// use rfc1738::lint::Code;
    /// assert_eq!(Code::from_name("u003"), Some(Code::UnsafeCharacter));
    /// assert_eq!(Code::from_name("port-range"), Some(Code::PortRange));
    /// assert_eq!(Code::from_name("nonsense"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|code| {
            code.code().eq_ignore_ascii_case(name) || code.name().eq_ignore_ascii_case(name)
        })
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The text `rfc1738 explain CODE` prints: code, name, severity, section,
/// summary and help. `None` for an unknown code.
///
/// ```
/// let text = rfc1738::lint::explain("U010").unwrap();
/// assert!(text.starts_with("U010 port-range (error), RFC 1738 section 3.1"));
/// ```
pub fn explain(code: &str) -> Option<String> {
    let code = Code::from_name(code)?;
    Some(format!(
        "{} {} ({}), {}\n{}.\n\n{}\n",
        code.code(),
        code.name(),
        code.severity(),
        code.reference(),
        code.summary(),
        code.help()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_numbered_in_order() {
        for (index, code) in Code::ALL.iter().enumerate() {
            assert_eq!(code.index(), index);
            assert_eq!(code.code(), format!("U{:03}", index + 1));
            assert_eq!(Code::from_name(code.name()), Some(*code));
        }
    }

    #[test]
    fn severities_are_ordered() {
        assert!(Severity::Info < Severity::Warning && Severity::Warning < Severity::Error);
        assert_eq!(Severity::from_name("warning"), Some(Severity::Warning));
    }
}
