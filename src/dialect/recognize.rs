//! The drafts' productions on their characters alone: the second reading
//! of [`super::combinators::recognized_node`], for every production that a URL
//! of a draft's `url` passes through (the addresses and the parts they
//! share). Each reader reads what the production of the same name reads,
//! the same derivation committed to in the same order, with the character
//! classes in place of the productions that are runs of them; it reads
//! bytes and counts a length (`None`: no match), so that no cursor and no
//! result passes between the parts. The classes of the draft are
//! arguments: July and October 1993 read `xalpha` one way, draft 03
//! another (D34). The readers a single draft needs (its `fileaddress`,
//! its `waisdoc`, its `url`) are in that draft's module, beside the
//! production.
//!
//! A draft's readers of its addresses are each a function of its own
//! (`#[inline(never)]`), into which their parts are inlined: its `url`
//! reader calls them all, and with all of them inlined there the compiler
//! left the parts of each out of line, which cost an http line more than
//! the call now does (benches/records/log.md, "The drafts' addresses on their
//! characters").
//!
//! Why a second reading: entering a production has a cost of its own (the
//! entry, the result through memory, the match), and an address is a
//! dozen of them. BENCHMARKS.md ("Entering a draft's production") and
//! benches/records/log.md ("Hot productions on their characters", "The
//! drafts' addresses on their characters") have the measurements. The tests hold each reader against
//! the grammar files' own reading (`tests/library/dialects.rs`, through `check`),
//! and against the productions wherever a tree is made.

use crate::dialect::chars::{ALPHA, ALPHANUM2, DIGIT, XALPHA_03, XALPHA_1993, XPALPHA_1993};
use crate::dialect::combinators::{backtrack, Ends};
use crate::grammar::chars::Class;
use crate::grammar::cursor::Cursor;
use crate::grammar::fast::{all_in, escape_len, run_len};
use crate::grammar::notation::opens_with_scheme;

/// A reader of a production on its characters: the text from here, and
/// whether the scheme keywords are read by the letter; the length of the
/// match.
pub(crate) type Reader = fn(&[u8], bool) -> Option<usize>;

/// A production read by `reader` on the cursor's bytes (and whether the
/// scheme keywords are read by the letter): the length it counts as the
/// cursor's step.
#[inline(always)]
pub(crate) fn on_characters<'a>(
    start: Cursor<'a>,
    reader: impl FnOnce(&'a [u8], bool) -> Option<usize>,
) -> Ends<'a> {
    match reader(start.bytes(), start.options().strict) {
        Some(len) => Ok((start.skip(len), ())),
        None => backtrack(),
    }
}

/// A part of an address (no scheme keyword in it) read by `reader` on
/// the cursor's bytes.
#[inline(always)]
pub(crate) fn part_on_characters<'a>(
    start: Cursor<'a>,
    reader: impl FnOnce(&'a [u8]) -> Option<usize>,
) -> Ends<'a> {
    on_characters(start, |bytes, _| reader(bytes))
}

/// The length of the scheme keyword `keyword` (`"news:"`, in any case
/// unless `strict`, as `scheme_literal` reads it) when the text opens
/// with it: where the reader of the address goes on.
#[inline(always)]
pub(crate) fn keyword_end(bytes: &[u8], keyword: &'static str, strict: bool) -> Option<usize> {
    opens_with_scheme(bytes, keyword, strict).then_some(keyword.len())
}

/// `literal`, then what `then` reads after it; `None` when either fails.
#[inline(always)]
pub(crate) fn after_byte(
    bytes: &[u8],
    literal: u8,
    then: impl FnOnce(&[u8]) -> Option<usize>,
) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if byte == literal => then(&bytes[1..]).map(|len| 1 + len),
        _ => None,
    }
}

/// `[ literal then ]` at `at`: the length with the bracket when it
/// matches, else `at` (the bracket given up, as `maybe` gives it up).
#[inline(always)]
pub(crate) fn bracket(
    bytes: &[u8],
    at: usize,
    literal: u8,
    then: impl FnOnce(&[u8]) -> Option<usize>,
) -> usize {
    at + after_byte(&bytes[at..], literal, then).unwrap_or(0)
}

/// A run of at least one unit of `class` (`xalphas`, `digits`, ...).
#[inline(always)]
pub(crate) fn run1_len(bytes: &[u8], class: &Class) -> Option<usize> {
    Some(run_len(bytes, class)).filter(|&len| len > 0)
}

/// `digits`.
#[inline(always)]
pub(crate) fn digits_len(bytes: &[u8]) -> Option<usize> {
    run1_len(bytes, &DIGIT)
}

/// One unit of `class`: a character, or an escape when the class admits
/// them (`xalpha`, as `gtype` reads it).
#[inline(always)]
pub(crate) fn unit_len(bytes: &[u8], class: &Class) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if class.contains(byte) => Some(1),
        Some(b'%') if class.escapes => escape_len(bytes).ok(),
        _ => None,
    }
}

/// `ialpha  alpha [ xalphas ]`.
#[inline(always)]
pub(crate) fn ialpha_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if ALPHA.contains(byte) => Some(1 + run_len(&bytes[1..], xalpha)),
        _ => None,
    }
}

/// `hostname  ialpha [ . hostname ]` (and `group`, the same production
/// under another name), as the loop of `separated`.
#[inline(always)]
pub(crate) fn hostname_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    let mut at = ialpha_len(bytes, xalpha)?;
    while bytes.get(at) == Some(&b'.') {
        match ialpha_len(&bytes[at + 1..], xalpha) {
            Some(len) => at += 1 + len,
            None => break,
        }
    }
    Some(at)
}

/// `hostnumber  digits . digits . digits . digits`.
#[inline(always)]
fn hostnumber_len(bytes: &[u8]) -> Option<usize> {
    let mut at = digits_len(bytes)?;
    for _ in 0..3 {
        at += after_byte(&bytes[at..], b'.', digits_len)?;
    }
    Some(at)
}

/// `host  hostname | hostnumber`: disjoint (a letter or a digit first).
#[inline(always)]
pub(crate) fn host_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if ALPHA.contains(byte) => hostname_len(bytes, xalpha),
        _ => hostnumber_len(bytes),
    }
}

/// `hostport  host [ : port ]`, `port  digits`.
#[inline(always)]
pub(crate) fn hostport_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    let host = host_len(bytes, xalpha)?;
    Some(bracket(bytes, host, b':', digits_len))
}

/// `path  void | segment [ / path ]` whose segments are runs of
/// `xpalpha`s, read as one run of `characters` (the `xpalpha`s and `/`)
/// and then cut where the loop of `combinators::path` stops: before a leading `/`
/// (the path is then void), or after the first `/` of a `//` (no segment
/// is empty). A `/` is never part of an escape, so the cut is found in
/// the bytes.
///
/// The run and the search for `//` share one pass while eight bytes at a
/// time are all plain characters of the path (words that overlap by one,
/// so that a pair across two is seen); the rest, and a text that ends in
/// fewer than eight, is read as the run, then searched.
#[inline(always)]
pub(crate) fn path_len(bytes: &[u8], characters: &Class) -> usize {
    if bytes.first() == Some(&b'/') {
        return 0;
    }
    let len = bytes.len();
    let mut at = 0;
    while at + 8 <= len {
        let chunk: &[u8; 8] = bytes[at..at + 8].try_into().expect("eight bytes");
        if !all_in(characters, chunk) {
            break;
        }
        if let Some(pair) = first_pair(chunk, b'/') {
            return at + pair + 1;
        }
        at += 7;
    }
    // The text ends within the next eight bytes: its last eight, when all
    // are plain characters, end the run there.
    if at + 8 > len && len >= 8 {
        let last: &[u8; 8] = bytes[len - 8..].try_into().expect("eight bytes");
        if all_in(characters, last) {
            return first_pair(last, b'/').map_or(len, |pair| len - 8 + pair + 1);
        }
    }
    let run = at + run_len(&bytes[at..], characters);
    first_double(&bytes[at..run], b'/').map_or(run, |slash| at + slash + 1)
}

/// `search  xalphas [ + search ]`, read as the loop of `separated` reads
/// it. In draft 03 `+` is an `xalpha` (D34): the first `xalphas` takes the
/// whole run. In 1993 it is not (the drafts' only `xalpha` without it),
/// and the words and their `+`s are one run of `xpalpha`s (`xalpha | +`),
/// cut before the first `+` that no `xalpha` follows (a `++`, or a `+` at
/// the run's end); a `+` is never part of an escape, so the cut is found
/// in the bytes. One run, not one a word: the end of each was a branch
/// that mispredicted (benches/records/log.md, "The drafts' runs on a mask").
#[inline(always)]
pub(crate) fn search_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    if xalpha.contains(b'+') {
        return run1_len(bytes, xalpha);
    }
    debug_assert!(
        xalpha.is_subset_of(&XPALPHA_1993) && XPALPHA_1993.is_subset_of(&xalpha.with(b"+"))
    );
    let run = run_len(bytes, &XPALPHA_1993);
    let words = &bytes[..run];
    if matches!(words.first(), None | Some(b'+')) {
        return None;
    }
    Some(match first_double(words, b'+') {
        Some(pair) => pair,
        None if words.last() == Some(&b'+') => run - 1,
        None => run,
    })
}

/// `httpaddress  h t t p : / / hostport [ / path ] [ ? search ]`, the same
/// in the three drafts but for the classes of its parts: the keyword, then
/// the parts in the order the production reads them, each bracket given up
/// when it does not match (as `maybe` gives it up).
#[inline(always)]
pub(crate) fn httpaddress_len(
    bytes: &[u8],
    strict: bool,
    xalpha: &Class,
    path: &Class,
) -> Option<usize> {
    let at = keyword_end(bytes, "http://", strict)?;
    let at = at + hostport_len(&bytes[at..], xalpha)?;
    let at = bracket(bytes, at, b'/', |rest| Some(path_len(rest, path)));
    Some(bracket(bytes, at, b'?', |rest| search_len(rest, xalpha)))
}

/// `left @ right` read as `combinators::at_split` reads it, for a `left` that
/// every non-empty run of `class` units matches (`xalphas`, or a user and
/// password made of them): so only `right` decides. Each `@` of the run
/// after its first unit is tried, the longest match taken, and the search
/// ends at an `@` from which `right` reaches the end of the run. An `@` is
/// never inside an escape, so what comes before it is whole units.
#[inline(always)]
pub(crate) fn at_split_len(
    bytes: &[u8],
    class: &Class,
    right: impl Fn(&[u8]) -> Option<usize>,
) -> Option<usize> {
    let run = run_len(bytes, class);
    let mut best = None;
    let mut at = 1;
    while let Some(found) = bytes
        .get(at..run)
        .and_then(|run| run.iter().position(|&b| b == b'@'))
    {
        let split = at + found;
        if let Some(len) = right(&bytes[split + 1..]) {
            let end = split + 1 + len;
            best = best.max(Some(end));
            if end >= run {
                break;
            }
        }
        at = split + 1;
    }
    best
}

/// `groupart  * | group | article`, `group  ialpha [ . group ]`, `article
/// xalphas @ host`: the longest of the three.
#[inline(always)]
pub(crate) fn groupart_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    let star = (bytes.first() == Some(&b'*')).then_some(1);
    let group = hostname_len(bytes, xalpha);
    star.max(group)
        .max(at_split_len(bytes, xalpha, |rest| host_len(rest, xalpha)))
}

/// `login  [ user [ : password ] @ ] hostport` of the 1993 drafts, and
/// `telnetaddress`'s `[ user @ ] hostport` of July: user and password are
/// `xalphas`, which hold `:` and `@` (D25), so the bracket is the split
/// of `at_split_len`, given up when the host alone matches more. A host
/// name takes the whole run of `xalpha`s (`.`, `:` and `@` are `xalpha`s,
/// D11), and no split goes past the run: a text that opens with a letter
/// needs no split.
#[inline(always)]
pub(crate) fn login_1993_len(bytes: &[u8]) -> Option<usize> {
    let hostport = |rest: &[u8]| hostport_len(rest, &XALPHA_1993);
    match bytes.first() {
        Some(&byte) if ALPHA.contains(byte) => hostport(bytes),
        _ => at_split_len(bytes, &XALPHA_1993, hostport).max(hostport(bytes)),
    }
}

/// `login  [ user [ : password ] @ ] hostport` of draft 03, whose user
/// and password are runs of `alphanum2` (no `:`, no `@`, D35): the
/// bracket reads one way, and is given up when the host alone matches
/// more. A text that opens with a letter is a host name over the whole
/// run of `xalpha`s (`.` and `@` are `xalpha`s, `:` is not, D34); unless
/// a `:` ends that run, no user (whose `:` could only be there) reads
/// further.
#[inline(always)]
pub(crate) fn login_03_len(bytes: &[u8]) -> Option<usize> {
    let hostport = |rest: &[u8]| hostport_len(rest, &XALPHA_03);
    if bytes.first().is_some_and(|&byte| ALPHA.contains(byte)) {
        let name = hostname_len(bytes, &XALPHA_03)?;
        if bytes.get(name) != Some(&b':') {
            return Some(name);
        }
    }
    let with_user = run1_len(bytes, &ALPHANUM2).and_then(|user| {
        let at = bracket(bytes, user, b':', |rest| run1_len(rest, &ALPHANUM2));
        after_byte(&bytes[at..], b'@', hostport).map(|len| at + len)
    });
    with_user.max(hostport(bytes))
}

/// `w a i s : / / hostport / database`, the head `waisindex` and
/// `waisdoc` share: its length, from which each reads its tail.
#[inline(always)]
pub(crate) fn wais_head_len(bytes: &[u8], strict: bool, xalpha: &Class) -> Option<usize> {
    let at = keyword_end(bytes, "wais://", strict)?;
    let at = at + hostport_len(&bytes[at..], xalpha)?;
    after_byte(&bytes[at..], b'/', |rest| run1_len(rest, xalpha)).map(|len| at + len)
}

/// `waisindex  w a i s : / / hostport / database [ ? search ]`, from the
/// end of its head (`wais_head_len`).
#[inline(always)]
pub(crate) fn waisindex_len(bytes: &[u8], head: usize, xalpha: &Class) -> usize {
    bracket(bytes, head, b'?', |rest| search_len(rest, xalpha))
}

/// `waisaddress  waisindex | waisdoc`: the longer, their head read once;
/// `doc_tail` reads what the draft's `waisdoc` has after the head (from
/// the head's end, on the whole text).
#[inline(always)]
pub(crate) fn waisaddress_len(
    bytes: &[u8],
    strict: bool,
    xalpha: &Class,
    doc_tail: impl Fn(&[u8], usize) -> Option<usize>,
) -> Option<usize> {
    let head = wais_head_len(bytes, strict, xalpha)?;
    Some(waisindex_len(bytes, head, xalpha)).max(doc_tail(bytes, head))
}

/// The draft's `waisdoc`: the head, then what `doc_tail` reads.
#[inline(always)]
pub(crate) fn waisdoc_len(
    bytes: &[u8],
    strict: bool,
    xalpha: &Class,
    doc_tail: impl Fn(&[u8], usize) -> Option<usize>,
) -> Option<usize> {
    doc_tail(bytes, wais_head_len(bytes, strict, xalpha)?)
}

/// `KEYWORD hostport / path`, the shape of `prosperolink` (whose bracket
/// `[ % 0 0 version [ attributes ] ]` never adds to the match, D13: the
/// path takes its characters), of `afsaddress` (with a `cellname`) and of
/// July's `fileaddress` (with a `host`): `head` reads the part before the
/// `/`.
#[inline(always)]
pub(crate) fn head_and_path_len(
    bytes: &[u8],
    keyword: &'static str,
    strict: bool,
    head: impl FnOnce(&[u8]) -> Option<usize>,
    path: &Class,
) -> Option<usize> {
    let at = keyword_end(bytes, keyword, strict)?;
    let at = at + head(&bytes[at..])?;
    after_byte(&bytes[at..], b'/', |rest| Some(path_len(rest, path))).map(|len| at + len)
}

/// `gopheraddress  g o p h e r : / / hostport [/ gtype [ selector ] ] [ ?
/// search ]` (1993; `with_search`) and draft 03's, without the search and
/// with a `gcommand` (both a path).
#[inline(always)]
pub(crate) fn gopheraddress_len(
    bytes: &[u8],
    strict: bool,
    xalpha: &Class,
    path: &Class,
    with_search: bool,
) -> Option<usize> {
    let at = keyword_end(bytes, "gopher://", strict)?;
    let at = at + hostport_len(&bytes[at..], xalpha)?;
    let at = bracket(bytes, at, b'/', |rest| {
        let gtype = unit_len(rest, xalpha)?;
        Some(gtype + path_len(&rest[gtype..], path))
    });
    Some(match with_search {
        true => bracket(bytes, at, b'?', |rest| search_len(rest, xalpha)),
        false => at,
    })
}

/// `nntpaddress  n n t p : group / digits`.
#[inline(always)]
pub(crate) fn nntpaddress_len(bytes: &[u8], strict: bool, xalpha: &Class) -> Option<usize> {
    let at = keyword_end(bytes, "nntp:", strict)?;
    let at = at + hostname_len(&bytes[at..], xalpha)?;
    after_byte(&bytes[at..], b'/', digits_len).map(|len| at + len)
}

/// `KEYWORD xalphas @ hostname`: `mailtoaddress`, and draft 03's
/// `midaddress` and `cidaddress` (`addr-spec`, D33).
#[inline(always)]
pub(crate) fn mail_len(
    bytes: &[u8],
    keyword: &'static str,
    strict: bool,
    xalpha: &Class,
) -> Option<usize> {
    let at = keyword_end(bytes, keyword, strict)?;
    at_split_len(&bytes[at..], xalpha, |rest| hostname_len(rest, xalpha)).map(|len| at + len)
}

/// `generic  scheme : path [ ? search ]` of the 1993 drafts: the scheme
/// (an `ialpha`) up to the first `:`, as the production reads it.
#[inline(always)]
pub(crate) fn generic_len(bytes: &[u8], xalpha: &Class, path: &Class) -> Option<usize> {
    let colon = bytes.iter().position(|&b| b == b':')?;
    if ialpha_len(&bytes[..colon], xalpha) != Some(colon) {
        return None;
    }
    let at = colon + 1 + path_len(&bytes[colon + 1..], path);
    Some(bracket(bytes, at, b'?', |rest| search_len(rest, xalpha)))
}

/// Where the first pair of `byte` in `bytes` starts (a `//`, a `++`):
/// eight bytes at a time, a word whose bytes equal to `byte` are marked in
/// their high bit, and a pair where a byte and the next are both marked.
/// Words overlap by one byte, so that a pair across two of them is seen;
/// the last word is the last eight bytes (a text shorter than eight is
/// padded with zeros, which are no `byte` of the grammars), so that no
/// loop runs byte by byte: the end of such a loop, at a length that
/// changes from line to line, was a mispredicted branch a line
/// (benches/records/log.md, "The drafts' readers on bytes").
#[inline(always)]
fn first_double(bytes: &[u8], byte: u8) -> Option<usize> {
    let len = bytes.len();
    if len < 8 {
        let mut padded = [0u8; 8];
        padded[..len].copy_from_slice(bytes);
        return first_pair(&padded, byte);
    }
    let mut at = 0;
    while at + 8 < len {
        let chunk: &[u8; 8] = bytes[at..at + 8].try_into().expect("eight bytes");
        if let Some(pair) = first_pair(chunk, byte) {
            return Some(at + pair);
        }
        at += 7;
    }
    // The last eight bytes: a pair that starts in what the words before
    // already read would have been found there, so the first pair here is
    // the first of the text.
    let last: &[u8; 8] = bytes[len - 8..].try_into().expect("eight bytes");
    first_pair(last, byte).map(|pair| len - 8 + pair)
}

/// The first of the eight bytes of `chunk` that is a `byte` followed by
/// another, found on them as one word.
#[inline(always)]
fn first_pair(chunk: &[u8; 8], byte: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let other = u64::from_le_bytes(*chunk) ^ (ONES * u64::from(byte));
    // A byte of `other` is zero where the byte is `byte`: exactly those get
    // their high bit here (no carry crosses a byte).
    let marked = !(((other & LOW_SEVEN) + LOW_SEVEN) | other) & !LOW_SEVEN;
    let pairs = marked & (marked >> 8);
    (pairs != 0).then(|| pairs.trailing_zeros() as usize / 8)
}

#[cfg(test)]
mod tests {
    use super::{first_double, path_len, run1_len, run_len, search_len};
    use crate::dialect::chars::{PATH_03, PATH_1993};
    use crate::test_strings::every_string_of;
    use alloc::string::String;
    use alloc::vec::Vec;

    #[test]
    fn a_path_ends_where_its_run_cut_at_the_first_double_slash_ends() {
        // The reading `path_len` shares one pass for: the run, then the cut.
        let reference = |bytes: &[u8], class| {
            let taken = &bytes[..run_len(bytes, class)];
            match taken.first() {
                Some(b'/') => 0,
                _ => first_double(taken, b'/').map_or(taken.len(), |slash| slash + 1),
            }
        };
        for text in every_string_of(b"a/%4?", 9) {
            for class in [&PATH_1993, &PATH_03] {
                assert_eq!(
                    path_len(&text, class),
                    reference(&text, class),
                    "{:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
        for len in 10..=40 {
            let base: Vec<u8> = (0..len).map(|i| b"ab/c%41d"[i % 8]).collect();
            for at in 0..len {
                for byte in [b'/', b'?', b'%'] {
                    let mut text = base.clone();
                    text[at] = byte;
                    if at + 1 < len {
                        let mut pair = text.clone();
                        pair[at + 1] = b'/';
                        assert_eq!(path_len(&pair, &PATH_1993), reference(&pair, &PATH_1993));
                    }
                    assert_eq!(path_len(&text, &PATH_1993), reference(&text, &PATH_1993));
                }
            }
        }
    }

    #[test]
    fn first_double_finds_the_first_pair_wherever_the_words_split() {
        // Every string of `a` and `/` up to 16 bytes: pairs at every place
        // in and across the eight-byte words.
        for text in every_string_of(b"a/", 16) {
            let expected = text.windows(2).position(|pair| pair == b"//");
            assert_eq!(
                first_double(&text, b'/'),
                expected,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
        // Longer texts: single slashes everywhere, and a pair at each place.
        for len in 17..=40 {
            let mut text: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'/' } else { b'a' })
                .collect();
            assert_eq!(first_double(&text, b'/'), None, "{len}");
            for pair in 0..len - 1 {
                let saved = (text[pair], text[pair + 1]);
                text[pair] = b'/';
                text[pair + 1] = b'/';
                let expected = text.windows(2).position(|two| two == b"//");
                assert_eq!(first_double(&text, b'/'), expected, "{len} {pair}");
                (text[pair], text[pair + 1]) = saved;
            }
        }
    }

    /// `item [ sep X ]` read as `combinators::separated` reads it, on the bytes
    /// (the reading of a 1993 `search` before it was one run).
    fn separated_len(
        bytes: &[u8],
        sep: u8,
        item: impl Fn(&[u8]) -> Option<usize>,
    ) -> Option<usize> {
        let mut at = item(bytes)?;
        while let Some(next) = super::after_byte(&bytes[at..], sep, &item) {
            at += next;
        }
        Some(at)
    }

    #[test]
    fn a_1993_search_cut_from_one_run_is_the_loop_of_separated() {
        use crate::dialect::chars::XALPHA_1993;
        // Every string of `a`, `+`, `%` and `?` up to 9 bytes (escapes
        // whole and broken, pairs of `+` in and across the words).
        let mut compared = 0;
        for text in every_string_of(b"a+%4?", 9) {
            let loop_of_separated = separated_len(&text, b'+', |rest| run1_len(rest, &XALPHA_1993));
            assert_eq!(
                search_len(&text, &XALPHA_1993),
                loop_of_separated,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
            compared += 1;
        }
        assert!(compared > 2_000_000);
    }
}
