//! The productions every draft that has them defines alike, down to the
//! characters (DRAFTS.md section 5): one combinator each, re-exported by
//! the draft modules. Their BNF lines are the same in every draft; the
//! positions are each draft's.

use crate::dialect::chars::{ALPHA, ALPHANUM, DIGIT, HEX, NATIONAL, PUNCTUATION};
use crate::dialect::combinators::{ends, repeated};
use crate::dialect::{draft_production, leaves, seq};
use crate::grammar::notation::{one_of, opt, tag, take_while1};

// Where its combinators' rustdoc finds their diagrams (`production!`):
// draft 03's, the same as every draft's for these.
#[cfg(doc)]
macro_rules! diagrams {
    () => {
        "draft-03"
    };
}

leaves! {
    /// ```text
    /// alpha  a | b | c | d | e | f | g | h | i | j | k | l | m | n | o | p | q | r | s | t | u | v | w | x | y | z | A | B | C | D | E | F | G | H | I | J | K | L | M | N | O | P | Q | R | S | T | U | V | W | X | Y | Z
    /// ```
    ///
    /// July 1993 (000:32324-32535, 001:351), October 1993 (002:1039-1049),
    /// draft 03 (003:418-419). Single letters are case-sensitive (D4); both
    /// cases are listed.
    alpha = "alpha", one_of(&ALPHA);

    /// ```text
    /// digit  0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
    /// ```
    ///
    /// July 1993 (000:32536-32578, 001:352), October 1993 (002:1051, a
    /// line printed without its name, D21), draft 03 (003:420-421). `|1` is
    /// `|` `1` (D2).
    digit = "digit", one_of(&DIGIT);
}

draft_production! {
    /// ```text
    /// escape  % hex hex
    /// ```
    ///
    /// July 1993 (000:32654-32670, 001:355), October 1993 (002:1057),
    /// draft 03 (003:428-429). Never decoded (D6).
    escape = "escape", unnamed, |start| seq!(start; tag("%"), hex::read, hex::read)
}

leaves! {
    /// ```text
    /// hex  digit | a | b | c | d | e | f | A | B | C | D | E | F
    /// ```
    ///
    /// July 1993 (000:32671-32728, 001:356), October 1993 (002:1059-1060),
    /// draft 03 (003:430-431). The alternatives are disjoint characters,
    /// read as one class.
    hex = "hex", one_of(&HEX);

    /// ```text
    /// punctuation  < | >
    /// ```
    ///
    /// July 1993 (000:32771-32788, 001:358), October 1993 (002:1064), draft
    /// 03 (003:434-435). Used by no production (D5); asked for by name, one
    /// of its characters.
    punctuation = "punctuation", one_of(&PUNCTUATION);

    /// ```text
    /// national  { | } | vline | [ | ] | \ | ^ | ~
    /// ```
    ///
    /// October 1993 (002:1062) and draft 03 (003:432-433). The brackets that
    /// form whole alternatives are the characters, `vline` the vertical
    /// line (D5); used by no production.
    national = "national", one_of(&NATIONAL);

    /// ```text
    /// digits  digit [ digits ]
    /// ```
    ///
    /// July 1993 (000:32789-32812, 001:359), October 1993 (002:1066), draft
    /// 03 (003:436-437). The right recursion is one or more `digit`s (D3),
    /// read as one run.
    digits = "digits", take_while1(&DIGIT);

    /// ```text
    /// alphanum  alpha | digit
    /// ```
    ///
    /// July 1993 (000:32813-32835, 001:360), October 1993 (002:1068), draft
    /// 03 (003:438-439). Read as one class.
    alphanum = "alphanum", one_of(&ALPHANUM);

    /// ```text
    /// alphanums  alphanum [ alphanums ]
    /// ```
    ///
    /// July 1993 (000:32836-32868, 001:361), October 1993 (002:1070), draft
    /// 03 (003:440-441). One or more `alphanum`s (D3), read as one run.
    alphanums = "alphanums", take_while1(&ALPHANUM);
}

draft_production! {
    /// ```text
    /// void
    /// ```
    ///
    /// July 1993 (000:32869-32873, 001:362), October 1993 (002:1072), draft
    /// 03 (003:442): the empty string (D3). It matches the empty prefix of
    /// any input.
    void = "void", unnamed, |start| Ok((start, ()))
}

draft_production! {
    /// ```text
    /// version  digits
    /// ```
    ///
    /// July 1993 (000:31634-31648, 001:324), October 1993 (002:990), draft
    /// 03 (003:362-363). Not empty, although the prose allows an empty
    /// version (D13).
    version = "version", |start| ends(start, digits::read)
}

draft_production! {
    /// ```text
    /// attributes  attribute [ attributes ]
    /// ```
    ///
    /// July 1993 (000:31649-31684, 001:325), October 1993 (002:992), draft
    /// 03 (003:364-365). The right recursion read as a loop; `attribute` is
    /// a run of `alphanum`s with no separator (D13), so the first one takes
    /// them all.
    attributes = "attributes", |start| repeated(start, attribute::read)
}

draft_production! {
    /// ```text
    /// attribute  alphanums
    /// ```
    ///
    /// July 1993 (000:31685-31704, 001:326), October 1993 (002:994), draft
    /// 03 (003:366-367).
    attribute = "attribute", |start| ends(start, alphanums::read)
}

draft_production! {
    /// ```text
    /// hostnumber  digits . digits . digits . digits
    /// ```
    ///
    /// July 1993 (000:31936-31980, 001:335), October 1993 (002:1011), draft
    /// 03 (003:386-387). No range check: `300.300.300.300` matches,
    /// `10.0.0` does not (D11).
    hostnumber = "hostnumber", |start| {
        let dot = || tag(".");
        seq!(start; digits::read, dot(), digits::read, dot(), digits::read, dot(), digits::read)
    }
}

draft_production! {
    /// ```text
    /// port  digits
    /// ```
    ///
    /// July 1993 (000:31981-31992, 001:336), October 1993 (002:1013), draft
    /// 03 (003:388-389).
    port = "port", |start| ends(start, digits::read)
}

/// `[ : port ]` after a host: the bracket, or nothing.
pub(crate) fn optional_port<'a>(
    start: crate::grammar::cursor::Cursor<'a>,
) -> crate::dialect::combinators::Ends<'a> {
    ends(start, opt(|s| seq!(s; tag(":"), port::read)))
}
