//! Which of the drafts' classes (declared with every other class, in
//! `grammar::chars::drafts`) a draft's error names by a production name.

pub(crate) use crate::grammar::chars::drafts::*;
use crate::grammar::chars::Class;

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
    use alloc::vec::Vec;

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

    /// Each class holds exactly the characters its draft lists.
    #[test]
    fn every_class_holds_what_its_draft_lists() {
        let sorted = |bytes: &[u8]| {
            let mut bytes = bytes.to_vec();
            bytes.sort_unstable();
            bytes.dedup();
            bytes
        };
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const DIGITS: &[u8] = b"0123456789";
        for (class, listed) in [
            (&ALPHA, [LETTERS].concat()),
            (&DIGIT, [DIGITS].concat()),
            (&HEX, [DIGITS, b"abcdefABCDEF"].concat()),
            (&ALPHANUM, [LETTERS, DIGITS].concat()),
            (&PUNCTUATION, b"<>".to_vec()),
            (&SAFE_1993, b"$-_@.&".to_vec()),
            (&EXTRA_1993, b"!*\"'():;, ".to_vec()),
            (
                &XALPHA_1993,
                [LETTERS, DIGITS, b"$-_@.&!*\"'():;, "].concat(),
            ),
            (
                &XPALPHA_1993,
                [LETTERS, DIGITS, b"$-_@.&!*\"'():;, +"].concat(),
            ),
            (&VARIANT, b"{}|[]\\^~".to_vec()),
            (&NATIONAL, b"{}|[]\\^~".to_vec()),
            (&SAFE_03, b"$-_@.&+".to_vec()),
            (&EXTRA_03, b"!*\"'(),".to_vec()),
            (&RESERVED_03, b"=;/#?: ".to_vec()),
            (&XALPHA_03, [LETTERS, DIGITS, b"$-_@.&+!*\"'(),"].concat()),
            (&XPALPHA_03, [LETTERS, DIGITS, b"$-_@.&+!*\"'(),"].concat()),
            (&ALPHANUM2, [LETTERS, DIGITS, b"-_.+"].concat()),
            (&FORMCODE, b"NTC".to_vec()),
        ] {
            assert_eq!(members(class), sorted(&listed), "{class:?}");
        }
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
