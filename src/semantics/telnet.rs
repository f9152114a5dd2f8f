//! TELNET URLs (section 3.8): user, password, host and port; the user and
//! password are advice to show the user.
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::Telnet(url)) = rfc1738::parse("telnet://guest:visitor@host.example:2323/")
//!     else { panic!() };
//! assert_eq!(url.user().unwrap(), "guest");
//! assert_eq!(url.password().unwrap(), "visitor");
//! assert_eq!(url.login.hostport.host.as_str(), "host.example");
//! assert_eq!(url.port_or_default(), Some(2323));
//! ```

use crate::decode::Decoded;
use crate::tree::TelnetUrl;

impl<'a> TelnetUrl<'a> {
    /// The suggested user name, decoded.
    pub fn user(&self) -> Option<Decoded<'a>> {
        self.login.decoded_user()
    }

    /// The suggested password, decoded.
    pub fn password(&self) -> Option<Decoded<'a>> {
        self.login.decoded_password()
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;

    #[test]
    fn logins() {
        let url = parsed!(Telnet, "telnet://h.com");
        assert_eq!((url.user(), url.password()), (None, None));
        assert_eq!(url.port_or_default(), Some(23));
        let url = parsed!(Telnet, "telnet://a%3Ab@h.com/");
        assert_eq!(url.user().unwrap(), "a:b");
        assert_eq!(url.password(), None);
    }
}
