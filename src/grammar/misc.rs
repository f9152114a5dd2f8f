//! ```bnf
//! ; Miscellaneous definitions
//! ```
//!
//! The productions that are character classes, and `digits`. Each matches
//! one character (or one `escape`) and gives back the text it matched; the
//! sets themselves are declared once, in `chars.rs`.

use crate::grammar::chars::{
    ALPHA, DIGIT, ESCAPE, EXTRA, HEX, HIALPHA, LOWALPHA, NATIONAL, PUNCTUATION, RESERVED, SAFE,
    UCHAR, UNRESERVED, XCHAR,
};
use crate::grammar::fast::digit_run;
use crate::grammar::notation::{one_of, tag, take_while_by, unit_of};
use crate::grammar::production::{production, unnamed};
use crate::rule::Rule;
use crate::tree::Digits;

production! {
    /// ```bnf
    /// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
    ///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
    ///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
    ///                  "y" | "z"
    /// ```
    lowalpha(start) -> &'a str, unnamed(Rule::Lowalpha),
    {
        one_of(&LOWALPHA)(start)
    }
}

production! {
    /// ```bnf
    /// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
    ///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
    ///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
    /// ```
    hialpha(start) -> &'a str, unnamed(Rule::Hialpha),
    {
        one_of(&HIALPHA)(start)
    }
}

production! {
    /// ```bnf
    /// alpha          = lowalpha | hialpha
    /// ```
    alpha(start) -> &'a str, unnamed(Rule::Alpha),
    {
        one_of(&ALPHA)(start)
    }
}

production! {
    /// ```bnf
    /// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
    ///                  "8" | "9"
    /// ```
    digit(start) -> &'a str, unnamed(Rule::Digit),
    {
        one_of(&DIGIT)(start)
    }
}

production! {
    /// ```bnf
    /// safe           = "$" | "-" | "_" | "." | "+"
    /// ```
    safe(start) -> &'a str, unnamed(Rule::Safe),
    {
        one_of(&SAFE)(start)
    }
}

production! {
    /// ```bnf
    /// extra          = "!" | "*" | "'" | "(" | ")" | ","
    /// ```
    extra(start) -> &'a str, unnamed(Rule::Extra),
    {
        one_of(&EXTRA)(start)
    }
}

production! {
    /// ```bnf
    /// national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
    /// ```
    ///
    /// No production of section 5 uses `national`: these are the characters a
    /// URL must escape (section 2.2).
    national(start) -> &'a str, unnamed(Rule::National),
    {
        one_of(&NATIONAL)(start)
    }
}

production! {
    /// ```bnf
    /// punctuation    = "<" | ">" | "#" | "%" | <">
    /// ```
    ///
    /// Like `national`, unused by the other productions: `%` appears in URLs
    /// only as the start of an `escape`.
    punctuation(start) -> &'a str, unnamed(Rule::Punctuation),
    {
        one_of(&PUNCTUATION)(start)
    }
}

production! {
    /// ```bnf
    /// reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
    /// ```
    reserved(start) -> &'a str, unnamed(Rule::Reserved),
    {
        one_of(&RESERVED)(start)
    }
}

production! {
    /// ```bnf
    /// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
    ///                  "a" | "b" | "c" | "d" | "e" | "f"
    /// ```
    hex(start) -> &'a str, unnamed(Rule::Hex),
    {
        one_of(&HEX)(start)
    }
}

production! {
    /// ```bnf
    /// unreserved     = alpha | digit | safe | extra
    /// ```
    unreserved(start) -> &'a str, unnamed(Rule::Unreserved),
    {
        one_of(&UNRESERVED)(start)
    }
}

production! {
    /// ```bnf
    /// uchar          = unreserved | escape
    /// ```
    uchar(start) -> &'a str, unnamed(Rule::Uchar),
    {
        unit_of(&UCHAR)(start)
    }
}

production! {
    /// ```bnf
    /// xchar          = unreserved | reserved | escape
    /// ```
    xchar(start) -> &'a str, unnamed(Rule::Xchar),
    {
        unit_of(&XCHAR)(start)
    }
}

production! {
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
    escape(start) -> &'a str, unnamed(Rule::Escape),
    {
        // Without its "%", the escape is not begun: say so rather than
        // "escape".
        tag("%")(start)?;
        unit_of(&ESCAPE)(start)
    }
}

production! {
    /// ```bnf
    /// digits         = 1*digit
    /// ```
    digits(start) -> Digits<'a>, unnamed(Rule::Digits),
    {
        let (rest, _) = take_while_by(&DIGIT, 1, |text, at, _| digit_run(text, at))(start)?;
        Ok((rest, Digits::at(start.place_to(&rest))))
    }
}
