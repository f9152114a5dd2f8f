//! ```bnf
//! ; HTTP
//! ```
//!
//! `httpurl`, `hpath`, `hsegment`, `search` (section 3.3).

use crate::grammar::chars::{HPATH, HSEGMENT};
use crate::grammar::ip::hostport;
use crate::grammar::notation::{map, opt, path_run, preceded, scheme_tag, tag, take_while};
use crate::grammar::production::{named, production, runs};
use crate::rule::Rule;
use crate::tree::{Hpath, Hsegment, HttpUrl, Scheme, Search};

production! {
    /// ```bnf
    /// httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]
    /// ```
    ///
    /// ```
    /// let url = rfc1738::parse("http://www.ics.uci.edu:80/pub/ietf/uri/?q").unwrap();
    /// let rfc1738::Url::Http(http) = url else { panic!() };
    /// assert_eq!(http.hostport.port.unwrap().value(), Some(80));
    /// assert_eq!(http.search.unwrap().as_str(), "q");
    /// ```
    httpurl(start) -> HttpUrl<'a>, named(Rule::Httpurl),
    {
        let (rest, scheme) = map(scheme_tag("http://"), Scheme::at)(start)?;
        let (rest, hostport) = hostport::read(rest)?;
        let (rest, hpath, search) = match tag("/")(rest) {
            Err(_) => (rest, None, None),
            Ok((slash, _)) => {
                let (rest, hpath) = hpath::read(slash)?;
                let (rest, search) = opt(preceded(tag("?"), #[inline(always)] |s| search::read(s)))(rest)?;
                (rest, Some(hpath), search)
            }
        };
        Ok((rest, HttpUrl { place: start.place_to(&rest), scheme, hostport, hpath, search }))
    }
}

production! {
    /// ```bnf
    /// hpath          = hsegment *[ "/" hsegment ]
    /// ```
    ///
    /// An `hsegment` holds no `/`, so the path is read as one run;
    /// [`Hpath::segments`] splits it again.
    hpath(start) -> Hpath<'a>, named(Rule::Hpath),
    {
        let (rest, _) = path_run(&HPATH)(start)?;
        let place = start.place_to(&rest);
        Ok((rest, Hpath { place }))
    }
}

runs! {
    /// ```bnf
    /// hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
    /// ```
    hsegment -> Hsegment = take_while(&HSEGMENT), named(Rule::Hsegment);

    /// ```bnf
    /// search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
    /// ```
    ///
    /// Also the search of gopher and WAIS URLs.
    search -> Search = take_while(&HSEGMENT), named(Rule::Search);
}
