//! ```bnf
//! ; Miscellaneous definitions
//! ```
//!
//! The character classes of RFC 1738 section 5, as lookup tables, and the
//! combinators that match one of their characters. Each table carries its
//! rule in its doc comment; the tables for the repetitions of the other
//! modules are built from these with [`CharClass::union`].

use crate::grammar::primitives::{consumed, fail, one, run, unit};
use crate::input::{Input, PResult};
use crate::rule::Rule;
use crate::tree::Digits;
use crate::Expected;

/// A set of bytes, and whether `"%" hex hex` escapes count as members too
/// (as in `uchar` and `xchar`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CharClass {
    table: [bool; 256],
    /// Whether an `escape` is a member.
    pub escapes: bool,
}

impl core::fmt::Debug for CharClass {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let members: String = (0u8..=255)
            .filter(|&b| self.contains(b))
            .map(char::from)
            .collect();
        f.debug_struct("CharClass")
            .field("members", &members)
            .field("escapes", &self.escapes)
            .finish()
    }
}

impl CharClass {
    /// The class of exactly these bytes.
    pub const fn of(bytes: &[u8]) -> CharClass {
        let mut table = [false; 256];
        let mut index = 0;
        while index < bytes.len() {
            table[bytes[index] as usize] = true;
            index += 1;
        }
        CharClass {
            table,
            escapes: false,
        }
    }

    /// The bytes `first..=last`.
    pub const fn range(first: u8, last: u8) -> CharClass {
        let mut table = [false; 256];
        let mut byte = first as usize;
        while byte <= last as usize {
            table[byte] = true;
            byte += 1;
        }
        CharClass {
            table,
            escapes: false,
        }
    }

    /// Every member of either class.
    pub const fn union(self, other: CharClass) -> CharClass {
        let mut table = self.table;
        let mut byte = 0;
        while byte < 256 {
            table[byte] = table[byte] || other.table[byte];
            byte += 1;
        }
        CharClass {
            table,
            escapes: self.escapes || other.escapes,
        }
    }

    /// The same bytes, with escapes as members.
    pub const fn with_escapes(self) -> CharClass {
        CharClass {
            table: self.table,
            escapes: true,
        }
    }

    /// Whether `byte` is a member (escapes aside).
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// Whether every member of this class is a member of `other`.
    pub fn is_subset_of(&self, other: &CharClass) -> bool {
        (!self.escapes || other.escapes)
            && self
                .table
                .iter()
                .zip(other.table.iter())
                .all(|(&mine, &theirs)| !mine || theirs)
    }
}

/// ```bnf
/// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
///                  "y" | "z"
/// ```
pub const LOWALPHA: CharClass = CharClass::range(b'a', b'z');
/// ```bnf
/// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const HIALPHA: CharClass = CharClass::range(b'A', b'Z');
/// ```bnf
/// alpha          = lowalpha | hialpha
/// ```
pub const ALPHA: CharClass = LOWALPHA.union(HIALPHA);
/// ```bnf
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
pub const DIGIT: CharClass = CharClass::range(b'0', b'9');
/// ```bnf
/// safe           = "$" | "-" | "_" | "." | "+"
/// ```
pub const SAFE: CharClass = CharClass::of(b"$-_.+");
/// ```bnf
/// extra          = "!" | "*" | "'" | "(" | ")" | ","
/// ```
pub const EXTRA: CharClass = CharClass::of(b"!*'(),");
/// ```bnf
/// national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
pub const NATIONAL: CharClass = CharClass::of(b"{}|\\^~[]`");
/// ```bnf
/// punctuation    = "<" | ">" | "#" | "%" | <">
/// ```
pub const PUNCTUATION: CharClass = CharClass::of(b"<>#%\"");
/// ```bnf
/// reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
pub const RESERVED: CharClass = CharClass::of(b";/?:@&=");
/// ```bnf
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: CharClass = DIGIT.union(CharClass::of(b"ABCDEFabcdef"));
/// ```bnf
/// unreserved     = alpha | digit | safe | extra
/// ```
pub const UNRESERVED: CharClass = ALPHA.union(DIGIT).union(SAFE).union(EXTRA);
/// ```bnf
/// uchar          = unreserved | escape
/// ```
pub const UCHAR: CharClass = UNRESERVED.with_escapes();
/// ```bnf
/// xchar          = unreserved | reserved | escape
/// ```
pub const XCHAR: CharClass = UNRESERVED.union(RESERVED).with_escapes();
/// ```bnf
/// alphadigit     = alpha | digit
/// ```
pub const ALPHADIGIT: CharClass = ALPHA.union(DIGIT);
/// The percent sign that starts an `escape`; a class of its own so that
/// `escape` can be compared with the other classes in error messages.
pub const ESCAPE: CharClass = CharClass::of(b"").with_escapes();

/// ```bnf
/// lowalpha       = "a" | "b" | ... | "z"
/// ```
pub fn lowalpha(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &LOWALPHA, Rule::Lowalpha)
}

/// ```bnf
/// hialpha        = "A" | "B" | ... | "Z"
/// ```
pub fn hialpha(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &HIALPHA, Rule::Hialpha)
}

/// ```bnf
/// alpha          = lowalpha | hialpha
/// ```
pub fn alpha(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &ALPHA, Rule::Alpha)
}

/// ```bnf
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
pub fn digit(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &DIGIT, Rule::Digit)
}

/// ```bnf
/// safe           = "$" | "-" | "_" | "." | "+"
/// ```
pub fn safe(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &SAFE, Rule::Safe)
}

/// ```bnf
/// extra          = "!" | "*" | "'" | "(" | ")" | ","
/// ```
pub fn extra(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &EXTRA, Rule::Extra)
}

/// ```bnf
/// national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
///
/// No production of section 5 uses `national`: these are the characters a
/// URL must escape (section 2.2).
pub fn national(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &NATIONAL, Rule::National)
}

/// ```bnf
/// punctuation    = "<" | ">" | "#" | "%" | <">
/// ```
///
/// Like `national`, unused by the other productions: `%` appears in URLs
/// only as the start of an `escape`.
pub fn punctuation(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &PUNCTUATION, Rule::Punctuation)
}

/// ```bnf
/// reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
pub fn reserved(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &RESERVED, Rule::Reserved)
}

/// ```bnf
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub fn hex(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &HEX, Rule::Hex)
}

/// ```bnf
/// escape         = "%" hex hex
/// ```
pub fn escape(input: Input<'_>) -> PResult<'_, Input<'_>> {
    match input.fragment().as_bytes().first() {
        Some(b'%') => unit(input, &ESCAPE, Rule::Escape),
        _ => fail(&input, &[Expected::Literal("%")]),
    }
}

/// ```bnf
/// unreserved     = alpha | digit | safe | extra
/// ```
pub fn unreserved(input: Input<'_>) -> PResult<'_, Input<'_>> {
    one(input, &UNRESERVED, Rule::Unreserved)
}

/// ```bnf
/// uchar          = unreserved | escape
/// ```
pub fn uchar(input: Input<'_>) -> PResult<'_, Input<'_>> {
    unit(input, &UCHAR, Rule::Uchar)
}

/// ```bnf
/// xchar          = unreserved | reserved | escape
/// ```
pub fn xchar(input: Input<'_>) -> PResult<'_, Input<'_>> {
    unit(input, &XCHAR, Rule::Xchar)
}

/// ```bnf
/// digits         = 1*digit
/// ```
pub fn digits(input: Input<'_>) -> PResult<'_, Digits<'_>> {
    let (rest, taken) = run(input, &DIGIT, 1, &[Expected::Rule(Rule::Digit)])?;
    let (text, span) = consumed(&taken, &rest);
    Ok((rest, Digits::new(text, span)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_partition_printable_ascii_as_section_2_2_says() {
        // Every printable ASCII character is in exactly one of the classes
        // the RFC lists (space aside, which is in none).
        let classes = [ALPHA, DIGIT, SAFE, EXTRA, NATIONAL, PUNCTUATION, RESERVED];
        for byte in 0x21u8..0x7f {
            let count = classes.iter().filter(|class| class.contains(byte)).count();
            assert_eq!(count, 1, "{:?} is in {count} classes", char::from(byte));
        }
        assert!(classes.iter().all(|class| !class.contains(b' ')));
    }

    #[test]
    fn escape_needs_two_hex_digits() {
        let options = crate::Options::default();
        assert!(escape(crate::input("%2F", options)).is_ok());
        assert!(escape(crate::input("%2f", options)).is_ok());
        assert!(escape(crate::input("%2G", options)).is_err());
        assert!(escape(crate::input("%2", options)).is_err());
        assert!(escape(crate::input("2F", options)).is_err());
    }

    #[test]
    fn subsets_respect_escapes() {
        assert!(ALPHA.is_subset_of(&UCHAR));
        assert!(UCHAR.is_subset_of(&XCHAR));
        assert!(!UCHAR.is_subset_of(&UNRESERVED));
        assert!(UNRESERVED.is_subset_of(&UCHAR));
        assert!(!XCHAR.is_subset_of(&UCHAR));
    }
}
