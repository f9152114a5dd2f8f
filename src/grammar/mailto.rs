//! ```bnf
//! ; MAILTO (see also RFC822)
//! ```
//!
//! `mailtourl`, `encoded822addr` (section 3.5).

use crate::grammar::chars::XCHAR;
use crate::grammar::notation::{map, scheme_tag, take_while1};
use crate::grammar::production::{named, production, runs};
use crate::rule::Rule;
use crate::tree::{Encoded822addr, MailtoUrl, Scheme};

production! {
    /// ```bnf
    /// mailtourl      = "mailto:" encoded822addr
    /// ```
    ///
    /// ```
    /// assert!(rfc1738::parse("mailto:mduerst@ifi.unizh.ch").is_ok());
    /// ```
    mailtourl(start) -> MailtoUrl<'a>, named(Rule::Mailtourl),
    {
        let (rest, scheme) = map(scheme_tag("mailto:"), Scheme::at)(start)?;
        let (rest, encoded822addr) = encoded822addr::read(rest)?;
        Ok((rest, MailtoUrl { place: start.place_to(&rest), scheme, encoded822addr }))
    }
}

runs! {
    /// ```bnf
    /// encoded822addr = 1*xchar               ; further defined in RFC822
    /// ```
    encoded822addr -> Encoded822addr = take_while1(&XCHAR), named(Rule::Encoded822addr);
}
