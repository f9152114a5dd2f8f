//! The productions July and October 1993 define alike: the same right-hand
//! side, built on the same character classes (the two drafts' `safe`,
//! `extra` and `xalpha` are identical, DECISIONS.md section 5), so the same
//! set of strings. [`super::draft_jul93`] and [`super::draft_oct93`]
//! re-export them. A production whose text is the same but which uses one
//! that changed (`waisaddress` uses `waisdoc`) is each draft's own.

use crate::dialect::chars::{EXTRA_1993, SAFE_1993, XALPHA_1993, XPALPHA_1993};
use crate::dialect::common::{alpha, attributes, hostnumber, optional_port, version};
use crate::dialect::recognize::{on_characters, part_on_characters};
use crate::dialect::shape::{at_split, path as path_of, separated, step, within};
use crate::dialect::{longest_of, production, seq};
use crate::grammar::notation::{alt, one_of, opt, scheme_tag, tag, take_while1, unit_of};

production! {
    /// ```text
    /// generic  scheme : path [ ? search ]
    /// ```
    ///
    /// July (000:31028-31062, 001:302) and October 1993 (002:943). D17: any
    /// scheme, but no path starting with `/`.
    ///
    /// `scheme` (an `ialpha`) may hold `:`, so it could run past the colon
    /// that ends it; it is read up to the first `:`, which is always a
    /// split that works when any does (DECISIONS.md section 8): the rest of
    /// a longer scheme is made of path characters.
    generic = "generic", |start| {
        let colon = start.bytes().iter().position(|&b| b == b':').unwrap_or(start.rest().len());
        let (scheme_end, _) = scheme::read(nom::Input::take(&start, colon))?;
        let rest = start.skip(scheme_end.offset() - start.offset());
        seq!(rest; tag(":"), path::read, opt(|s| seq!(s; tag("?"), search::read)))
    }, recognized |start| on_characters(start, characters::generic)
}

production! {
    /// ```text
    /// scheme  ialpha
    /// ```
    ///
    /// July (000:31063-31076, 001:303) and October 1993 (002:945). Any case,
    /// in both modes: `ialpha` holds both (section 3).
    scheme = "scheme", |start| step(start, ialpha::read)
}

production! {
    /// ```text
    /// httpaddress  h t t p : / / hostport [ / path ] [ ? search ]
    /// ```
    ///
    /// July (000:31077-31135, 001:304-305) and October 1993 (002:947-948).
    /// The two brackets are independent: `http://host?q` matches (D12).
    /// `hostport` ends where a `/` or `?` may follow, neither of which it
    /// can hold, so its longest match is the one every derivation uses.
    httpaddress = "httpaddress", |start| seq!(start;
        scheme_tag("http://"),
        hostport::read,
        opt(|s| seq!(s; tag("/"), path::read)),
        opt(|s| seq!(s; tag("?"), search::read)),
    ), recognized |start| on_characters(start, characters::httpaddress)
}

production! {
    /// ```text
    /// afsaddress  a f s : / / cellname / path
    /// ```
    ///
    /// July (000:31172-31210, 001:307) and October 1993 (002:952; not an
    /// alternative of October's `url`, D24).
    afsaddress = "afsaddress", |start| seq!(start;
        scheme_tag("afs://"),
        cellname::read,
        tag("/"),
        path::read,
    ), recognized |start| on_characters(start, characters::afsaddress)
}

production! {
    /// ```text
    /// newsaddress  n e w s : groupart
    /// ```
    ///
    /// July (000:31211-31241, 001:308) and October 1993 (002:954).
    newsaddress = "newsaddress", |start| seq!(start; scheme_tag("news:"), groupart::read),
        recognized |start| on_characters(start, characters::newsaddress)
}

production! {
    /// ```text
    /// waisindex  w a i s : / / hostport / database [ ? search ]
    /// ```
    ///
    /// July (000:31274-31330, 001:310-311) and October 1993 (002:962-963).
    waisindex = "waisindex", |start| seq!(start;
        scheme_tag("wais://"),
        hostport::read,
        tag("/"),
        database::read,
        opt(|s| seq!(s; tag("?"), search::read)),
    ), recognized |start| on_characters(start, characters::waisindex)
}

production! {
    /// ```text
    /// groupart  * | group | article
    /// ```
    ///
    /// July (000:31397-31425, 001:314) and October 1993 (002:968). `*` is
    /// the character (D3). Not a first-match `alt`: a `group` is a prefix of
    /// many an `article` and the other way round, so the alternative that
    /// matches the most is taken.
    groupart = "groupart", |start| longest_of!(start; tag("*"), group::read, article::read),
        recognized |start| part_on_characters(start, characters::groupart)
}

production! {
    /// ```text
    /// group  ialpha [ . group ]
    /// ```
    ///
    /// July (000:31426-31450, 001:315) and October 1993 (002:970). The right
    /// recursion read as a loop; since `.` is an `xalpha`, the first
    /// `ialpha` already runs over every `.` (D11: the same language as
    /// `hostname`).
    group = "group", |start| separated(start, ialpha::read, "."),
        recognized |start| part_on_characters(start, characters::group)
}

production! {
    /// ```text
    /// article  xalphas @ host
    /// ```
    ///
    /// July (000:31451-31473, 001:316) and October 1993 (002:972). `@` is an
    /// `xalpha`: the split is searched for (DECISIONS.md section 8, `a@1@b`
    /// and `a@b@1x`).
    article = "article", |start| at_split(start, &XALPHA_1993, xalphas::read, host::read),
        recognized |start| part_on_characters(start, characters::article)
}

production! {
    /// ```text
    /// database  xalphas
    /// ```
    ///
    /// July (000:31474-31490, 001:317) and October 1993 (002:974). D15.
    database = "database", |start| step(start, xalphas::read)
}

production! {
    /// ```text
    /// wtype  xalphas
    /// ```
    ///
    /// July (000:31491-31504, 001:318) and October 1993 (002:976). D15.
    wtype = "wtype", |start| step(start, xalphas::read)
}

production! {
    /// ```text
    /// prosperoaddress  prosperolink
    /// ```
    ///
    /// July (000:31505-31533, 001:319) and October 1993 (002:978).
    prosperoaddress = "prosperoaddress", |start| step(start, prosperolink::read),
        recognized |start| on_characters(start, characters::prosperoaddress)
}

production! {
    /// ```text
    /// prosperolink  p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]
    /// ```
    ///
    /// July (000:31534-31620, 001:320-322) and October 1993 (002:980-981).
    /// D13: `%00` is also an escape, and `version` and `attributes` are path
    /// characters, so the `hsoname` (a path) already takes all of them; the
    /// bracket is read after it as written and never adds to the match.
    prosperolink = "prosperolink", |start| seq!(start;
        scheme_tag("prospero://"),
        hostport::read,
        tag("/"),
        hsoname::read,
        opt(|s| seq!(s; tag("%00"), version::read, opt(|s| step(s, attributes::read)))),
    ), recognized |start| on_characters(start, characters::prosperolink)
}

production! {
    /// ```text
    /// hsoname  path
    /// ```
    ///
    /// July (000:31621-31633, 001:323) and October 1993 (002:983).
    hsoname = "hsoname", |start| step(start, path::read)
}

production! {
    /// ```text
    /// gopheraddress  g o p h e r : / / hostport [/ gtype [ selector ] ] [ ? search ]
    /// ```
    ///
    /// July (000:31757-31834, 001:328-329) and October 1993 (002:998-999).
    /// `[/` is `[` `/` (D2); after the `/` a type is required (D14).
    gopheraddress = "gopheraddress", |start| seq!(start;
        scheme_tag("gopher://"),
        hostport::read,
        opt(|s| seq!(s; tag("/"), gtype::read, opt(|s| step(s, selector::read)))),
        opt(|s| seq!(s; tag("?"), search::read)),
    ), recognized |start| on_characters(start, characters::gopheraddress)
}

production! {
    /// ```text
    /// hostport  host [ : port ]
    /// ```
    ///
    /// July (000:31835-31859, 001:331) and October 1993 (002:1003). D11: `:`
    /// and digits are `xalpha`s, so a host name takes a `:port` itself
    /// (`h:80` is a host name); only a host number needs the bracket.
    hostport = "hostport", |start| {
        let (rest, _) = host::read(start)?;
        optional_port(rest)
    }, recognized |start| part_on_characters(start, characters::hostport)
}

production! {
    /// ```text
    /// host  hostname | hostnumber
    /// ```
    ///
    /// July (000:31860-31886, 001:332) and October 1993 (002:1005). The two
    /// are disjoint (a host name starts with a letter, a host number with a
    /// digit), so the first that matches is the only one.
    host = "host", |start| step(start, alt((hostname::read, hostnumber::read))),
        recognized |start| part_on_characters(start, characters::host)
}

production! {
    /// ```text
    /// cellname  hostname
    /// ```
    ///
    /// July (000:31887-31904, 001:333) and October 1993 (002:1007).
    cellname = "cellname", |start| step(start, hostname::read)
}

production! {
    /// ```text
    /// hostname  ialpha [ . hostname ]
    /// ```
    ///
    /// July (000:31905-31935, 001:334) and October 1993 (002:1009). The right
    /// recursion read as a loop. D11: `.` is an `xalpha`, so the first
    /// `ialpha` runs over every `.` and a host name is one letter and any
    /// `xalpha`s (`x:y@z.w`, `a..b`); it never starts with a digit.
    hostname = "hostname", |start| separated(start, ialpha::read, "."),
        recognized |start| part_on_characters(start, characters::hostname)
}

production! {
    /// ```text
    /// selector  path
    /// ```
    ///
    /// July (000:31993-32006, 001:337) and October 1993 (002:1015).
    selector = "selector", |start| step(start, path::read)
}

production! {
    /// ```text
    /// path  void | xpalphas [ / path ]
    /// ```
    ///
    /// July (000:32007-32038, 001:338) and October 1993 (002:1017). The right
    /// recursion read as a loop of segments (D12): empty, or non-empty
    /// segments joined by `/`, with an optional final `/`.
    path = "path", |start| path_of(start, xpalphas::read),
        recognized |start| part_on_characters(start, characters::path)
}

production! {
    /// ```text
    /// search  xalphas [ + search ]
    /// ```
    ///
    /// July (000:32039-32066, 001:339) and October 1993 (002:1019). The right
    /// recursion read as a loop: `xalphas` joined by single `+`s (D12).
    search = "search", |start| separated(start, xalphas::read, "+"),
        recognized |start| part_on_characters(start, characters::search)
}

production! {
    /// ```text
    /// user  xalphas
    /// ```
    ///
    /// July (000:32067-32079, 001:340) and October 1993 (002:1021).
    user = "user", |start| step(start, xalphas::read)
}

production! {
    /// ```text
    /// fragmentid  xalphas
    /// ```
    ///
    /// July (000:32080-32098, 001:341) and October 1993 (002:1025). Not empty
    /// (D18).
    fragmentid = "fragmentid", |start| step(start, xalphas::read)
}

production! {
    /// ```text
    /// gtype  xalpha
    /// ```
    ///
    /// July (000:32099-32111, 001:342) and October 1993 (002:1027). One
    /// character or one escape (D14).
    gtype = "gtype", |start| step(start, xalpha::read)
}

production! {
    /// ```text
    /// xalpha  alpha | digit | safe | extra | escape
    /// ```
    ///
    /// July (000:32112-32156, 001:346) and October 1993 (002:1029). The
    /// alternatives are disjoint, read as one class with escapes.
    xalpha = "xalpha", leaf, |start| step(start, unit_of(&XALPHA_1993))
}

production! {
    /// ```text
    /// xalphas  xalpha [ xalphas ]
    /// ```
    ///
    /// July (000:32157-32183, 001:347) and October 1993 (002:1031). One or
    /// more `xalpha`s (D3), read as one run.
    xalphas = "xalphas", leaf, |start| step(start, take_while1(&XALPHA_1993))
}

production! {
    /// ```text
    /// xpalpha  xalpha | +
    /// ```
    ///
    /// July (000:32184-32202, 001:348) and October 1993 (002:1033).
    xpalpha = "xpalpha", leaf, |start| step(start, unit_of(&XPALPHA_1993))
}

production! {
    /// ```text
    /// xpalphas  xpalpha [ xpalphas ]
    /// ```
    ///
    /// July (000:32203-32231, 001:349) and October 1993 (002:1035), both
    /// printed `xpalpha [ xpalpha ]` and read as above (D10). One or more
    /// `xpalpha`s, read as one run.
    xpalphas = "xpalphas", leaf, |start| step(start, take_while1(&XPALPHA_1993))
}

production! {
    /// ```text
    /// ialpha  alpha [ xalphas ]
    /// ```
    ///
    /// July (000:32232-32256, 001:350) and October 1993 (002:1037).
    ialpha = "ialpha", |start| seq!(start; alpha::read, opt(|s| step(s, xalphas::read)))
}

production! {
    /// ```text
    /// safe  $ | - | _ | @ | . | &
    /// ```
    ///
    /// July (000:32579-32605, 001:353) and October 1993 (002:1053).
    safe = "safe", leaf, |start| step(start, one_of(&SAFE_1993))
}

production! {
    /// ```text
    /// extra  ! | * | " | ' | ( | ) | : | ; | , | space
    /// ```
    ///
    /// July (000:32606-32653, 001:354) and October 1993 (002:1055). `(` and
    /// `)` are characters (D2); `space` is a space (D8).
    extra = "extra", leaf, |start| step(start, one_of(&EXTRA_1993))
}

/// `[ user [ : password ] @ ]`'s inside: the part before the `@`, a user
/// and, when a `:` splits it in two non-empty parts, a password (the first
/// `:`; `:` is an `xalpha`, so any split is a derivation, D25).
pub(crate) fn user_and_password<'a, O>(
    start: crate::grammar::cursor::Cursor<'a>,
    user: impl Fn(crate::grammar::cursor::Cursor<'a>) -> crate::grammar::cursor::Reading<'a, O>,
    password: impl Fn(crate::grammar::cursor::Cursor<'a>) -> crate::grammar::cursor::Reading<'a, O>,
) -> crate::dialect::shape::Step<'a> {
    let bytes = start.bytes();
    match bytes.iter().position(|&b| b == b':') {
        Some(colon) if colon > 0 && colon + 1 < bytes.len() => {
            let (rest, ()) = within(start, colon, user)?;
            let (rest, _) = tag(":")(rest)?;
            step(rest, password)
        }
        _ => step(start, user),
    }
}

/// The productions of both 1993 drafts on their characters (see
/// `dialect::recognize`), named as the productions: each is the
/// `recognized` reading of its production, and the drafts' `url` readers
/// call the addresses.
pub(crate) mod characters {
    use crate::dialect::chars::{PATH_1993, XALPHA_1993};
    use crate::dialect::recognize::{
        at_split_len, generic_len, gopheraddress_len, groupart_len, head_and_path_len, host_len,
        hostname_len, hostport_len, httpaddress_len, keyword_end, path_len, search_len,
        wais_head_len, waisindex_len,
    };

    const X: &crate::grammar::chars::Class = &XALPHA_1993;
    const P: &crate::grammar::chars::Class = &PATH_1993;

    #[inline(never)]
    pub(crate) fn generic(bytes: &[u8], _: bool) -> Option<usize> {
        generic_len(bytes, X, P)
    }

    #[inline(never)]
    pub(crate) fn httpaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        httpaddress_len(bytes, strict, X, P)
    }

    #[inline(never)]
    pub(crate) fn afsaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(bytes, "afs://", strict, |rest| hostname_len(rest, X), P)
    }

    #[inline(never)]
    pub(crate) fn newsaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        let at = keyword_end(bytes, "news:", strict)?;
        groupart_len(&bytes[at..], X).map(|len| at + len)
    }

    #[inline(never)]
    pub(crate) fn waisindex(bytes: &[u8], strict: bool) -> Option<usize> {
        wais_head_len(bytes, strict, X).map(|head| waisindex_len(bytes, head, X))
    }

    #[inline(always)]
    pub(crate) fn groupart(bytes: &[u8]) -> Option<usize> {
        groupart_len(bytes, X)
    }

    #[inline(always)]
    pub(crate) fn group(bytes: &[u8]) -> Option<usize> {
        hostname_len(bytes, X)
    }

    #[inline(always)]
    pub(crate) fn article(bytes: &[u8]) -> Option<usize> {
        at_split_len(bytes, X, |rest| host_len(rest, X))
    }

    #[inline(always)]
    pub(crate) fn prosperoaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        prosperolink(bytes, strict)
    }

    #[inline(never)]
    pub(crate) fn prosperolink(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(
            bytes,
            "prospero://",
            strict,
            |rest| hostport_len(rest, X),
            P,
        )
    }

    #[inline(never)]
    pub(crate) fn gopheraddress(bytes: &[u8], strict: bool) -> Option<usize> {
        gopheraddress_len(bytes, strict, X, P, true)
    }

    #[inline(always)]
    pub(crate) fn hostport(bytes: &[u8]) -> Option<usize> {
        hostport_len(bytes, X)
    }

    #[inline(always)]
    pub(crate) fn host(bytes: &[u8]) -> Option<usize> {
        host_len(bytes, X)
    }

    #[inline(always)]
    pub(crate) fn hostname(bytes: &[u8]) -> Option<usize> {
        hostname_len(bytes, X)
    }

    #[inline(always)]
    pub(crate) fn path(bytes: &[u8]) -> Option<usize> {
        Some(path_len(bytes, P))
    }

    #[inline(always)]
    pub(crate) fn search(bytes: &[u8]) -> Option<usize> {
        search_len(bytes, X)
    }
}
