//! Every character class of the grammars, declared once: the set of bytes it
//! holds, whether `"%" hex hex` escapes count as members, and the words an
//! error uses when a run of it stops (the BNF's own alternatives, such as
//! `uchar | ";" | ":" | "@" | "&" | "="`).
//!
//! The classes of the miscellaneous definitions of section 5 (`alpha`,
//! `uchar`, ...) carry their rule in their doc comment; the others are the
//! bodies of the repetitions of other productions (`*[ uchar | "?" ... ]`),
//! built from those (members added, classes joined). Every other reading
//! of characters in the crate uses these: `build` writes as itself what a
//! part's class holds, the linter and the scanner read a scheme name by
//! [`SCHEME_ANY_CASE`], and the drafts' classes (`crate::dialect`) are
//! declared here too, on the same byte sets where they share them.

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::Expected;
use crate::rule::Rule;

/// A set of bytes, whether escapes are members, and what to call it in an
/// error: a character class of the grammar, or the body of a repetition.
///
/// ```
/// use rfc1738::grammar::chars::{UCHAR, XCHAR};
/// assert!(XCHAR.contains(b'/') && !UCHAR.contains(b'/'));
/// assert!(UCHAR.admits_escapes());
/// ```
#[derive(Clone, Copy)]
pub struct Class {
    table: [bool; 256],
    /// The same members as bits, for the subset test of every error.
    bits: [u64; 4],
    /// Whether an `escape` is a member.
    pub(crate) escapes: bool,
    /// What could have continued a run of this class where it stopped: see
    /// [`Class::expected`].
    expected: &'static [Expected],
}

impl core::fmt::Debug for Class {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let members: String = (0u8..=255)
            .filter(|&b| self.contains(b))
            .map(char::from)
            .collect();
        f.debug_struct("Class")
            .field("members", &members)
            .field("escapes", &self.escapes)
            .finish()
    }
}

impl Class {
    /// The class of exactly these bytes, reported as the production `rule`.
    const fn of(bytes: &[u8], expected: &'static [Expected]) -> Class {
        Class::from_table([false; 256], false, expected).with(bytes)
    }

    /// The bytes `first..=last`.
    const fn range(first: u8, last: u8, expected: &'static [Expected]) -> Class {
        let mut table = [false; 256];
        let mut byte = first as usize;
        while byte <= last as usize {
            table[byte] = true;
            byte += 1;
        }
        Class::from_table(table, false, expected)
    }

    /// The class of the members of `table`.
    const fn from_table(table: [bool; 256], escapes: bool, expected: &'static [Expected]) -> Class {
        // The runs of `grammar::fast` read past the end of a text as zeros.
        assert!(!table[0], "no class of the grammars holds a zero byte");
        let mut bits = [0u64; 4];
        let mut byte = 0;
        while byte < 256 {
            if table[byte] {
                bits[byte / 64] |= 1 << (byte % 64);
            }
            byte += 1;
        }
        Class {
            table,
            bits,
            escapes,
            expected,
        }
    }

    /// These members and `bytes`.
    pub(crate) const fn with(self, bytes: &[u8]) -> Class {
        let mut table = self.table;
        let mut index = 0;
        while index < bytes.len() {
            table[bytes[index] as usize] = true;
            index += 1;
        }
        Class::from_table(table, self.escapes, self.expected)
    }

    /// Every member of either class, with escapes if either has them.
    const fn union(self, other: Class) -> Class {
        let mut table = self.table;
        let mut byte = 0;
        while byte < 256 {
            table[byte] = table[byte] || other.table[byte];
            byte += 1;
        }
        Class::from_table(table, self.escapes || other.escapes, self.expected)
    }

    /// The same members, with escapes among them.
    const fn with_escapes(self) -> Class {
        Class {
            escapes: true,
            ..self
        }
    }

    /// The same members, with what errors say could have continued a run
    /// of them.
    const fn expecting(self, expected: &'static [Expected]) -> Class {
        Class { expected, ..self }
    }

    /// Whether `byte` is a member (escapes aside).
    #[inline(always)]
    pub const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// Whether an `escape` (`"%" hex hex`) is a member too.
    pub const fn admits_escapes(&self) -> bool {
        self.escapes
    }

    /// What an error says could have continued a run of this class: the
    /// BNF's own words.
    pub const fn expected(&self) -> &'static [Expected] {
        self.expected
    }

    /// Whether every member of this class is a member of `other`.
    pub(crate) fn is_subset_of(&self, other: &Class) -> bool {
        // On the bits: every error drops its covered items, pair by pair.
        (!self.escapes || other.escapes)
            && (0..4).all(|word| self.bits[word] & !other.bits[word] == 0)
    }
}

const fn rule(rule: Rule) -> Expected {
    Expected::Rule(rule)
}

const fn literal(text: &'static str) -> Expected {
    Expected::Literal(text)
}

/// The hex digits in upper case, by value: how the crate writes an escape
/// (`%2F`), as the examples of section 2.2 do.
pub(crate) const HEX_UPPER: [u8; 16] = *b"0123456789ABCDEF";

// The miscellaneous definitions of section 5.

/// ```bnf
/// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
///                  "y" | "z"
/// ```
pub const LOWALPHA: Class = Class::range(b'a', b'z', &[rule(Rule::Lowalpha)]);
/// ```bnf
/// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const HIALPHA: Class = Class::range(b'A', b'Z', &[rule(Rule::Hialpha)]);
/// ```bnf
/// alpha          = lowalpha | hialpha
/// ```
pub const ALPHA: Class = LOWALPHA.union(HIALPHA).expecting(&[rule(Rule::Alpha)]);
/// ```bnf
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
pub const DIGIT: Class = Class::range(b'0', b'9', &[rule(Rule::Digit)]);
/// ```bnf
/// safe           = "$" | "-" | "_" | "." | "+"
/// ```
pub const SAFE: Class = Class::of(b"$-_.+", &[rule(Rule::Safe)]);
/// ```bnf
/// extra          = "!" | "*" | "'" | "(" | ")" | ","
/// ```
pub const EXTRA: Class = Class::of(b"!*'(),", &[rule(Rule::Extra)]);
/// ```bnf
/// national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
pub const NATIONAL: Class = Class::of(b"{}|\\^~[]`", &[rule(Rule::National)]);
/// ```bnf
/// punctuation    = "<" | ">" | "#" | "%" | <">
/// ```
pub const PUNCTUATION: Class = Class::of(b"<>#%\"", &[rule(Rule::Punctuation)]);
/// ```bnf
/// reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
pub const RESERVED: Class = Class::of(b";/?:@&=", &[rule(Rule::Reserved)]);
/// ```bnf
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: Class = DIGIT.with(b"ABCDEFabcdef").expecting(&[rule(Rule::Hex)]);
/// ```bnf
/// escape         = "%" hex hex
/// ```
///
/// No byte on its own: only the escapes are members, so that `escape` can
/// be compared with the other classes in error messages.
pub const ESCAPE: Class = Class::of(b"", &[rule(Rule::Escape)]).with_escapes();
/// ```bnf
/// unreserved     = alpha | digit | safe | extra
/// ```
pub const UNRESERVED: Class = ALPHA
    .union(DIGIT)
    .union(SAFE)
    .union(EXTRA)
    .expecting(&[rule(Rule::Unreserved)]);
/// ```bnf
/// uchar          = unreserved | escape
/// ```
pub const UCHAR: Class = UNRESERVED.with_escapes().expecting(&[rule(Rule::Uchar)]);
/// ```bnf
/// xchar          = unreserved | reserved | escape
/// ```
pub const XCHAR: Class = UNRESERVED
    .union(RESERVED)
    .with_escapes()
    .expecting(&[rule(Rule::Xchar)]);
/// ```bnf
/// alphadigit     = alpha | digit
/// ```
pub const ALPHADIGIT: Class = ALPHA.union(DIGIT).expecting(&[rule(Rule::Alphadigit)]);

// The bodies of the repetitions of the other productions.

/// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, by the letter.
pub const SCHEME: Class = LOWALPHA.union(DIGIT).with(b"+-.").expecting(&[
    rule(Rule::Lowalpha),
    rule(Rule::Digit),
    literal("+"),
    literal("-"),
    literal("."),
]);
/// `scheme` when case is ignored (section 2.1): `alpha` stands for
/// `lowalpha`, so that an error does not ask for a lower-case letter where
/// an upper-case one would do.
pub const SCHEME_ANY_CASE: Class = SCHEME.union(HIALPHA).expecting(&[
    rule(Rule::Alpha),
    rule(Rule::Digit),
    literal("+"),
    literal("-"),
    literal("."),
]);
/// The characters of a label, `alphadigit | "-"`, in `domainlabel` and
/// `toplabel`.
pub const LABEL: Class = ALPHADIGIT
    .with(b"-")
    .expecting(&[rule(Rule::Alphadigit), literal("-")]);
/// The characters of a `hostname`: those of its labels, and `"."`.
pub const HOSTNAME: Class =
    LABEL
        .with(b".")
        .expecting(&[rule(Rule::Alphadigit), literal("-"), literal(".")]);
/// `user` and `password`: `*[ uchar | ";" | "?" | "&" | "=" ]`.
pub const USER: Class = UCHAR.with(b";?&=").expecting(&[
    rule(Rule::Uchar),
    literal(";"),
    literal("?"),
    literal("&"),
    literal("="),
]);
/// The bracket of `login` up to its `@`: a `user`, and a `":"` before the
/// `password`; what continues it is what continues a user, or the colon.
pub(crate) const USERINFO: Class = USER.with(b":").expecting(&[
    rule(Rule::Uchar),
    literal(";"),
    literal("?"),
    literal("&"),
    literal("="),
    literal(":"),
]);
/// `fsegment` and `psegment`: `*[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
pub const FSEGMENT: Class = UCHAR.with(b"?:@&=").expecting(&[
    rule(Rule::Uchar),
    literal("?"),
    literal(":"),
    literal("@"),
    literal("&"),
    literal("="),
]);
/// `fpath` and `ppath`: the characters of their segments, and the `/`
/// between them; what continues a path is what continues a segment.
pub const FPATH: Class = FSEGMENT.with(b"/");
/// `hsegment` and `search`: `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
pub const HSEGMENT: Class = UCHAR.with(b";:@&=").expecting(&[
    rule(Rule::Uchar),
    literal(";"),
    literal(":"),
    literal("@"),
    literal("&"),
    literal("="),
]);
/// The characters an HTTP path or search holds as themselves where
/// section 3.3 reserves `;` (with `/` and `?`): `hsegment` without `;`.
/// Not a production: what `build` writes unescaped there.
pub const HTTP_PART: Class = UCHAR.with(b":@&=");
/// `hpath`: the characters of `hsegment`, and the `/` between them.
pub const HPATH: Class = HSEGMENT.with(b"/");
/// `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`.
pub const FTPTYPE: Class = Class::of(b"AIDaid", &[rule(Rule::Ftptype)]);
/// The characters of `group` after the first:
/// `*[ alpha | digit | "-" | "." | "+" | "_" ]`.
pub const GROUP_TAIL: Class = ALPHA.union(DIGIT).with(b"-.+_").expecting(&[
    rule(Rule::Alpha),
    rule(Rule::Digit),
    literal("-"),
    literal("."),
    literal("+"),
    literal("_"),
]);
/// An article's part before the `@`:
/// `1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ]`. The `"@"` is not
/// listed: a run records these even when it matched too few characters, and
/// then no `@` is allowed yet; when enough matched, the literal `"@"` is
/// recorded at the same place.
pub const ARTICLE: Class = UCHAR.with(b";/?:&=").expecting(&[
    rule(Rule::Uchar),
    literal(";"),
    literal("/"),
    literal("?"),
    literal(":"),
    literal("&"),
    literal("="),
]);
/// `fieldname` and `fieldvalue`: `*[ uchar | "?" | ":" | "@" | "&" ]`.
pub const FIELD: Class = UCHAR.with(b"?:@&").expecting(&[
    rule(Rule::Uchar),
    literal("?"),
    literal(":"),
    literal("@"),
    literal("&"),
]);

/// The set of characters of a production that is a character class.
pub(crate) fn class_of(rule: Rule) -> Option<&'static Class> {
    Some(match rule {
        Rule::Lowalpha => &LOWALPHA,
        Rule::Hialpha => &HIALPHA,
        Rule::Alpha => &ALPHA,
        Rule::Digit => &DIGIT,
        Rule::Safe => &SAFE,
        Rule::Extra => &EXTRA,
        Rule::National => &NATIONAL,
        Rule::Punctuation => &PUNCTUATION,
        Rule::Reserved => &RESERVED,
        Rule::Hex => &HEX,
        Rule::Escape => &ESCAPE,
        Rule::Unreserved => &UNRESERVED,
        Rule::Uchar => &UCHAR,
        Rule::Xchar => &XCHAR,
        Rule::Alphadigit => &ALPHADIGIT,
        _ => return None,
    })
}

/// Drops the expectations another one covers: a single character or a
/// character class inside a wider class of the same set (`"-"` and `alpha`
/// beside `uchar`), so an error lists what a reader needs.
pub(crate) fn drop_subsumed(expected: &mut Vec<Expected>) {
    drop_subsumed_by(expected, |item| match item {
        Expected::Rule(rule) => class_of(*rule),
        _ => None,
    });
}

/// [`drop_subsumed`] for any grammar: `class_of` gives the class an
/// expected item names, if it names one (a draft's `xalpha`).
pub(crate) fn drop_subsumed_by(
    expected: &mut Vec<Expected>,
    class_of: impl Fn(&Expected) -> Option<&'static Class>,
) {
    let classes: Vec<(Expected, &Class)> = expected
        .iter()
        .filter_map(|item| class_of(item).map(|class| (*item, class)))
        .collect();
    let mut kept = Vec::with_capacity(expected.len());
    for (index, item) in expected.iter().enumerate() {
        let subsumed = match (item, class_of(item)) {
            (Expected::Literal(text), _) => match text.as_bytes() {
                [byte] => classes.iter().any(|(_, class)| class.contains(*byte)),
                _ => false,
            },
            (_, Some(narrow)) => classes.iter().any(|(other, wide)| {
                // Two classes with the same characters: keep the first
                // listed.
                let first = || expected.iter().position(|e| e == other) < Some(index);
                other != item
                    && narrow.is_subset_of(wide)
                    && (!wide.is_subset_of(narrow) || first())
            }),
            _ => false,
        };
        if !subsumed {
            kept.push(*item);
        }
    }
    *expected = kept;
}

/// The classes of the drafts of 1993 and 1994 (`crate::dialect`), each
/// declared once, with the words its errors use (the draft's own
/// production names), and built on the byte sets above where the drafts
/// share them with RFC 1738.
///
/// July and October 1993 define `safe`, `extra` and everything built on
/// them identically (DRAFTS.md section 5, "Same text is not the same
/// language"), so their classes are one declaration here; draft 03 changed
/// `safe` and `extra` (D34) and has its own. `alpha`, `digit`, `hex`,
/// `escape`, `alphanum` and `punctuation` read the same in all three
/// drafts. `variant` (July) and `national` (October, 03) hold the same
/// characters but are two productions, so two classes.
#[cfg(feature = "dialect")]
pub(crate) mod drafts {
    use super::{Class, ALPHA as LETTERS, ALPHADIGIT, DIGIT as DIGITS, HEX as HEX_DIGITS};
    use crate::error::Expected;

    const fn named(name: &'static str) -> Expected {
        Expected::Production(name)
    }

    // Every draft.

    /// `alpha  a | b | ... | z | A | B | ... | Z` (all three drafts): RFC
    /// 1738's letters.
    pub(crate) const ALPHA: Class = LETTERS.expecting(&[named("alpha")]);
    /// `digit  0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9` (all three drafts; D21
    /// for October).
    pub(crate) const DIGIT: Class = DIGITS.expecting(&[named("digit")]);
    /// `hex  digit | a | b | c | d | e | f | A | B | C | D | E | F` (all
    /// three drafts).
    pub(crate) const HEX: Class = HEX_DIGITS.expecting(&[named("hex")]);
    /// `alphanum  alpha | digit` (all three drafts).
    pub(crate) const ALPHANUM: Class = ALPHADIGIT.expecting(&[named("alphanum")]);
    /// `punctuation  < | >` (all three drafts).
    pub(crate) const PUNCTUATION: Class = Class::of(b"<>", &[named("punctuation")]);

    // July and October 1993.

    /// `safe  $ | - | _ | @ | . | &` (July and October 1993).
    pub(crate) const SAFE_1993: Class = Class::of(b"$-_@.&", &[named("safe")]);
    /// `extra  ! | * | " | ' | ( | ) | : | ; | , | space` (July and October
    /// 1993; D8: a space).
    pub(crate) const EXTRA_1993: Class = Class::of(b"!*\"'():;, ", &[named("extra")]);
    /// `xalpha  alpha | digit | safe | extra | escape` (July and October
    /// 1993).
    pub(crate) const XALPHA_1993: Class = ALPHA
        .union(DIGIT)
        .union(SAFE_1993)
        .union(EXTRA_1993)
        .with_escapes()
        .expecting(&[named("xalpha")]);
    /// `xpalpha  xalpha | +` (July and October 1993).
    pub(crate) const XPALPHA_1993: Class = XALPHA_1993.with(b"+").expecting(&[named("xpalpha")]);
    /// What a `path` of July or October 1993 is made of: its segments'
    /// `xpalpha`s and the `/` that joins them. Read only where a path is
    /// recognized in one run (`recognize::path_len`); no error names it.
    pub(crate) const PATH_1993: Class = XPALPHA_1993.with(b"/");
    /// `variant  { | } | | | | | [ | ] | \ | ^ | ~` (July 1993; D5: the bars
    /// right after a separating bar are vertical lines).
    pub(crate) const VARIANT: Class = Class::of(b"{}|[]\\^~", &[named("variant")]);

    // October 1993 and draft 03.

    /// `national  { | } | vline | [ | ] | \ | ^ | ~` (October 1993 and draft
    /// 03; D5): the characters of `variant`.
    pub(crate) const NATIONAL: Class = VARIANT.expecting(&[named("national")]);

    // Draft 03.

    /// `safe  $ | - | _ | @ | . | & | + | -` (draft 03, D34: `+` joins, `-`
    /// is listed twice).
    pub(crate) const SAFE_03: Class = SAFE_1993.with(b"+");
    /// `extra  ! | * | " | ' | ( | ) | ,` (draft 03, D34: no `:`, `;`, space).
    pub(crate) const EXTRA_03: Class = Class::of(b"!*\"'(),", &[named("extra")]);
    /// `reserved  = | ; | / | # | ? | : | space` (draft 03).
    pub(crate) const RESERVED_03: Class = Class::of(b"=;/#?: ", &[named("reserved")]);
    /// `xalpha  alpha | digit | safe | extra | escape` (draft 03).
    pub(crate) const XALPHA_03: Class = ALPHA
        .union(DIGIT)
        .union(SAFE_03)
        .union(EXTRA_03)
        .with_escapes()
        .expecting(&[named("xalpha")]);
    /// `xpalpha  xalpha | +` (draft 03): the characters of `xalpha`, since
    /// `+` is in `safe` (D34).
    pub(crate) const XPALPHA_03: Class = XALPHA_03.expecting(&[named("xpalpha")]);
    /// What a `path` of draft 03 is made of: its segments' `xpalpha`s and
    /// the `/` that joins them (see [`PATH_1993`]).
    pub(crate) const PATH_03: Class = XPALPHA_03.with(b"/");
    /// `alphanum2  alpha | digit | - | _ | . | +` (draft 03, D35).
    pub(crate) const ALPHANUM2: Class = ALPHANUM.with(b"-_.+").expecting(&[named("alphanum2")]);
    /// `formcode  N | T | C` (draft 03; upper case in both modes, section 3).
    pub(crate) const FORMCODE: Class = Class::of(b"NTC", &[named("formcode")]);
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
    fn subsets_respect_escapes() {
        assert!(ALPHA.is_subset_of(&UCHAR));
        assert!(UCHAR.is_subset_of(&XCHAR));
        assert!(!UCHAR.is_subset_of(&UNRESERVED));
        assert!(UNRESERVED.is_subset_of(&UCHAR));
        assert!(!XCHAR.is_subset_of(&UCHAR));
    }

    #[test]
    fn every_class_rule_names_itself() {
        for &rule in Rule::ALL {
            if let Some(class) = class_of(rule) {
                assert_eq!(class.expected(), &[Expected::Rule(rule)], "{rule}");
            }
        }
    }
}
