//! ```bnf
//! ; TELNET
//! ```
//!
//! `telneturl` (section 3.8).

use crate::grammar::ip::login;
use crate::grammar::notation::{map, opt, scheme_tag, tag};
use crate::grammar::production::{named, production};
use crate::rule::Rule;
use crate::tree::{Scheme, TelnetUrl};

production! {
    /// ```bnf
    /// telneturl      = "telnet://" login [ "/" ]
    /// ```
    ///
    /// ```
    /// let url = rfc1738::parse("telnet://guest:secret@melvyl.ucop.edu/").unwrap();
    /// let rfc1738::Url::Telnet(telnet) = url else { panic!() };
    /// assert_eq!(telnet.login.user.unwrap().as_str(), "guest");
    /// assert!(telnet.trailing_slash);
    /// ```
    telneturl(start) -> TelnetUrl<'a>, named(Rule::Telneturl),
    {
        let (rest, scheme) = map(scheme_tag("telnet://"), Scheme::at)(start)?;
        let (rest, login) = login::read(rest)?;
        let (rest, slash) = opt(tag("/"))(rest)?;
        let place = start.place_to(&rest);
        Ok((rest, TelnetUrl { place, scheme, login, trailing_slash: slash.is_some() }))
    }
}
