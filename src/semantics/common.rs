//! The common Internet scheme syntax (section 3.1): user, password, host,
//! port, and the decoded text of every leaf that may hold escapes.

use crate::decode::{decode, Decoded};
use crate::tree::{
    Database, Encoded822addr, Fieldname, Fieldvalue, Fpath, Fsegment, GenericUrl, GopherPlusString,
    Gtype, Host, Hostport, Hpath, Hsegment, IpSchemepart, Login, Password, Ppath, Psegment,
    Schemepart, Search, Selector, Url, Urlpath, User, Wpath, Wtype,
};

/// `decoded()` for nodes whose text may hold escapes.
macro_rules! decoded {
    ($($name:ident),* $(,)?) => {
        $(
            impl<'a> $name<'a> {
                /// The text with its `%XX` escapes decoded (section 2.2);
                /// borrows when there is no escape.
                pub fn decoded(&self) -> Decoded<'a> {
                    decode(self.as_str())
                }
            }
        )*
    };
}

decoded!(
    User,
    Password,
    Urlpath,
    Fpath,
    Fsegment,
    Hpath,
    Hsegment,
    Search,
    Gtype,
    Selector,
    GopherPlusString,
    Encoded822addr,
    Database,
    Wtype,
    Wpath,
    Ppath,
    Psegment,
    Fieldname,
    Fieldvalue,
    Schemepart,
);

impl<'a> Login<'a> {
    /// The user name, decoded; `Some("")` for an empty name
    /// (`ftp://@host.com/`), `None` when there is no `@`.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::Ftp(url)) = rfc1738::parse("ftp://@host.com/") else { panic!() };
    /// assert_eq!(url.login.decoded_user().unwrap(), "");
    /// assert_eq!(url.login.decoded_password(), None);
    /// ```
    pub fn decoded_user(&self) -> Option<Decoded<'a>> {
        self.user.map(|user| user.decoded())
    }

    /// The password, decoded; `Some("")` for an empty password
    /// (`ftp://foo:@host.com/`), `None` when there is no `:` after the user.
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Ok(Url::Ftp(url)) = rfc1738::parse("ftp://foo:@host.com/") else { panic!() };
    /// assert_eq!(url.login.decoded_user().unwrap(), "foo");
    /// assert_eq!(url.login.decoded_password().unwrap(), "");
    /// ```
    pub fn decoded_password(&self) -> Option<Decoded<'a>> {
        self.password.map(|password| password.decoded())
    }
}

impl<'a> Hostport<'a> {
    /// The port written in the URL, or `default` when there is none.
    /// `None` when the written port is above 65535 (the BNF sets no bound).
    pub fn port_or(&self, default: u16) -> Option<u16> {
        match self.port {
            Some(port) => port.value(),
            None => Some(default),
        }
    }
}

impl<'a> Host<'a> {
    /// Whether the host is a `hostnumber` (four groups of digits).
    pub fn is_number(&self) -> bool {
        matches!(self, Host::Hostnumber(_))
    }
}

impl<'a> Url<'a> {
    /// The port of the scheme's protocol when the URL names none, for the
    /// seven schemes that have one (sections 3.2 to 3.11).
    pub fn default_port(&self) -> Option<u16> {
        macro_rules! by_variant {
            ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
                match self {
                    $(Url::$variant(_) => crate::rule::port!($($port)?),)*
                    Url::Other(_) => None,
                }
            };
        }
        crate::rule::every_scheme!(by_variant)
    }

    /// Host and port, for the schemes that name a server.
    pub fn hostport(&self) -> Option<Hostport<'a>> {
        self.hostport_in_place().copied()
    }

    /// Host and port where the tree holds them. The accessors read a field
    /// in place: through copies of the nodes around it (an `otherurl`'s
    /// `ip_schemepart.map(|ip| ip.login.hostport)` copied the whole
    /// `IpSchemepart` first), reading the host after a parse cost several
    /// times what it costs in place (benches/records/log.md, "Accessors that read in
    /// place").
    #[inline]
    fn hostport_in_place(&self) -> Option<&Hostport<'a>> {
        match self {
            Url::Ftp(url) => Some(&url.login.hostport),
            Url::Http(url) => Some(&url.hostport),
            Url::Gopher(url) => Some(&url.hostport),
            Url::Nntp(url) => Some(&url.hostport),
            Url::Telnet(url) => Some(&url.login.hostport),
            Url::Wais(url) => Some(url.hostport_in_place()),
            Url::Prospero(url) => Some(&url.hostport),
            Url::Other(url) => self::ip_schemepart(url).map(|ip| &ip.login.hostport),
            Url::News(_) | Url::Mailto(_) | Url::File(_) => None,
        }
    }

    /// The host: the server's for the schemes that name one, the file's
    /// host for `file` URLs when it is written, and the host of an
    /// `otherurl` that follows the common Internet scheme syntax.
    // Inlined, as `hostport_in_place`, `Host::as_str` and the nodes'
    // `as_str`: called from another crate, the calls were most of what
    // reading the host cost (benches/records/log.md, "Accessors inlined").
    #[inline]
    pub fn host(&self) -> Option<Host<'a>> {
        match self {
            Url::File(url) => url.host,
            _ => self.hostport_in_place().map(|hostport| hostport.host),
        }
    }

    /// The port to connect to: the one written, else the scheme's default.
    /// `None` for schemes without a port, and when the written port is
    /// above 65535.
    ///
    /// ```
    /// assert_eq!(rfc1738::parse("http://a.b/").unwrap().port_or_default(), Some(80));
    /// assert_eq!(rfc1738::parse("http://a.b:8080/").unwrap().port_or_default(), Some(8080));
    /// assert_eq!(rfc1738::parse("http://a.b:99999/").unwrap().port_or_default(), None);
    /// assert_eq!(rfc1738::parse("news:*").unwrap().port_or_default(), None);
    /// ```
    pub fn port_or_default(&self) -> Option<u16> {
        let hostport = self.hostport_in_place()?;
        match self.default_port() {
            Some(default) => hostport.port_or(default),
            None => hostport.port.and_then(|port| port.value()),
        }
    }

    /// The user name of the URL's login, decoded (ftp, telnet, and an
    /// `otherurl` in the common Internet scheme syntax).
    pub fn user(&self) -> Option<Decoded<'a>> {
        self.login().and_then(|login| login.decoded_user())
    }

    /// The password of the URL's login, decoded; see [`Url::user`].
    pub fn password(&self) -> Option<Decoded<'a>> {
        self.login().and_then(|login| login.decoded_password())
    }

    /// The login where the tree holds it (see `hostport_in_place`).
    fn login(&self) -> Option<&Login<'a>> {
        match self {
            Url::Ftp(url) => Some(&url.login),
            Url::Telnet(url) => Some(&url.login),
            Url::Other(url) => self::ip_schemepart(url).map(|ip| &ip.login),
            _ => None,
        }
    }
}

/// An `otherurl`'s common Internet scheme part, in place.
fn ip_schemepart<'u, 'a>(url: &'u GenericUrl<'a>) -> Option<&'u IpSchemepart<'a>> {
    url.schemepart.ip_schemepart.as_ref()
}

/// `DEFAULT_PORT` and `port_or_default` for a URL type with a host and port.
macro_rules! default_port {
    ($name:ident, $rule:ident, $section:literal, |$url:ident| $hostport:expr) => {
        impl<'a> crate::tree::$name<'a> {
            #[doc = concat!("The port when the URL names none (section ", $section, ").")]
            pub const DEFAULT_PORT: u16 = match crate::rule::default_port_of(crate::Rule::$rule) {
                Some(port) => port,
                None => panic!("a scheme with a host and port has a default port"),
            };

            /// The port to connect to: the one written, else
            /// [`Self::DEFAULT_PORT`]; `None` when the written port is above
            /// 65535.
            pub fn port_or_default(&self) -> Option<u16> {
                let $url = self;
                $hostport.port_or(Self::DEFAULT_PORT)
            }
        }
    };
}

default_port!(FtpUrl, Ftpurl, "3.2", |url| url.login.hostport);
default_port!(HttpUrl, Httpurl, "3.3", |url| url.hostport);
default_port!(GopherUrl, Gopherurl, "3.4", |url| url.hostport);
default_port!(NntpUrl, Nntpurl, "3.7", |url| url.hostport);
default_port!(TelnetUrl, Telneturl, "3.8", |url| url.login.hostport);
default_port!(WaisUrl, Waisurl, "3.9", |url| url.hostport());
default_port!(ProsperoUrl, Prosperourl, "3.11", |url| url.hostport);

#[cfg(test)]
mod tests {
    use crate::{parse, Url};
    use alloc::vec;

    #[test]
    fn empty_is_not_absent() {
        // The three examples of section 3.1.
        let user = |text| parse(text).unwrap().user().map(|u| u.into_bytes());
        let password = |text| parse(text).unwrap().password().map(|p| p.into_bytes());
        assert_eq!(user("ftp://@host.com/"), Some(vec![]));
        assert_eq!(password("ftp://@host.com/"), None);
        assert_eq!(user("ftp://host.com/"), None);
        assert_eq!(password("ftp://host.com/"), None);
        assert_eq!(user("ftp://foo:@host.com/"), Some(b"foo".to_vec()));
        assert_eq!(password("ftp://foo:@host.com/"), Some(vec![]));
        assert_eq!(user("ftp://:@host.com/"), Some(vec![]));
        assert_eq!(password("ftp://:@host.com/"), Some(vec![]));
    }

    #[test]
    fn user_and_password_decode_reserved_characters() {
        let url = parse("ftp://a%3Ab%40c:p%2Fw%3A@host.com/").unwrap();
        assert_eq!(url.user().unwrap(), "a:b@c");
        assert_eq!(url.password().unwrap(), "p/w:");
    }

    #[test]
    fn default_ports() {
        let cases = [
            ("ftp://h.com/", 21),
            ("http://h.com/", 80),
            ("gopher://h.com/", 70),
            ("nntp://h.com/g", 119),
            ("telnet://h.com", 23),
            ("wais://h.com/db", 210),
            ("prospero://h.com/x", 1525),
        ];
        for (text, port) in cases {
            let url = parse(text).unwrap();
            assert_eq!(url.default_port(), Some(port), "{text}");
            assert_eq!(url.port_or_default(), Some(port), "{text}");
            assert_eq!(
                crate::semantics::default_port(url.scheme().as_str()),
                Some(port)
            );
        }
        for text in ["mailto:a@b", "news:*", "file:///x", "x-a:b"] {
            assert_eq!(parse(text).unwrap().default_port(), None, "{text}");
            assert_eq!(parse(text).unwrap().port_or_default(), None, "{text}");
        }
    }

    #[test]
    fn written_ports_win() {
        assert_eq!(
            parse("ftp://h.com:2121/").unwrap().port_or_default(),
            Some(2121)
        );
        assert_eq!(
            parse("telnet://h.com:0").unwrap().port_or_default(),
            Some(0)
        );
        assert_eq!(
            parse("gopher://h.com:65535").unwrap().port_or_default(),
            Some(65535)
        );
        assert_eq!(
            parse("gopher://h.com:65536").unwrap().port_or_default(),
            None
        );
        assert_eq!(parse("x-a://h.com:7/").unwrap().port_or_default(), Some(7));
        assert_eq!(parse("x-a://h.com/").unwrap().port_or_default(), None);
    }

    #[test]
    fn hosts() {
        let url = parse("http://128.9.160.20:8080/").unwrap();
        assert!(url.host().unwrap().is_number());
        assert_eq!(url.host().unwrap().as_str(), "128.9.160.20");
        let Url::File(_) = parse("file:///etc").unwrap() else {
            panic!()
        };
        assert_eq!(parse("file:///etc").unwrap().host(), None);
        assert_eq!(
            parse("file://vms.host.edu/x")
                .unwrap()
                .host()
                .unwrap()
                .as_str(),
            "vms.host.edu"
        );
        assert_eq!(parse("mailto:a@b").unwrap().host(), None);
    }
}
