//! Building URLs from decoded parts.
//!
//! Each builder percent-encodes exactly what its scheme must encode
//! (section 2.2): every octet that is not an `unreserved` character, except
//! the reserved characters that the part's production admits as themselves
//! and that the scheme's section of RFC 1738 does not reserve there. `%` is
//! always encoded; so are the unsafe characters, the control characters and
//! the octets 80 to FF. The result always parses back to the same parts.
//!
//! ```
//! use rfc1738::{build::Ftp, Url};
//! // The first URL of section 3.2.2, from its parts.
//! let text = Ftp::new("host.dom").user("myname").cwd("/etc").name("motd").build().unwrap();
//! assert_eq!(text, "ftp://myname@host.dom/%2Fetc/motd");
//! let Ok(Url::Ftp(url)) = rfc1738::parse(&text) else { panic!() };
//! assert_eq!(url.cwds(), ["/etc"]);
//! ```

use alloc::borrow::ToOwned;
use alloc::string::ToString;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::grammar::chars::{self, Class};
use crate::rule::Rule;

/// Why a builder could not make a URL of its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    part: &'static str,
    reason: String,
}

impl BuildError {
    fn new(part: &'static str, reason: impl Into<String>) -> Self {
        BuildError {
            part,
            reason: reason.into(),
        }
    }

    /// The part at fault (`"host"`, `"selector"`, ...).
    pub fn part(&self) -> &'static str {
        self.part
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.part, self.reason)
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for BuildError {}

/// Whether `byte` is an `unreserved` character (alpha, digit, safe, extra).
pub(crate) fn is_unreserved(byte: u8) -> bool {
    chars::UNRESERVED.contains(byte)
}

/// The characters each part admits as themselves: the class of its
/// production, where section 3 reserves no more.
mod allowed {
    use crate::grammar::chars::{self, Class};

    /// `user`, `password` (3.1: `:` `@` `/` must be encoded).
    pub const LOGIN: &Class = &chars::USER;
    /// `fsegment`, `psegment` (3.2.2: `/` `;` reserved).
    pub const SEGMENT: &Class = &chars::FSEGMENT;
    /// A prospero path: its segments' characters and the `/` between them.
    pub const PPATH: &Class = &chars::FPATH;
    /// HTTP paths and searches: `hsegment` and `search` without `;`, which
    /// 3.3 reserves there (with `/` and `?`).
    pub const HTTP: &Class = &chars::HTTP_PART;
    /// The `search` of gopher and WAIS URLs, as the BNF has it (3.4.1: no
    /// character is reserved in the gopher path).
    pub const SEARCH: &Class = &chars::HSEGMENT;
    /// `xchar` parts (`selector`, `gopher+_string`, `encoded822addr`): no
    /// character is reserved there (3.4.1, 3.5).
    pub const ALL: &Class = &chars::XCHAR;
    /// The part of an `article` before the `@`.
    pub const ARTICLE: &Class = &chars::ARTICLE;
    /// `fieldname`, `fieldvalue`.
    pub const FIELD: &Class = &chars::FIELD;
    /// `uchar` parts (`database`, `wtype`, `wpath`).
    pub const NONE: &Class = &chars::UCHAR;
}

/// Appends `bytes`, encoding every octet that `admitted` does not hold;
/// hex digits in upper case.
fn encode_into(out: &mut String, bytes: &[u8], admitted: &Class) {
    for &byte in bytes {
        push_octet(out, byte, admitted.contains(byte));
    }
}

/// Appends `byte` as itself, or as an escape with hex digits in upper case.
fn push_octet(out: &mut String, byte: u8, as_itself: bool) {
    if as_itself {
        out.push(char::from(byte));
    } else {
        out.push('%');
        out.push(char::from(chars::HEX_UPPER[usize::from(byte >> 4)]));
        out.push(char::from(chars::HEX_UPPER[usize::from(byte & 0xF)]));
    }
}

/// Encodes `bytes` for a part whose production admits the unreserved
/// characters, escapes, and the reserved characters in `allowed`: every
/// other octet becomes an escape, hex digits in upper case.
///
/// ```
/// assert_eq!(rfc1738::build::encode(b"a b/c", b"/"), "a%20b/c");
/// assert_eq!(rfc1738::build::encode("é".as_bytes(), b""), "%C3%A9");
/// ```
pub fn encode(bytes: &[u8], allowed: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &byte in bytes {
        push_octet(
            &mut out,
            byte,
            is_unreserved(byte) || allowed.contains(&byte),
        );
    }
    out
}

fn check_host(host: &str) -> Result<(), BuildError> {
    crate::grammar::check(Rule::Host, host, crate::options::Options::default())
        .map_err(|error| BuildError::new("host", format!("{host:?} is not a host: {error}")))
}

fn push_hostport(out: &mut String, host: &str, port: Option<u16>) -> Result<(), BuildError> {
    check_host(host)?;
    out.push_str(host);
    if let Some(port) = port {
        out.push(':');
        out.push_str(&port.to_string());
    }
    Ok(())
}

fn push_login(
    out: &mut String,
    user: Option<&[u8]>,
    password: Option<&[u8]>,
) -> Result<(), BuildError> {
    match (user, password) {
        (None, Some(_)) => Err(BuildError::new(
            "password",
            "a password needs a user name (section 3.1)",
        )),
        (None, None) => Ok(()),
        (Some(user), password) => {
            encode_into(out, user, allowed::LOGIN);
            if let Some(password) = password {
                out.push(':');
                encode_into(out, password, allowed::LOGIN);
            }
            out.push('@');
            Ok(())
        }
    }
}

fn reject(part: &'static str, bytes: &[u8], forbidden: &[u8], why: &str) -> Result<(), BuildError> {
    match bytes.iter().find(|byte| forbidden.contains(byte)) {
        Some(byte) => Err(BuildError::new(
            part,
            format!("octet {byte:#04X} is not allowed: {why}"),
        )),
        None => Ok(()),
    }
}

/// The setters every builder of a URL with a host shares: its `port`, and
/// for a login (FTP, TELNET) its `user` and `password`.
macro_rules! setters {
    (port) => {
        /// The port.
        pub fn port(mut self, port: u16) -> Self {
            self.port = Some(port);
            self
        }
    };
    (login) => {
        /// The user name (may be empty; for TELNET, the one suggested).
        pub fn user(mut self, user: impl AsRef<[u8]>) -> Self {
            self.user = Some(user.as_ref().to_vec());
            self
        }

        /// The password (may be empty; needs a user name).
        pub fn password(mut self, password: impl AsRef<[u8]>) -> Self {
            self.password = Some(password.as_ref().to_vec());
            self
        }
    };
}

/// An FTP URL (section 3.2) from its parts.
#[derive(Debug, Clone, Default)]
pub struct Ftp {
    host: String,
    port: Option<u16>,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
    cwds: Vec<Vec<u8>>,
    name: Option<Vec<u8>>,
    typecode: Option<char>,
}

impl Ftp {
    /// A URL of `host` (a host name or number), with no path.
    pub fn new(host: &str) -> Self {
        Ftp {
            host: host.to_owned(),
            ..Ftp::default()
        }
    }

    setters!(port);

    setters!(login);

    /// Appends a directory to change to (`CWD`); may be empty, may hold `/`.
    pub fn cwd(mut self, directory: impl AsRef<[u8]>) -> Self {
        self.cwds.push(directory.as_ref().to_vec());
        self
    }

    /// The name of the file (may be empty); a URL with directories or a
    /// typecode needs one.
    pub fn name(mut self, name: impl AsRef<[u8]>) -> Self {
        self.name = Some(name.as_ref().to_vec());
        self
    }

    /// The typecode: `a`, `i` or `d`, either case.
    pub fn typecode(mut self, code: char) -> Self {
        self.typecode = Some(code);
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<String, BuildError> {
        let mut out = String::from("ftp://");
        push_login(&mut out, self.user.as_deref(), self.password.as_deref())?;
        push_hostport(&mut out, &self.host, self.port)?;
        let Some(name) = &self.name else {
            if !self.cwds.is_empty() || self.typecode.is_some() {
                return Err(BuildError::new(
                    "name",
                    "directories and a typecode need a name (it may be empty)",
                ));
            }
            return Ok(out);
        };
        for segment in self.cwds.iter().chain([name]) {
            out.push('/');
            encode_into(&mut out, segment, allowed::SEGMENT);
        }
        if let Some(code) = self.typecode {
            if !"aidAID".contains(code) {
                return Err(BuildError::new(
                    "typecode",
                    format!("{code:?} is not a, i or d"),
                ));
            }
            out.push_str(";type=");
            out.push(code);
        }
        Ok(out)
    }
}

/// An HTTP URL (section 3.3) from its parts.
#[derive(Debug, Clone, Default)]
pub struct Http {
    host: String,
    port: Option<u16>,
    path: Option<Vec<Vec<u8>>>,
    search: Option<Vec<u8>>,
}

impl Http {
    /// A URL of `host`, with no path.
    pub fn new(host: &str) -> Self {
        Http {
            host: host.to_owned(),
            ..Http::default()
        }
    }

    setters!(port);

    /// Appends a path segment (may be empty, may hold `/`).
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.path
            .get_or_insert_with(Vec::new)
            .push(segment.as_ref().to_vec());
        self
    }

    /// The search part. A URL with a search and no segment gets the path
    /// `/` (one empty segment): the BNF puts the search after the path.
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<String, BuildError> {
        let mut out = String::from("http://");
        push_hostport(&mut out, &self.host, self.port)?;
        let empty = [Vec::new()];
        let path = match (&self.path, &self.search) {
            (Some(path), _) => Some(path.as_slice()),
            (None, Some(_)) => Some(&empty[..]),
            (None, None) => None,
        };
        for segment in path.into_iter().flatten() {
            out.push('/');
            encode_into(&mut out, segment, allowed::HTTP);
        }
        if let Some(search) = &self.search {
            out.push('?');
            encode_into(&mut out, search, allowed::HTTP);
        }
        Ok(out)
    }
}

/// A gopher URL (section 3.4) from its parts.
#[derive(Debug, Clone, Default)]
pub struct Gopher {
    host: String,
    port: Option<u16>,
    gopher_type: Option<u8>,
    selector: Vec<u8>,
    search: Option<Vec<u8>>,
    gopher_plus: Option<Vec<u8>>,
}

impl Gopher {
    /// A URL of `host`, with an empty gopher path (type `1`, empty
    /// selector: the top-level directory).
    pub fn new(host: &str) -> Self {
        Gopher {
            host: host.to_owned(),
            ..Gopher::default()
        }
    }

    setters!(port);

    /// The gopher type, one octet.
    pub fn gopher_type(mut self, gopher_type: u8) -> Self {
        self.gopher_type = Some(gopher_type);
        self
    }

    /// The selector: any octets but tab, CR and LF (3.4.1).
    pub fn selector(mut self, selector: impl AsRef<[u8]>) -> Self {
        self.selector = selector.as_ref().to_vec();
        self
    }

    /// The search string: any octets but tab, CR and LF, which would end it
    /// in the request.
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// The gopher+ string, any octets. A URL with a gopher+ string and no
    /// search gets an empty search: 3.4.3 says it "must be supplied".
    pub fn gopher_plus(mut self, string: impl AsRef<[u8]>) -> Self {
        self.gopher_plus = Some(string.as_ref().to_vec());
        self
    }

    /// The URL. When a selector, search or gopher+ string is given without
    /// a type, the type is `1`.
    pub fn build(&self) -> Result<String, BuildError> {
        const LINE: &[u8] = b"\t\r\n";
        let mut out = String::from("gopher://");
        push_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        let has_path = !self.selector.is_empty()
            || self.search.is_some()
            || self.gopher_plus.is_some()
            || self.gopher_type.is_some();
        if !has_path {
            return Ok(out);
        }
        let gopher_type = self.gopher_type.unwrap_or(b'1');
        reject("type", &[gopher_type], LINE, "it would end the selector")?;
        encode_into(&mut out, &[gopher_type], allowed::ALL);
        reject(
            "selector",
            &self.selector,
            LINE,
            "a gopher selector holds no tab, CR or LF",
        )?;
        encode_into(&mut out, &self.selector, allowed::ALL);
        let empty = Vec::new();
        let search = match (&self.search, &self.gopher_plus) {
            (Some(search), _) => Some(search),
            (None, Some(_)) => Some(&empty),
            (None, None) => None,
        };
        if let Some(search) = search {
            reject(
                "search",
                search,
                LINE,
                "a tab, CR or LF would end the search",
            )?;
            out.push_str("%09");
            encode_into(&mut out, search, allowed::SEARCH);
        }
        if let Some(string) = &self.gopher_plus {
            out.push_str("%09");
            encode_into(&mut out, string, allowed::ALL);
        }
        Ok(out)
    }
}

/// A mailto URL (section 3.5) of an RFC 822 addr-spec. No character is
/// reserved; `%` is encoded.
///
/// ```
/// assert_eq!(rfc1738::build::mailto("a%b@c.d").unwrap(), "mailto:a%25b@c.d");
/// ```
pub fn mailto(addr_spec: impl AsRef<[u8]>) -> Result<String, BuildError> {
    let addr = addr_spec.as_ref();
    if addr.is_empty() {
        return Err(BuildError::new(
            "addr-spec",
            "an address is at least one octet",
        ));
    }
    let mut out = String::from("mailto:");
    encode_into(&mut out, addr, allowed::ALL);
    Ok(out)
}

/// A news URL (section 3.6) of a newsgroup. A group name has no escape, so
/// it must match `group` as it is.
pub fn news_group(group: &str) -> Result<String, BuildError> {
    check_group(group)?;
    Ok(format!("news:{group}"))
}

/// The news URL of all groups, `news:*`.
pub fn news_all() -> String {
    "news:*".to_owned()
}

/// A news URL (section 3.6) of an article: `unique@host`, its Message-ID
/// without `<` and `>`. `unique` is encoded; `host` must match `host`.
///
/// ```
/// assert_eq!(rfc1738::build::news_article("a@b", "c.d").unwrap(), "news:a%40b@c.d");
/// ```
pub fn news_article(unique: impl AsRef<[u8]>, host: &str) -> Result<String, BuildError> {
    let unique = unique.as_ref();
    if unique.is_empty() {
        return Err(BuildError::new(
            "unique",
            "the part before @ is at least one octet",
        ));
    }
    check_host(host)?;
    let mut out = String::from("news:");
    encode_into(&mut out, unique, allowed::ARTICLE);
    out.push('@');
    out.push_str(host);
    Ok(out)
}

fn check_group(group: &str) -> Result<(), BuildError> {
    crate::grammar::check(Rule::Group, group, crate::options::Options::default())
        .map_err(|error| BuildError::new("group", format!("{group:?} is not a group: {error}")))
}

/// An NNTP URL (section 3.7).
///
/// ```
/// let text = rfc1738::build::nntp("news.example.com", None, "alt.test", Some(7)).unwrap();
/// assert_eq!(text, "nntp://news.example.com/alt.test/7");
/// ```
pub fn nntp(
    host: &str,
    port: Option<u16>,
    group: &str,
    article: Option<u64>,
) -> Result<String, BuildError> {
    let mut out = String::from("nntp://");
    push_hostport(&mut out, host, port)?;
    check_group(group)?;
    out.push('/');
    out.push_str(group);
    if let Some(number) = article {
        out.push('/');
        out.push_str(&number.to_string());
    }
    Ok(out)
}

/// A telnet URL (section 3.8), written with its final `/`.
#[derive(Debug, Clone, Default)]
pub struct Telnet {
    host: String,
    port: Option<u16>,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
}

impl Telnet {
    /// A URL of `host`.
    pub fn new(host: &str) -> Self {
        Telnet {
            host: host.to_owned(),
            ..Telnet::default()
        }
    }

    setters!(port);

    setters!(login);

    /// The URL.
    pub fn build(&self) -> Result<String, BuildError> {
        let mut out = String::from("telnet://");
        push_login(&mut out, self.user.as_deref(), self.password.as_deref())?;
        push_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        Ok(out)
    }
}

/// A WAIS URL (section 3.9): a database, a search of it, or a document.
#[derive(Debug, Clone, Default)]
pub struct Wais {
    host: String,
    port: Option<u16>,
    database: Vec<u8>,
    search: Option<Vec<u8>>,
    document: Option<(Vec<u8>, Vec<u8>)>,
}

impl Wais {
    /// The URL of `database` on `host`.
    pub fn new(host: &str, database: impl AsRef<[u8]>) -> Self {
        Wais {
            host: host.to_owned(),
            database: database.as_ref().to_vec(),
            ..Wais::default()
        }
    }

    setters!(port);

    /// A search of the database.
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// A document of the database: its type and its document id.
    pub fn document(mut self, wtype: impl AsRef<[u8]>, wpath: impl AsRef<[u8]>) -> Self {
        self.document = Some((wtype.as_ref().to_vec(), wpath.as_ref().to_vec()));
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<String, BuildError> {
        let mut out = String::from("wais://");
        push_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        encode_into(&mut out, &self.database, allowed::NONE);
        match (&self.search, &self.document) {
            (Some(_), Some(_)) => {
                return Err(BuildError::new(
                    "search",
                    "a WAIS URL is a search or a document, not both",
                ))
            }
            (Some(search), None) => {
                out.push('?');
                encode_into(&mut out, search, allowed::SEARCH);
            }
            (None, Some((wtype, wpath))) => {
                out.push('/');
                encode_into(&mut out, wtype, allowed::NONE);
                out.push('/');
                encode_into(&mut out, wpath, allowed::NONE);
            }
            (None, None) => {}
        }
        Ok(out)
    }
}

/// A file URL (section 3.10).
#[derive(Debug, Clone, Default)]
pub struct File {
    host: Option<String>,
    path: Vec<Vec<u8>>,
}

impl File {
    /// A URL of a file on the machine that reads it (empty host).
    pub fn new() -> Self {
        File::default()
    }

    /// The host (`localhost` included).
    pub fn host(mut self, host: &str) -> Self {
        self.host = Some(host.to_owned());
        self
    }

    /// Appends a directory or the name; with none, the path is one empty
    /// segment (`file:///`).
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.path.push(segment.as_ref().to_vec());
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<String, BuildError> {
        let mut out = String::from("file://");
        if let Some(host) = &self.host {
            check_host(host)?;
            out.push_str(host);
        }
        if self.path.is_empty() {
            out.push('/');
        }
        for segment in &self.path {
            out.push('/');
            encode_into(&mut out, segment, allowed::SEGMENT);
        }
        Ok(out)
    }
}

/// A prospero URL (section 3.11).
#[derive(Debug, Clone, Default)]
pub struct Prospero {
    host: String,
    port: Option<u16>,
    hsoname: Vec<u8>,
    fields: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Prospero {
    /// The URL of `hsoname` on `host`. A `/` in the hsoname is written as
    /// itself (it has no significance to the client, 3.11); `;` is encoded.
    ///
    /// ```
    /// let text = rfc1738::build::Prospero::new("host.dom", "/pros/name").build().unwrap();
    /// assert_eq!(text, "prospero://host.dom//pros/name");
    /// ```
    pub fn new(host: &str, hsoname: impl AsRef<[u8]>) -> Self {
        Prospero {
            host: host.to_owned(),
            hsoname: hsoname.as_ref().to_vec(),
            ..Prospero::default()
        }
    }

    setters!(port);

    /// Appends a `;name=value` field.
    pub fn field(mut self, name: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Self {
        self.fields
            .push((name.as_ref().to_vec(), value.as_ref().to_vec()));
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<String, BuildError> {
        let mut out = String::from("prospero://");
        push_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        encode_into(&mut out, &self.hsoname, allowed::PPATH);
        for (name, value) in &self.fields {
            out.push(';');
            encode_into(&mut out, name, allowed::FIELD);
            out.push('=');
            encode_into(&mut out, value, allowed::FIELD);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reserved character is written as itself exactly where the
    /// part admits it, and encoded everywhere else.
    #[test]
    fn reserved_characters_are_encoded_exactly_where_reserved() {
        type Part = fn(&[u8]) -> String;
        let parts: [(&str, Part, &str); 12] = [
            (
                "ftp user",
                |b| Ftp::new("h.com").user(b).build().unwrap(),
                ";?&=",
            ),
            (
                "ftp password",
                |b| Ftp::new("h.com").user("u").password(b).build().unwrap(),
                ";?&=",
            ),
            (
                "ftp cwd",
                |b| Ftp::new("h.com").cwd(b).name("n").build().unwrap(),
                "?:@&=",
            ),
            (
                "ftp name",
                |b| Ftp::new("h.com").name(b).build().unwrap(),
                "?:@&=",
            ),
            (
                "http segment",
                |b| Http::new("h.com").segment(b).build().unwrap(),
                ":@&=",
            ),
            (
                "http search",
                |b| Http::new("h.com").search(b).build().unwrap(),
                ":@&=",
            ),
            (
                "gopher selector",
                |b| Gopher::new("h.com").selector(b).build().unwrap(),
                ";/?:@&=",
            ),
            (
                "gopher search",
                |b| Gopher::new("h.com").search(b).build().unwrap(),
                ";:@&=",
            ),
            (
                "gopher+ string",
                |b| Gopher::new("h.com").gopher_plus(b).build().unwrap(),
                ";/?:@&=",
            ),
            ("mailto", |b| mailto(b).unwrap(), ";/?:@&="),
            (
                "wais database",
                |b| Wais::new("h.com", b).build().unwrap(),
                "",
            ),
            (
                "prospero hsoname",
                |b| Prospero::new("h.com", b).build().unwrap(),
                "?:@&=/",
            ),
        ];
        for (name, build, literal) in parts {
            for reserved in ";/?:@&=".bytes() {
                let text = build(&[b'x', reserved, b'x']);
                let escape = format!("x%{reserved:02X}x");
                let plain = format!("x{}x", char::from(reserved));
                if literal.as_bytes().contains(&reserved) {
                    assert!(text.contains(&plain), "{name}: {text}");
                } else {
                    assert!(text.contains(&escape), "{name}: {text}");
                }
            }
        }
    }

    #[test]
    fn section_3_2_2_urls_from_parts() {
        let build = |cwds: &[&str]| {
            let mut ftp = Ftp::new("host.dom").user("myname");
            for cwd in cwds {
                ftp = ftp.cwd(cwd);
            }
            ftp.name("motd").build().unwrap()
        };
        assert_eq!(build(&["/etc"]), "ftp://myname@host.dom/%2Fetc/motd");
        assert_eq!(build(&["etc"]), "ftp://myname@host.dom/etc/motd");
        assert_eq!(build(&["", "etc"]), "ftp://myname@host.dom//etc/motd");
    }

    #[test]
    fn logins_encode_colon_at_and_slash() {
        let text = Ftp::new("h.com")
            .user("a:b@c/d;e")
            .password("p?w&=")
            .build()
            .unwrap();
        assert_eq!(text, "ftp://a%3Ab%40c%2Fd;e:p?w&=@h.com");
        assert_eq!(Ftp::new("h.com").user("").build().unwrap(), "ftp://@h.com");
        assert_eq!(
            Ftp::new("h.com").user("foo").password("").build().unwrap(),
            "ftp://foo:@h.com"
        );
        assert_eq!(
            Ftp::new("h.com").password("x").build().unwrap_err().part(),
            "password"
        );
    }

    #[test]
    fn unsafe_and_non_ascii_are_encoded() {
        assert_eq!(
            encode(b"<>\"#%{}|\\^~[]` \x7F\x00\xFF", b""),
            "%3C%3E%22%23%25%7B%7D%7C%5C%5E%7E%5B%5D%60%20%7F%00%FF"
        );
        assert_eq!(encode(b"aZ09$-_.+!*'(),", b""), "aZ09$-_.+!*'(),");
    }

    #[test]
    fn ftp_checks_its_parts() {
        assert_eq!(Ftp::new("1.2.3").build().unwrap_err().part(), "host");
        assert_eq!(
            Ftp::new("h.com").cwd("x").build().unwrap_err().part(),
            "name"
        );
        assert_eq!(
            Ftp::new("h.com")
                .name("x")
                .typecode('x')
                .build()
                .unwrap_err()
                .part(),
            "typecode"
        );
        assert_eq!(
            Ftp::new("h.com")
                .port(21)
                .name("x;type=a")
                .typecode('I')
                .build()
                .unwrap(),
            "ftp://h.com:21/x%3Btype=a;type=I"
        );
    }

    #[test]
    fn http_search_without_path_gets_a_slash() {
        assert_eq!(Http::new("a.b").build().unwrap(), "http://a.b");
        assert_eq!(
            Http::new("a.b").search("q?/").build().unwrap(),
            "http://a.b/?q%3F%2F"
        );
        assert_eq!(
            Http::new("a.b").segment("x/y").segment("").build().unwrap(),
            "http://a.b/x%2Fy/"
        );
    }

    #[test]
    fn gopher_paths() {
        assert_eq!(Gopher::new("h.org").build().unwrap(), "gopher://h.org/");
        assert_eq!(
            Gopher::new("h.org").selector("a b/c").build().unwrap(),
            "gopher://h.org/1a%20b/c"
        );
        assert_eq!(
            Gopher::new("h.org")
                .gopher_type(b'0')
                .gopher_plus("+")
                .build()
                .unwrap(),
            "gopher://h.org/0%09%09+"
        );
        assert_eq!(
            Gopher::new("h.org")
                .selector("a\tb")
                .build()
                .unwrap_err()
                .part(),
            "selector"
        );
        assert_eq!(
            Gopher::new("h.org")
                .search("a\r\n")
                .build()
                .unwrap_err()
                .part(),
            "search"
        );
    }

    #[test]
    fn other_schemes() {
        assert_eq!(mailto("").unwrap_err().part(), "addr-spec");
        assert_eq!(
            news_group("comp.infosystems.www.misc").unwrap(),
            "news:comp.infosystems.www.misc"
        );
        assert_eq!(news_group("1x").unwrap_err().part(), "group");
        assert_eq!(news_all(), "news:*");
        assert_eq!(
            Telnet::new("h.com").user("u").build().unwrap(),
            "telnet://u@h.com/"
        );
        assert_eq!(
            Wais::new("h.com", "d?b")
                .document("T", "1/2")
                .build()
                .unwrap(),
            "wais://h.com/d%3Fb/T/1%2F2"
        );
        assert_eq!(
            Wais::new("h.com", "db")
                .search("a")
                .document("", "")
                .build()
                .unwrap_err()
                .part(),
            "search"
        );
        assert_eq!(File::new().build().unwrap(), "file:///");
        assert_eq!(
            File::new()
                .host("localhost")
                .segment("a;b")
                .build()
                .unwrap(),
            "file://localhost/a%3Bb"
        );
        assert_eq!(
            Prospero::new("h.com", "a;b")
                .field("n=", "v;/")
                .build()
                .unwrap(),
            "prospero://h.com/a%3Bb;n%3D=v%3B%2F"
        );
    }
}
