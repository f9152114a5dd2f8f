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

    /// The address decoded, borrowed from the text where it holds no escape.
    #[test]
    fn addresses() {
        for (text, addr_spec, borrowed) in [
            (
                "mailto:Joe.Bloggs@example.com",
                "Joe.Bloggs@example.com",
                true,
            ),
            ("mailto:%22a%20b%22@c.d", "\"a b\"@c.d", false),
        ] {
            let decoded = parsed!(Mailto, text).addr_spec();
            assert_eq!(decoded, addr_spec, "{text}");
            assert_eq!(decoded.is_borrowed(), borrowed, "{text}");
        }
    }
}
