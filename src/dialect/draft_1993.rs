//! The productions July and October 1993 define alike: the same right-hand
//! side, built on the same character classes (the two drafts' `safe`,
//! `extra` and `xalpha` are identical, DRAFTS.md section 5), so the same
//! set of strings. [`super::draft_jul93`] and [`super::draft_oct93`]
//! re-export them. A production whose text is the same but which uses one
//! that changed (`waisaddress` uses `waisdoc`) is each draft's own.

use crate::dialect::chars::{
    EXTRA_1993, SAFE_1993, XALPHA_1993 as XALPHA, XPALPHA_1993 as XPALPHA,
};
use crate::dialect::combinators::{at_split, ends, path as path_of, separated, within};
use crate::dialect::common::{alpha, attributes, hostnumber, optional_port, version};
use crate::dialect::recognize::{on_characters, part_on_characters};
use crate::dialect::{draft_production, leaves, longest_of, seq};
use crate::grammar::notation::{alt, one_of, opt, scheme_tag, tag, take_while1, unit_of};

// Where its combinators' rustdoc finds their diagrams (`production!`):
// October's, the same as July's for these.
#[cfg(doc)]
macro_rules! diagrams {
    () => {
        "draft-oct93"
    };
}

draft_production! {
    /// ```text
    /// generic  scheme : path [ ? search ]
    /// ```
    ///
    /// July (000:31028-31062, 001:302) and October 1993 (002:943). D17: any
    /// scheme, but no path starting with `/`.
    ///
    /// `scheme` (an `ialpha`) may hold `:`, so it could run past the colon
    /// that ends it; it is read up to the first `:`, which is always a
    /// split that works when any does (DRAFTS.md section 8): the rest of
    /// a longer scheme is made of path characters.
    generic = "generic", |start| {
        let colon = start.bytes().iter().position(|&b| b == b':').unwrap_or(start.rest().len());
        let (scheme_end, _) = scheme::read(start.cut(colon))?;
        let rest = start.skip(scheme_end.offset() - start.offset());
        seq!(rest; tag(":"), path::read, opt(|s| seq!(s; tag("?"), search::read)))
    }, recognized |start| on_characters(start, characters::generic)
}

crate::dialect::shared::productions_of_1993_and_03!();

draft_production! {
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

draft_production! {
    /// ```text
    /// prosperoaddress  prosperolink
    /// ```
    ///
    /// July (000:31505-31533, 001:319) and October 1993 (002:978).
    prosperoaddress = "prosperoaddress", |start| ends(start, prosperolink::read),
        recognized |start| on_characters(start, characters::prosperoaddress)
}

draft_production! {
    /// ```text
    /// gopheraddress  g o p h e r : / / hostport [/ gtype [ selector ] ] [ ? search ]
    /// ```
    ///
    /// July (000:31757-31834, 001:328-329) and October 1993 (002:998-999).
    /// `[/` is `[` `/` (D2); after the `/` a type is required (D14).
    gopheraddress = "gopheraddress", |start| seq!(start;
        scheme_tag("gopher://"),
        hostport::read,
        opt(|s| seq!(s; tag("/"), gtype::read, opt(|s| ends(s, selector::read)))),
        opt(|s| seq!(s; tag("?"), search::read)),
    ), recognized |start| on_characters(start, characters::gopheraddress)
}

draft_production! {
    /// ```text
    /// selector  path
    /// ```
    ///
    /// July (000:31993-32006, 001:337) and October 1993 (002:1015).
    selector = "selector", |start| ends(start, path::read)
}

draft_production! {
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

draft_production! {
    /// ```text
    /// user  xalphas
    /// ```
    ///
    /// July (000:32067-32079, 001:340) and October 1993 (002:1021).
    user = "user", |start| ends(start, xalphas::read)
}

leaves! {
    /// ```text
    /// safe  $ | - | _ | @ | . | &
    /// ```
    ///
    /// July (000:32579-32605, 001:353) and October 1993 (002:1053).
    safe = "safe", one_of(&SAFE_1993);

    /// ```text
    /// extra  ! | * | " | ' | ( | ) | : | ; | , | space
    /// ```
    ///
    /// July (000:32606-32653, 001:354) and October 1993 (002:1055). `(` and
    /// `)` are characters (D2); `space` is a space (D8).
    extra = "extra", one_of(&EXTRA_1993);
}

/// `[ user [ : password ] @ ]`'s inside: the part before the `@`, a user
/// and, when a `:` splits it in two non-empty parts, a password (the first
/// `:`; `:` is an `xalpha`, so any split is a derivation, D25).
pub(crate) fn user_and_password<'a, O>(
    start: crate::grammar::cursor::Cursor<'a>,
    user: impl Fn(crate::grammar::cursor::Cursor<'a>) -> crate::grammar::cursor::Parsed<'a, O>,
    password: impl Fn(crate::grammar::cursor::Cursor<'a>) -> crate::grammar::cursor::Parsed<'a, O>,
) -> crate::dialect::combinators::Ends<'a> {
    let bytes = start.bytes();
    match bytes.iter().position(|&b| b == b':') {
        Some(colon) if colon > 0 && colon + 1 < bytes.len() => {
            let (rest, ()) = within(start, colon, user)?;
            let (rest, _) = tag(":")(rest)?;
            ends(rest, password)
        }
        _ => ends(start, user),
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
