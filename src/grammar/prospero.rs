//! ```bnf
//! ; PROSPERO
//! ```
//!
//! `prosperourl`, `ppath`, `psegment`, `fieldspec`, `fieldname`,
//! `fieldvalue` (section 3.11).

use crate::grammar::chars::{FIELD, FPATH, FSEGMENT};
use crate::grammar::fast::prospero_tail;
use crate::grammar::ip::hostport;
use crate::grammar::notation::{many0_count, map, path_run, preceded, scheme_tag, tag, take_while};
use crate::grammar::production::{named, production, runs};
use crate::rule::Rule;
use crate::tree::{Fieldname, Fieldspec, Fieldvalue, Ppath, ProsperoUrl, Psegment, Scheme};

production! {
    /// ```bnf
    /// prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]
    /// ```
    ///
    /// `*[ fieldspec ]` is counted, not collected: the tree keeps the field
    /// specs as one text, which [`ProsperoUrl::fieldspecs`] splits again at
    /// each `;` (no `fieldname` or `fieldvalue` holds one), so a parse
    /// allocates nothing.
    ///
    /// ```
    /// let url = rfc1738::parse("prospero://host.dom:1525/pros/name;type=file;ver=2").unwrap();
    /// let rfc1738::Url::Prospero(prospero) = url else { panic!() };
    /// let names: Vec<_> = prospero.fieldspecs().map(|f| f.fieldname.as_str()).collect();
    /// assert_eq!(names, ["type", "ver"]);
    /// ```
    prosperourl(start) -> ProsperoUrl<'a>, named(Rule::Prosperourl),
    {
        let (rest, scheme) = map(scheme_tag("prospero://"), Scheme::at)(start)?;
        let (rest, hostport) = hostport::read(rest)?;
        let (path, _) = tag("/")(rest)?;
        if !start.diagnosing() {
            // The path and the field specs to the end of the text, by an
            // automaton (BENCHMARKS.md, "Tails by automata").
            let (text, at) = path.text_and_index();
            if let Some(path_end) = prospero_tail(text, at) {
                let fields = path.skip(path_end - at);
                let rest = fields.skip(text.len() - path_end);
                let ppath = Ppath { place: path.place_to(&fields) };
                let place = start.place_to(&rest);
                return Ok((rest, ProsperoUrl { place, fieldspecs: fields.upto(&rest), scheme, hostport, ppath }));
            }
        }
        let (fields, ppath) = ppath::read(path)?;
        // A `fieldspec` is never empty: it starts with `;`.
        let (rest, _) = many0_count(#[inline(always)] |s| fieldspec::read(s))(fields)?;
        let place = start.place_to(&rest);
        Ok((rest, ProsperoUrl { place, fieldspecs: fields.upto(&rest), scheme, hostport, ppath }))
    }
}

production! {
    /// ```bnf
    /// ppath          = psegment *[ "/" psegment ]
    /// ```
    ///
    /// A `psegment` holds no `/`, so the path is read as one run;
    /// [`Ppath::segments`] splits it again.
    ppath(start) -> Ppath<'a>, named(Rule::Ppath),
    {
        // `psegment` has the characters of `fsegment`, so `ppath` those of
        // `fpath`.
        let (rest, _) = path_run(&FPATH)(start)?;
        let place = start.place_to(&rest);
        Ok((rest, Ppath { place }))
    }
}

runs! {
    /// ```bnf
    /// psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
    /// ```
    psegment -> Psegment = take_while(&FSEGMENT), named(Rule::Psegment);
}

production! {
    /// ```bnf
    /// fieldspec      = ";" fieldname "=" fieldvalue
    /// ```
    fieldspec(start) -> Fieldspec<'a>, named(Rule::Fieldspec),
    {
        let (rest, fieldname) = preceded(tag(";"), #[inline(always)] |s| fieldname::read(s))(start)?;
        let (rest, fieldvalue) = preceded(tag("="), #[inline(always)] |s| fieldvalue::read(s))(rest)?;
        Ok((rest, Fieldspec { place: start.place_to(&rest), fieldname, fieldvalue }))
    }
}

runs! {
    /// ```bnf
    /// fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]
    /// ```
    fieldname -> Fieldname = take_while(&FIELD), named(Rule::Fieldname);

    /// ```bnf
    /// fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]
    /// ```
    fieldvalue -> Fieldvalue = take_while(&FIELD), named(Rule::Fieldvalue);
}
