//! ```bnf
//! ; Miscellaneous definitions
//! ```
//!
//! The productions that are character classes, and `digits`. Each matches
//! one character (or one `escape`) and gives back the text it matched; the
//! sets themselves are declared once, in `chars.rs`.

use nom::IResult;

use crate::grammar::chars::{
    ALPHA, DIGIT, ESCAPE, EXTRA, HEX, HIALPHA, LOWALPHA, NATIONAL, PUNCTUATION, RESERVED, SAFE,
    UCHAR, UNRESERVED, XCHAR,
};
use crate::grammar::cursor::{Entry, GrammarError, Text};
use crate::grammar::primitives::{digit_run, literal, one, run_with, unit};
use crate::rule::Rule;
use crate::tree::Digits;

/// ```bnf
/// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
///                  "y" | "z"
/// ```
#[inline(always)]
pub fn lowalpha<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Lowalpha), one(&LOWALPHA))
}

/// ```bnf
/// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
#[inline(always)]
pub fn hialpha<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Hialpha), one(&HIALPHA))
}

/// ```bnf
/// alpha          = lowalpha | hialpha
/// ```
#[inline(always)]
pub fn alpha<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Alpha), one(&ALPHA))
}

/// ```bnf
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
#[inline(always)]
pub fn digit<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Digit), one(&DIGIT))
}

/// ```bnf
/// safe           = "$" | "-" | "_" | "." | "+"
/// ```
#[inline(always)]
pub fn safe<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Safe), one(&SAFE))
}

/// ```bnf
/// extra          = "!" | "*" | "'" | "(" | ")" | ","
/// ```
#[inline(always)]
pub fn extra<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Extra), one(&EXTRA))
}

/// ```bnf
/// national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
///
/// No production of section 5 uses `national`: these are the characters a
/// URL must escape (section 2.2).
#[inline(always)]
pub fn national<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::National), one(&NATIONAL))
}

/// ```bnf
/// punctuation    = "<" | ">" | "#" | "%" | <">
/// ```
///
/// Like `national`, unused by the other productions: `%` appears in URLs
/// only as the start of an `escape`.
#[inline(always)]
pub fn punctuation<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Punctuation), one(&PUNCTUATION))
}

/// ```bnf
/// reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
#[inline(always)]
pub fn reserved<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Reserved), one(&RESERVED))
}

/// ```bnf
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
#[inline(always)]
pub fn hex<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Hex), one(&HEX))
}

/// ```bnf
/// escape         = "%" hex hex
/// ```
///
/// ```
/// use rfc1738::grammar::escape;
/// assert_eq!(escape::<_, ()>("%2Fx"), Ok(("x", "%2F")));
/// assert!(escape::<_, ()>("%2G").is_err());
/// assert!(escape::<_, ()>("2F").is_err());
/// ```
#[inline(always)]
pub fn escape<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(
        Entry::Leaf(Rule::Escape),
        #[inline(always)]
        |start| {
            // Without its "%", the escape is not begun: say so rather than
            // "escape".
            literal("%")(start)?;
            unit(&ESCAPE)(start)
        },
    )
}

/// ```bnf
/// unreserved     = alpha | digit | safe | extra
/// ```
#[inline(always)]
pub fn unreserved<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Unreserved), one(&UNRESERVED))
}

/// ```bnf
/// uchar          = unreserved | escape
/// ```
#[inline(always)]
pub fn uchar<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Uchar), unit(&UCHAR))
}

/// ```bnf
/// xchar          = unreserved | reserved | escape
/// ```
#[inline(always)]
pub fn xchar<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, &'a str, E> {
    input.enter(Entry::Leaf(Rule::Xchar), unit(&XCHAR))
}

/// ```bnf
/// digits         = 1*digit
/// ```
#[inline(always)]
pub fn digits<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Digits<'a>, E> {
    input.enter(
        Entry::Leaf(Rule::Digits),
        #[inline(always)]
        |start| {
            let (rest, _) = run_with(&DIGIT, 1, |text, at, _| digit_run(text, at))(start)?;
            Ok((rest, Digits::at(start.place_to(&rest))))
        },
    )
}
