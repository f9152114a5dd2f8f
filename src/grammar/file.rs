//! ```bnf
//! ; FILE
//! ```
//!
//! `fileurl` (section 3.10).

use crate::grammar::fast::file_tail;
use crate::grammar::ftp::fpath;
use crate::grammar::ip::host;
use crate::grammar::notation::{map, opt, scheme_tag, tag};
use crate::grammar::production::{named, production};
use crate::rule::Rule;
use crate::tree::{FileUrl, Fpath, Scheme};

production! {
    /// ```bnf
    /// fileurl        = "file://" [ host | "localhost" ] "/" fpath
    /// ```
    ///
    /// `localhost` is a `hostname`, so the `host` alternative covers it.
    ///
    /// ```
    /// let url = rfc1738::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt").unwrap();
    /// let rfc1738::Url::File(file) = url else { panic!() };
    /// assert_eq!(file.host.unwrap().as_str(), "vms.host.edu");
    /// assert_eq!(file.fpath.segments().count(), 4);
    /// ```
    fileurl(start) -> FileUrl<'a>, named(Rule::Fileurl),
    {
        let (rest, scheme) = map(scheme_tag("file://"), Scheme::at)(start)?;
        let (rest, host) = opt(#[inline(always)] |s| host::read(s))(rest)?;
        let (slash, _) = tag("/")(rest)?;
        let (text, at) = slash.text_and_index();
        // The path to the end of the text, by an automaton (BENCHMARKS.md,
        // "Tails by automata").
        let (rest, fpath) = match !start.diagnosing() && file_tail(text, at) {
            true => {
                let end = slash.skip(text.len() - at);
                (end, Fpath { place: slash.place_to(&end) })
            }
            false => fpath::read(slash)?,
        };
        Ok((rest, FileUrl { place: start.place_to(&rest), scheme, host, fpath }))
    }
}
