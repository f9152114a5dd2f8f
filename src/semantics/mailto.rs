//! MAILTO URLs (section 3.5): the RFC 822 addr-spec, decoded.
//!
//! ```
//! use rfc1738::Url;
//! // Section 3.5: "%" in an address must be encoded.
//! let Ok(Url::Mailto(url)) = rfc1738::parse("mailto:user%25relay@host.example") else { panic!() };
//! assert_eq!(url.addr_spec(), "user%relay@host.example");
//! ```

use crate::decode::Decoded;
use crate::tree::MailtoUrl;

impl<'a> MailtoUrl<'a> {
    /// The `<rfc822-addr-spec>`, decoded. Mailto URLs reserve no character,
    /// so every escape decodes.
    pub fn addr_spec(&self) -> Decoded<'a> {
        self.encoded822addr.decoded()
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;

    #[test]
    fn addresses() {
        let url = parsed!(Mailto, "mailto:Joe.Bloggs@example.com");
        assert_eq!(url.addr_spec(), "Joe.Bloggs@example.com");
        assert!(url.addr_spec().is_borrowed());
        let url = parsed!(Mailto, "mailto:%22a%20b%22@c.d");
        assert_eq!(url.addr_spec(), "\"a b\"@c.d");
    }
}
