//! The productions whose text is the same in several drafts, each
//! written once: a macro a group of drafts, expanded in each draft's module
//! with that draft's own productions and classes in scope. The text is the
//! same, the language is each draft's: draft 03 changed `safe` and `extra`
//! (D34), so every production built on `xalpha` accepts other strings in
//! 1994 than in 1993 (DRAFTS.md section 5, "Same text is not the same
//! language"). Their positions in each draft are in their docs. The
//! productions whose language is also the same are in `common` (every
//! draft) and `draft_1993` (July and October 1993).

/// The productions July and October 1993 (`draft_1993`) and draft 03
/// write alike.
macro_rules! productions_of_1993_and_03 {
    () => {
        $crate::dialect::draft_production! {
            /// ```text
            /// scheme  ialpha
            /// ```
            ///
            /// July (000:31063-31076, 001:303) and October 1993 (002:945). Any case,
            /// in both modes: `ialpha` holds both (section 3).
            ///
            /// In draft 03 (003:320-321). Used by no production (D30).
            scheme = "scheme", |start| ends(start, ialpha::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// httpaddress  h t t p : / / hostport [ / path ] [ ? search ]
            /// ```
            ///
            /// July (000:31077-31135, 001:304-305) and October 1993 (002:947-948).
            /// The two brackets are independent: `http://host?q` matches (D12).
            /// `hostport` ends where a `/` or `?` may follow, neither of which it
            /// can hold, so its longest match is the one every derivation uses.
            ///
            /// In draft 03 (003:322-323). `http://host?q` still matches (D12); `:` is no path
            /// character any more (D34).
            httpaddress = "httpaddress", |start| seq!(start;
                scheme_tag("http://"),
                hostport::read,
                opt(|s| seq!(s; tag("/"), path::read)),
                opt(|s| seq!(s; tag("?"), search::read)),
            ), recognized |start| on_characters(start, characters::httpaddress)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// afsaddress  a f s : / / cellname / path
            /// ```
            ///
            /// July (000:31172-31210, 001:307) and October 1993 (002:952; not an
            /// alternative of October's `url`, D24).
            ///
            /// In draft 03 (003:326-327). No alternative of `url` (D24, D30).
            afsaddress = "afsaddress",
            |start| seq!(start; scheme_tag("afs://"), cellname::read, tag("/"), path::read),
                recognized |start| on_characters(start, characters::afsaddress)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// newsaddress  n e w s : groupart
            /// ```
            ///
            /// July (000:31211-31241, 001:308) and October 1993 (002:954).
            ///
            /// In draft 03 (003:328-329).
            newsaddress = "newsaddress", |start| seq!(start; scheme_tag("news:"), groupart::read),
                recognized |start| on_characters(start, characters::newsaddress)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// waisindex  w a i s : / / hostport / database [ ? search ]
            /// ```
            ///
            /// July (000:31274-31330, 001:310-311) and October 1993 (002:962-963).
            ///
            /// In draft 03 (003:340-341).
            waisindex = "waisindex", |start| seq!(start;
                scheme_tag("wais://"), hostport::read, tag("/"), database::read,
                opt(|s| seq!(s; tag("?"), search::read)),
            ), recognized |start| on_characters(start, characters::waisindex)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// groupart  * | group | article
            /// ```
            ///
            /// July (000:31397-31425, 001:314) and October 1993 (002:968). `*` is
            /// the character (D3). Not a first-match `alt`: a `group` is a prefix of
            /// many an `article` and the other way round, so the alternative that
            /// matches the most is taken.
            ///
            /// In draft 03 (003:346-347). Not a first-match `alt`: a `group` is a prefix of
            /// many an `article` and the other way round, so the alternative that
            /// matches the most is taken.
            groupart = "groupart", |start| longest_of!(start; tag("*"), group::read, article::read),
                recognized |start| part_on_characters(start, characters::groupart)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// article  xalphas @ host
            /// ```
            ///
            /// July (000:31451-31473, 001:316) and October 1993 (002:972). `@` is an
            /// `xalpha`: the split is searched for (DRAFTS.md section 8, `a@1@b`
            /// and `a@b@1x`).
            ///
            /// In draft 03 (003:350-351). `@` is an `xalpha`: the split is searched for
            /// (DRAFTS.md section 8).
            article = "article", |start| at_split(start, &XALPHA, xalphas::read, host::read),
                recognized |start| part_on_characters(start, characters::article)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// database  xalphas
            /// ```
            ///
            /// July (000:31474-31490, 001:317) and October 1993 (002:974). D15.
            ///
            /// In draft 03 (003:352-353).
            database = "database", |start| ends(start, xalphas::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// wtype  xalphas
            /// ```
            ///
            /// July (000:31491-31504, 001:318) and October 1993 (002:976). D15.
            ///
            /// In draft 03 (003:354-355).
            wtype = "wtype", |start| ends(start, xalphas::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// prosperolink  p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]
            /// ```
            ///
            /// July (000:31534-31620, 001:320-322) and October 1993 (002:980-981).
            /// D13: `%00` is also an escape, and `version` and `attributes` are path
            /// characters, so the `hsoname` (a path) already takes all of them; the
            /// bracket is read after it as written and never adds to the match.
            ///
            /// In draft 03 (003:358-359). D13, D38: `%00` is also an escape, so the `hsoname`
            /// (a path) already takes the bracket's text; the bracket is read after
            /// it as written and never adds to the match.
            prosperolink = "prosperolink", |start| seq!(start;
                scheme_tag("prospero://"), hostport::read, tag("/"), hsoname::read,
                opt(|s| seq!(s; tag("%00"), version::read, opt(|s| ends(s, attributes::read)))),
            ), recognized |start| on_characters(start, characters::prosperolink)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// hsoname  path
            /// ```
            ///
            /// July (000:31621-31633, 001:323) and October 1993 (002:983).
            ///
            /// In draft 03 (003:360-361).
            hsoname = "hsoname", |start| ends(start, path::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// hostport  host [ : port ]
            /// ```
            ///
            /// July (000:31835-31859, 001:331) and October 1993 (002:1003). D11: `:`
            /// and digits are `xalpha`s, so a host name takes a `:port` itself
            /// (`h:80` is a host name); only a host number needs the bracket.
            ///
            /// In draft 03 (003:374-375). `:` is no `xalpha` any more (D34), so the bracket is
            /// a port after any host.
            hostport = "hostport", |start| {
                let (rest, _) = host::read(start)?;
                optional_port(rest)
            }, recognized |start| part_on_characters(start, characters::hostport)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// host  hostname | hostnumber
            /// ```
            ///
            /// July (000:31860-31886, 001:332) and October 1993 (002:1005). The two
            /// are disjoint (a host name starts with a letter, a host number with a
            /// digit), so the first that matches is the only one.
            ///
            /// In draft 03 (003:376-377). Disjoint (a letter or a digit first): the first that
            /// matches is the only one.
            host = "host", |start| ends(start, alt((hostname::read, hostnumber::read))),
                recognized |start| part_on_characters(start, characters::host)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// cellname  hostname
            /// ```
            ///
            /// July (000:31887-31904, 001:333) and October 1993 (002:1007).
            ///
            /// In draft 03 (003:382-383).
            cellname = "cellname", |start| ends(start, hostname::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// hostname  ialpha [ . hostname ]
            /// ```
            ///
            /// July (000:31905-31935, 001:334) and October 1993 (002:1009). The right
            /// recursion read as a loop. D11: `.` is an `xalpha`, so the first
            /// `ialpha` runs over every `.` and a host name is one letter and any
            /// `xalpha`s (`x:y@z.w`, `a..b`); it never starts with a digit.
            ///
            /// In draft 03 (003:384-385). The right recursion read as a loop; `.` is an
            /// `xalpha`, so the first `ialpha` runs over every `.` (D11; `a+b` is a
            /// host name, D34).
            hostname = "hostname", |start| separated(start, ialpha::read, "."),
                recognized |start| part_on_characters(start, characters::hostname)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// search  xalphas [ + search ]
            /// ```
            ///
            /// July (000:32039-32066, 001:339) and October 1993 (002:1019). The right
            /// recursion read as a loop: `xalphas` joined by single `+`s (D12).
            ///
            /// In draft 03 (003:396-397). The right recursion read as a loop; `+` is an
            /// `xalpha` now (D34), so the first `xalphas` takes it all.
            search = "search", |start| separated(start, xalphas::read, "+"),
                recognized |start| part_on_characters(start, characters::search)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// fragmentid  xalphas
            /// ```
            ///
            /// July (000:32080-32098, 001:341) and October 1993 (002:1025). Not empty
            /// (D18).
            ///
            /// In draft 03 (003:402-403). Used by no production (D30).
            fragmentid = "fragmentid", |start| ends(start, xalphas::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// gtype  xalpha
            /// ```
            ///
            /// July (000:32099-32111, 001:342) and October 1993 (002:1027). One
            /// character or one escape (D14).
            ///
            /// In draft 03 (003:404-405). One character or one escape (D14).
            gtype = "gtype", |start| ends(start, xalpha::read)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// xalpha  alpha | digit | safe | extra | escape
            /// ```
            ///
            /// July (000:32112-32156, 001:346) and October 1993 (002:1029). The
            /// alternatives are disjoint, read as one class with escapes.
            ///
            /// In draft 03 (003:408-409), with draft 03's `safe` and `extra` (D34). Read as one
            /// class with escapes.
            xalpha = "xalpha", unnamed, |start| ends(start, unit_of(&XALPHA))
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// xalphas  xalpha [ xalphas ]
            /// ```
            ///
            /// July (000:32157-32183, 001:347) and October 1993 (002:1031). One or
            /// more `xalpha`s (D3), read as one run.
            ///
            /// In draft 03 (003:410-411). One or more `xalpha`s, read as one run.
            xalphas = "xalphas", unnamed, |start| ends(start, take_while1(&XALPHA))
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// xpalpha  xalpha | +
            /// ```
            ///
            /// July (000:32184-32202, 001:348) and October 1993 (002:1033).
            ///
            /// In draft 03 (003:412-413). `+` is in `safe` (D34): the same characters as
            /// `xalpha`.
            xpalpha = "xpalpha", unnamed, |start| ends(start, unit_of(&XPALPHA))
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// xpalphas  xpalpha [ xpalphas ]
            /// ```
            ///
            /// July (000:32203-32231, 001:349) and October 1993 (002:1035), both
            /// printed `xpalpha [ xpalpha ]` and read as above (D10). One or more
            /// `xpalpha`s, read as one run.
            ///
            /// In draft 03 (003:414-415 (printed correctly, D10). One or more `xpalpha`s,
            /// read as one run.
            xpalphas = "xpalphas", unnamed, |start| ends(start, take_while1(&XPALPHA))
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// ialpha  alpha [ xalphas ]
            /// ```
            ///
            /// July (000:32232-32256, 001:350) and October 1993 (002:1037).
            ///
            /// In draft 03 (003:416-417).
            ialpha = "ialpha", |start| seq!(start; alpha::read, opt(|s| ends(s, xalphas::read)))
        }
    };
}
pub(crate) use productions_of_1993_and_03;

/// The productions October 1993 and draft 03 write alike.
macro_rules! productions_of_oct93_and_03 {
    () => {
        $crate::dialect::draft_production! {
            /// ```text
            /// nntpaddress  n n t p : group / digits
            /// ```
            ///
            /// At 002:956. No `//` and no server, and a required article number
            /// (D23).
            ///
            /// In draft 03 (003:330-331). No server, a required number (D23).
            nntpaddress = "nntpaddress",
            |start| seq!(start; scheme_tag("nntp:"), group::read, tag("/"), digits::read),
                recognized |start| on_characters(start, characters::nntpaddress)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// mailtoaddress  m a i l t o : xalphas @ hostname
            /// ```
            ///
            /// At 002:958, printed `m a i l t o : :` (D22). A host name, not a host
            /// number (D26). `@` is an `xalpha`: the split is searched for
            /// (DRAFTS.md section 8).
            ///
            /// In draft 03 (003:336-337), printed `m a i l t o : :` (D22): with `:` gone from
            /// `xalpha` (D34), `mailto::joe@cern.ch` fails. `@` is an `xalpha`: the
            /// split is searched for (DRAFTS.md section 8).
            mailtoaddress = "mailtoaddress", |start| {
                let (rest, _) = scheme_tag("mailto:")(start)?;
                at_split(rest, &XALPHA, xalphas::read, hostname::read)
            }, recognized |start| on_characters(start, characters::mailtoaddress)
        }
        $crate::dialect::draft_production! {
            /// ```text
            /// telnetaddress  t e l n e t : / / login
            /// ```
            ///
            /// At 002:996. No trailing `/` (D16).
            ///
            /// In draft 03 (003:368-369). No trailing `/` (D16).
            telnetaddress = "telnetaddress", |start| seq!(start; scheme_tag("telnet://"), login::read),
                recognized |start| on_characters(start, characters::telnetaddress)
        }
    };
}
pub(crate) use productions_of_oct93_and_03;

/// `waisaddress`, written alike in every draft (its `waisdoc` is each
/// draft's own).
macro_rules! waisaddress_of_every_draft {
    () => {
        $crate::dialect::draft_production! {
            /// ```text
            /// waisaddress  waisindex | waisdoc
            /// ```
            ///
            /// At 000:31242-31273, 001:309. A `waisindex` matches a prefix of every
            /// `waisdoc`, so the alternative that matches the most is taken
            /// (DRAFTS.md section 8).
            ///
            /// At 002:960. A `waisindex` matches a prefix of every `waisdoc`, so the
            /// alternative that matches the most is taken (DRAFTS.md section 8).
            ///
            /// In draft 03 (003:338-339). A `waisindex` matches a prefix of every `waisdoc`, so
            /// the alternative that matches the most is taken (DRAFTS.md section
            /// 8).
            waisaddress = "waisaddress", |start| longest_of!(start; waisindex::read, waisdoc::read),
                recognized |start| on_characters(start, characters::waisaddress)
        }
    };
}
pub(crate) use waisaddress_of_every_draft;
