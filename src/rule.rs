//! The productions of RFC 1738 section 5, by name, and the productions of
//! any grammar the crate reads ([`Production`]). A leaf: it knows the names
//! and the BNF text, and nothing of the combinators.

use core::fmt;

/// The grammar text, `grammar/rfc1738.bnf`: section 5 of RFC 1738 verbatim.
pub const GRAMMAR: &str = include_str!("../grammar/rfc1738.bnf");

macro_rules! rules {
    (($d:tt) $($variant:ident = $name:literal in $module:ident :: $combinator:ident;)*) => {
        /// Calls `$callback!` with every production's `Rule` variant and
        /// combinator (`Hostport => ip::hostport, ...`): how the grammar
        /// makes its dispatcher and its strict twins of this one table.
        macro_rules! every_rule {
            ($d callback:ident) => {
                $d callback! { $($variant => $module::$combinator,)* }
            };
        }
        pub(crate) use every_rule;

        /// A production of RFC 1738 section 5: every rule of the BNF has one
        /// variant, named after it, and one combinator in [`crate::grammar`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        #[cfg_attr(feature = "serde", serde(into = "&'static str"))]
        pub enum Rule {
            $(
                #[doc = concat!("`", $name, "`: matched by [`crate::grammar::", stringify!($module), "::", stringify!($combinator), "`].")]
                $variant,
            )*
        }

        impl Rule {
            /// Every production, in the order of the BNF.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// The name the BNF gives the production, e.g. `"gopher+_string"`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Rule::$variant => $name,)*
                }
            }

            /// The production of this BNF name, e.g. `"ip-schemepart"`.
            ///
            /// ```
            /// use rfc1738::Rule;
            /// assert_eq!(Rule::from_name("gopher+_string"), Some(Rule::GopherPlusString));
            /// assert_eq!(Rule::from_name("nonsense"), None);
            /// ```
            pub fn from_name(name: &str) -> Option<Rule> {
                match name {
                    $($name => Some(Rule::$variant),)*
                    _ => None,
                }
            }

            /// The module of [`crate::grammar`] the combinator is in, named
            /// after the part of section 5 that defines the production.
            pub const fn module(self) -> &'static str {
                match self {
                    $(Rule::$variant => stringify!($module),)*
                }
            }
        }
    };
}

/// A production of one of the grammars the crate reads: RFC 1738's, by
/// its [`Rule`], or an earlier revision's, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Production {
    /// A production of RFC 1738 section 5.
    Rfc1738(Rule),
    /// A production of a draft, by the name the draft gives it.
    #[cfg(feature = "dialect")]
    Draft(&'static str),
}

impl Production {
    /// The rule of RFC 1738, for one of its productions.
    pub(crate) fn rule(self) -> Option<Rule> {
        match self {
            Production::Rfc1738(rule) => Some(rule),
            #[cfg(feature = "dialect")]
            Production::Draft(_) => None,
        }
    }

    /// The name the grammar gives the production.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Production::Rfc1738(rule) => rule.name(),
            #[cfg(feature = "dialect")]
            Production::Draft(name) => name,
        }
    }
}

rules! {
    ($)
    Genericurl = "genericurl" in generic::genericurl;
    Url = "url" in generic::url;
    Otherurl = "otherurl" in generic::otherurl;
    Scheme = "scheme" in generic::scheme;
    Schemepart = "schemepart" in generic::schemepart;
    IpSchemepart = "ip-schemepart" in ip::ip_schemepart;
    Login = "login" in ip::login;
    Hostport = "hostport" in ip::hostport;
    Host = "host" in ip::host;
    Hostname = "hostname" in ip::hostname;
    Domainlabel = "domainlabel" in ip::domainlabel;
    Toplabel = "toplabel" in ip::toplabel;
    Alphadigit = "alphadigit" in ip::alphadigit;
    Hostnumber = "hostnumber" in ip::hostnumber;
    Port = "port" in ip::port;
    User = "user" in ip::user;
    Password = "password" in ip::password;
    Urlpath = "urlpath" in ip::urlpath;
    Ftpurl = "ftpurl" in ftp::ftpurl;
    Fpath = "fpath" in ftp::fpath;
    Fsegment = "fsegment" in ftp::fsegment;
    Ftptype = "ftptype" in ftp::ftptype;
    Fileurl = "fileurl" in file::fileurl;
    Httpurl = "httpurl" in http::httpurl;
    Hpath = "hpath" in http::hpath;
    Hsegment = "hsegment" in http::hsegment;
    Search = "search" in http::search;
    Gopherurl = "gopherurl" in gopher::gopherurl;
    Gtype = "gtype" in gopher::gtype;
    Selector = "selector" in gopher::selector;
    GopherPlusString = "gopher+_string" in gopher::gopher_plus_string;
    Mailtourl = "mailtourl" in mailto::mailtourl;
    Encoded822addr = "encoded822addr" in mailto::encoded822addr;
    Newsurl = "newsurl" in news::newsurl;
    Grouppart = "grouppart" in news::grouppart;
    Group = "group" in news::group;
    Article = "article" in news::article;
    Nntpurl = "nntpurl" in nntp::nntpurl;
    Telneturl = "telneturl" in telnet::telneturl;
    Waisurl = "waisurl" in wais::waisurl;
    Waisdatabase = "waisdatabase" in wais::waisdatabase;
    Waisindex = "waisindex" in wais::waisindex;
    Waisdoc = "waisdoc" in wais::waisdoc;
    Database = "database" in wais::database;
    Wtype = "wtype" in wais::wtype;
    Wpath = "wpath" in wais::wpath;
    Prosperourl = "prosperourl" in prospero::prosperourl;
    Ppath = "ppath" in prospero::ppath;
    Psegment = "psegment" in prospero::psegment;
    Fieldspec = "fieldspec" in prospero::fieldspec;
    Fieldname = "fieldname" in prospero::fieldname;
    Fieldvalue = "fieldvalue" in prospero::fieldvalue;
    Lowalpha = "lowalpha" in misc::lowalpha;
    Hialpha = "hialpha" in misc::hialpha;
    Alpha = "alpha" in misc::alpha;
    Digit = "digit" in misc::digit;
    Safe = "safe" in misc::safe;
    Extra = "extra" in misc::extra;
    National = "national" in misc::national;
    Punctuation = "punctuation" in misc::punctuation;
    Reserved = "reserved" in misc::reserved;
    Hex = "hex" in misc::hex;
    Escape = "escape" in misc::escape;
    Unreserved = "unreserved" in misc::unreserved;
    Uchar = "uchar" in misc::uchar;
    Xchar = "xchar" in misc::xchar;
    Digits = "digits" in misc::digits;
}

/// Calls `$callback!` with each of the ten schemes of section 5, in the
/// order of the `url` production: the scheme's name, its production's
/// `Rule` variant and combinator, the variant of `Url` that holds its
/// node, and the port its protocol listens on when a URL names none, for
/// the seven that name a server (`"http" => Httpurl in http::httpurl as
/// Http: 80, ...`). This is the one list of the schemes: every ten-way
/// dispatch of the grammar (which scheme a URL names,
/// `generic::known_scheme`; which production reads it,
/// `generic::scheme_url`, `generic::each_scheme_url`; whether a rule is a
/// scheme's, `grammar::is_scheme_url`), the tree's `Url::rule`, and
/// [`SCHEMES`], which the semantics, the linter, the drafts' comparison and
/// `arbitrary` read, are made of it.
macro_rules! every_scheme {
    ($callback:ident) => {
        $callback! {
            "http" => Httpurl in http::httpurl as Http: 80,
            "ftp" => Ftpurl in ftp::ftpurl as Ftp: 21,
            "news" => Newsurl in news::newsurl as News,
            "nntp" => Nntpurl in nntp::nntpurl as Nntp: 119,
            "telnet" => Telneturl in telnet::telneturl as Telnet: 23,
            "gopher" => Gopherurl in gopher::gopherurl as Gopher: 70,
            "wais" => Waisurl in wais::waisurl as Wais: 210,
            "mailto" => Mailtourl in mailto::mailtourl as Mailto,
            "file" => Fileurl in file::fileurl as File,
            "prospero" => Prosperourl in prospero::prosperourl as Prospero: 1525,
        }
    };
}
pub(crate) use every_scheme;

/// One of the ten schemes of section 5, as [`every_scheme!`] lists it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KnownScheme {
    /// Its name, in lower case as the BNF writes it.
    pub(crate) name: &'static str,
    /// Its production.
    pub(crate) rule: Rule,
    /// The port its protocol listens on when the URL names none (sections
    /// 3.2 to 3.11); `None` for the three that name no server.
    pub(crate) default_port: Option<u16>,
}

/// `Some(port)`, or `None` where [`every_scheme!`] gives no port.
macro_rules! port {
    () => {
        None
    };
    ($port:literal) => {
        Some($port)
    };
}
pub(crate) use port;

macro_rules! scheme_table {
    ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
        [$(KnownScheme { name: $name, rule: Rule::$rule, default_port: port!($($port)?) },)*]
    };
}

/// The ten schemes of section 5, in the order of the `url` production.
pub(crate) const SCHEMES: [KnownScheme; 10] = every_scheme!(scheme_table);

/// The default port of the scheme whose production is `rule`, if it has
/// one: for the `DEFAULT_PORT` constants of the tree's nodes.
pub(crate) const fn default_port_of(rule: Rule) -> Option<u16> {
    let mut index = 0;
    while index < SCHEMES.len() {
        if SCHEMES[index].rule as u16 == rule as u16 {
            return SCHEMES[index].default_port;
        }
        index += 1;
    }
    None
}

/// The scheme named `name`, case ignored.
pub(crate) fn known_scheme(name: &str) -> Option<&'static KnownScheme> {
    SCHEMES
        .iter()
        .find(|scheme| scheme.name.eq_ignore_ascii_case(name))
}

impl Rule {
    /// The production's definition as RFC 1738 prints it: its lines of
    /// `grammar/rfc1738.bnf`, trailing comment included.
    ///
    /// ```
    /// assert_eq!(rfc1738::Rule::Hostport.definition(), "hostport       = host [ \":\" port ]");
    /// ```
    pub fn definition(self) -> &'static str {
        let name = self.name();
        let mut start = None;
        let mut end = 0;
        let mut offset = 0;
        for line in GRAMMAR.split_inclusive('\n') {
            let line_end = offset + line.trim_end().len();
            match start {
                None => {
                    let defines = line
                        .strip_prefix(name)
                        .is_some_and(|rest| rest.trim_start().starts_with('='));
                    if defines {
                        start = Some(offset);
                        end = line_end;
                    }
                }
                // A definition goes on over indented, non-blank lines.
                Some(_) if line.starts_with(' ') && !line.trim().is_empty() => end = line_end,
                Some(_) => break,
            }
            offset += line.len();
        }
        start.map_or("", |start| &GRAMMAR[start..end])
    }
}

impl From<Rule> for &'static str {
    fn from(rule: Rule) -> Self {
        rule.name()
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &rule in Rule::ALL {
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
        }
        assert_eq!(Rule::ALL.len(), 67);
    }

    #[test]
    fn every_rule_has_its_definition() {
        for &rule in Rule::ALL {
            let definition = rule.definition();
            assert!(
                definition.starts_with(rule.name()),
                "{rule}: {definition:?}"
            );
        }
        assert!(Rule::Gopherurl.definition().ends_with("] ] ] ] ]"));
        assert!(Rule::Lowalpha.definition().ends_with("\"y\" | \"z\""));
        assert!(Rule::Urlpath.definition().ends_with("see section 3.1"));
    }
}
