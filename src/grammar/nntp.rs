//! ```bnf
//! ; NNTP (see also RFC977)
//! ```
//!
//! `nntpurl` (section 3.7).

use crate::grammar::ip::hostport;
use crate::grammar::misc::digits;
use crate::grammar::news::group;
use crate::grammar::notation::{map, opt, preceded, scheme_tag, tag};
use crate::grammar::production::{named, production};
use crate::rule::Rule;
use crate::tree::{NntpUrl, Scheme};

production! {
    /// ```bnf
    /// nntpurl        = "nntp://" hostport "/" group [ "/" digits ]
    /// ```
    ///
    /// ```
    /// let url = rfc1738::parse("nntp://news.example.com/comp.lang.rust/42").unwrap();
    /// let rfc1738::Url::Nntp(nntp) = url else { panic!() };
    /// assert_eq!(nntp.group.as_str(), "comp.lang.rust");
    /// assert_eq!(nntp.article.unwrap().value(), Some(42));
    /// ```
    nntpurl(start) -> NntpUrl<'a>, named(Rule::Nntpurl),
    {
        let (rest, scheme) = map(scheme_tag("nntp://"), Scheme::at)(start)?;
        let (rest, hostport) = hostport::read(rest)?;
        let (rest, group) = preceded(tag("/"), #[inline(always)] |s| group::read(s))(rest)?;
        let (rest, article) = opt(preceded(tag("/"), #[inline(always)] |s| digits::read(s)))(rest)?;
        Ok((rest, NntpUrl { place: start.place_to(&rest), scheme, hostport, group, article }))
    }
}
