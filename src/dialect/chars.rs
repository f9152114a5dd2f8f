//! The character classes of the drafts, each declared once, with the
//! words its errors use (the draft's own production name).
//!
//! July and October 1993 define `safe`, `extra` and everything built on them
//! identically (DECISIONS.md section 5, "Same text is not the same
//! language"), so their classes are one declaration here; draft 03 changed
//! `safe` and `extra` (D34) and has its own. `alpha`, `digit`, `hex`,
//! `escape`, `alphanum` and `punctuation` read the same in all three drafts.
//! `variant` (July) and `national` (October, 03) hold the same characters
//! but are two productions, so two classes.

use crate::error::Expected;
use crate::grammar::chars::{draft_class, Class};

const fn named(name: &'static str) -> Expected {
    Expected::Production(name)
}

/// The letters of `alpha`: `a | b | ... | z | A | B | ... | Z`.
const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// The characters of `digit`: `0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9`.
const DIGITS: &[u8] = b"0123456789";

// Every draft.

/// `alpha  a | b | ... | z | A | B | ... | Z` (all three drafts).
pub(crate) const ALPHA: Class = draft_class(LETTERS, false, &[named("alpha")]);
/// `digit  0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9` (all three drafts; D21 for
/// October).
pub(crate) const DIGIT: Class = draft_class(DIGITS, false, &[named("digit")]);
/// `hex  digit | a | b | c | d | e | f | A | B | C | D | E | F` (all three
/// drafts).
pub(crate) const HEX: Class = draft_class(b"0123456789abcdefABCDEF", false, &[named("hex")]);
/// `alphanum  alpha | digit` (all three drafts).
pub(crate) const ALPHANUM: Class = draft_class(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    false,
    &[named("alphanum")],
);
/// `punctuation  < | >` (all three drafts).
pub(crate) const PUNCTUATION: Class = draft_class(b"<>", false, &[named("punctuation")]);

// July and October 1993.

/// `safe  $ | - | _ | @ | . | &` (July and October 1993).
pub(crate) const SAFE_1993: Class = draft_class(b"$-_@.&", false, &[named("safe")]);
/// `extra  ! | * | " | ' | ( | ) | : | ; | , | space` (July and October
/// 1993; D8: a space).
pub(crate) const EXTRA_1993: Class = draft_class(b"!*\"'():;, ", false, &[named("extra")]);
/// `xalpha  alpha | digit | safe | extra | escape` (July and October 1993):
/// the four character classes and the escapes.
pub(crate) const XALPHA_1993: Class = draft_class(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_@.&!*\"'():;, ",
    true,
    &[named("xalpha")],
);
/// `xpalpha  xalpha | +` (July and October 1993).
pub(crate) const XPALPHA_1993: Class = draft_class(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_@.&!*\"'():;, +",
    true,
    &[named("xpalpha")],
);
/// What a `path` of July or October 1993 is made of: its segments'
/// `xpalpha`s and the `/` that joins them. Read only where a path is
/// recognized in one run (`recognize::path_len`); no error names it.
pub(crate) const PATH_1993: Class = XPALPHA_1993.with(b"/");
/// `variant  { | } | | | | | [ | ] | \ | ^ | ~` (July 1993; D5: the bars
/// right after a separating bar are vertical lines).
pub(crate) const VARIANT: Class = draft_class(b"{}|[]\\^~", false, &[named("variant")]);

// October 1993 and draft 03.

/// `national  { | } | vline | [ | ] | \ | ^ | ~` (October 1993 and draft 03;
/// D5).
pub(crate) const NATIONAL: Class = draft_class(b"{}|[]\\^~", false, &[named("national")]);

// Draft 03.

/// `safe  $ | - | _ | @ | . | & | + | -` (draft 03, D34: `+` joins, `-` is
/// listed twice).
pub(crate) const SAFE_03: Class = draft_class(b"$-_@.&+", false, &[named("safe")]);
/// `extra  ! | * | " | ' | ( | ) | ,` (draft 03, D34: no `:`, `;`, space).
pub(crate) const EXTRA_03: Class = draft_class(b"!*\"'(),", false, &[named("extra")]);
/// `reserved  = | ; | / | # | ? | : | space` (draft 03).
pub(crate) const RESERVED_03: Class = draft_class(b"=;/#?: ", false, &[named("reserved")]);
/// `xalpha  alpha | digit | safe | extra | escape` (draft 03).
pub(crate) const XALPHA_03: Class = draft_class(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_@.&+!*\"'(),",
    true,
    &[named("xalpha")],
);
/// `xpalpha  xalpha | +` (draft 03): the characters of `xalpha`, since `+`
/// is in `safe` (D34).
pub(crate) const XPALPHA_03: Class = draft_class(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_@.&+!*\"'(),",
    true,
    &[named("xpalpha")],
);
/// What a `path` of draft 03 is made of: its segments' `xpalpha`s and the
/// `/` that joins them (see [`PATH_1993`]).
pub(crate) const PATH_03: Class = XPALPHA_03.with(b"/");
/// `alphanum2  alpha | digit | - | _ | . | +` (draft 03, D35).
pub(crate) const ALPHANUM2: Class = draft_class(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+",
    false,
    &[named("alphanum2")],
);
/// `formcode  N | T | C` (draft 03; upper case in both modes, section 3).
pub(crate) const FORMCODE: Class = draft_class(b"NTC", false, &[named("formcode")]);

/// The class a draft's error names `name`, in `dialect`.
pub(crate) fn class_of(dialect: super::Dialect, name: &str) -> Option<&'static Class> {
    use super::Dialect::{Draft03, DraftJul93, DraftOct93, Rfc1738};
    Some(match (dialect, name) {
        (Rfc1738, _) => return None,
        (_, "alpha") => &ALPHA,
        (_, "digit") => &DIGIT,
        (_, "hex") => &HEX,
        (_, "alphanum") => &ALPHANUM,
        (_, "punctuation") => &PUNCTUATION,
        (DraftJul93 | DraftOct93, "safe") => &SAFE_1993,
        (DraftJul93 | DraftOct93, "extra") => &EXTRA_1993,
        (DraftJul93 | DraftOct93, "xalpha") => &XALPHA_1993,
        (DraftJul93 | DraftOct93, "xpalpha") => &XPALPHA_1993,
        (DraftJul93, "variant") => &VARIANT,
        (DraftOct93 | Draft03, "national") => &NATIONAL,
        (Draft03, "safe") => &SAFE_03,
        (Draft03, "extra") => &EXTRA_03,
        (Draft03, "xalpha") => &XALPHA_03,
        (Draft03, "xpalpha") => &XPALPHA_03,
        (Draft03, "reserved") => &RESERVED_03,
        (Draft03, "alphanum2") => &ALPHANUM2,
        (Draft03, "formcode") => &FORMCODE,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::fast::run_len;

    fn members(class: &Class) -> Vec<u8> {
        (0u8..=255).filter(|&b| class.contains(b)).collect()
    }

    #[test]
    fn the_composite_classes_are_the_unions_the_drafts_write() {
        let union = |parts: &[&Class]| {
            let mut all: Vec<u8> = parts.iter().flat_map(|c| members(c)).collect();
            all.sort_unstable();
            all.dedup();
            all
        };
        assert_eq!(
            members(&XALPHA_1993),
            union(&[&ALPHA, &DIGIT, &SAFE_1993, &EXTRA_1993])
        );
        let mut xp = members(&XALPHA_1993);
        xp.push(b'+');
        xp.sort_unstable();
        assert_eq!(members(&XPALPHA_1993), xp);
        assert_eq!(
            members(&XALPHA_03),
            union(&[&ALPHA, &DIGIT, &SAFE_03, &EXTRA_03])
        );
        assert_eq!(members(&XPALPHA_03), members(&XALPHA_03));
        assert_eq!(members(&ALPHANUM), union(&[&ALPHA, &DIGIT]));
        assert_eq!(members(&VARIANT), members(&NATIONAL));
        const _: () = assert!(XALPHA_1993.escapes && XALPHA_03.escapes && !ALPHA.escapes);
    }

    #[test]
    fn runs_take_escapes_only_when_whole() {
        assert_eq!(run_len(b"ab%41c/", &XALPHA_1993), 6);
        assert_eq!(run_len(b"ab%4", &XALPHA_1993), 2);
        assert_eq!(run_len(b"a b", &XALPHA_1993), 3);
        assert_eq!(run_len(b"a b", &XALPHA_03), 1);
        assert_eq!(run_len(b"%41", &ALPHA), 0);
    }
}
