//! ```bnf
//! ; FTP (see also RFC959)
//! ```
//!
//! `ftpurl`, `fpath`, `fsegment`, `ftptype` (section 3.2).

use crate::grammar::chars::{FPATH, FSEGMENT, FTPTYPE};
use crate::grammar::ip::login;
use crate::grammar::notation::{map, one_of, opt, path_run, preceded, scheme_tag, tag, take_while};
use crate::grammar::production::{named, production, runs};
use crate::rule::Rule;
use crate::tree::{Fpath, Fsegment, FtpUrl, Ftptype, Scheme};

production! {
    /// ```bnf
    /// ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
    /// ```
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt;type=a").unwrap();
    /// let rfc1738::Url::Ftp(ftp) = url else { panic!() };
    /// assert_eq!(ftp.fpath.unwrap().as_str(), "rfc/rfc1808.txt");
    /// assert_eq!(ftp.ftptype.unwrap().code(), 'a');
    /// ```
    ftpurl(start) -> FtpUrl<'a>, named(Rule::Ftpurl),
    {
        let (rest, scheme) = map(scheme_tag("ftp://"), Scheme::at)(start)?;
        let (rest, login) = login::read(rest)?;
        let (rest, fpath, ftptype) = match tag("/")(rest) {
            Err(_) => (rest, None, None),
            Ok((slash, _)) => {
                let (rest, fpath) = fpath::read(slash)?;
                let (rest, ftptype) = opt(preceded(tag(";type="), #[inline(always)] |s| ftptype::read(s)))(rest)?;
                (rest, Some(fpath), ftptype)
            }
        };
        Ok((rest, FtpUrl { place: start.place_to(&rest), scheme, login, fpath, ftptype }))
    }
}

production! {
    /// ```bnf
    /// fpath          = fsegment *[ "/" fsegment ]
    /// ```
    ///
    /// An `fsegment` holds no `/`, so the path is read as one run of segment
    /// characters and slashes; [`Fpath::segments`] splits it again.
    fpath(start) -> Fpath<'a>, named(Rule::Fpath),
    {
        let (rest, _) = path_run(&FPATH)(start)?;
        let place = start.place_to(&rest);
        Ok((rest, Fpath { place }))
    }
}

runs! {
    /// ```bnf
    /// fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
    /// ```
    fsegment -> Fsegment = take_while(&FSEGMENT), named(Rule::Fsegment);

    /// ```bnf
    /// ftptype        = "A" | "I" | "D" | "a" | "i" | "d"
    /// ```
    ///
    /// Upper case matches as the BNF says, though section 3.2.2 names only
    /// `a`, `i` and `d`; the linter reports the difference.
    ftptype -> Ftptype = one_of(&FTPTYPE), named(Rule::Ftptype);
}
