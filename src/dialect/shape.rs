//! The shapes the drafts' productions share, on the crate's cursor: a
//! production's entry (with the recording of the derivation for
//! [`super::tree`]), the longest of several alternatives, a right recursion
//! read as a loop, a path of segments, a production read inside a limit, and
//! the split of `xalphas @ host`.
//!
//! Every shape reads a set of strings the way D3 asks: a string matches
//! when some derivation gives the whole of it. Where a shape commits to one
//! derivation it says why no other could match more.

use core::cell::{Cell, RefCell};

use nom::IResult;

use super::Match;
use crate::dialect::chars::{ALPHA, DIGIT};
use crate::grammar::chars::Class;
use crate::grammar::cursor::{Backtrack, Cursor, Entry, GrammarError, Reading, Text};
use crate::grammar::primitives::{all_in, literal, opens_with_scheme, run_len};
use crate::span::Span;

/// What a production's body gives back: where it stopped.
pub(crate) type Step<'a> = Reading<'a, ()>;

/// A node of the derivation as recorded, before it borrows its text.
#[derive(Debug, Clone)]
pub(crate) struct Raw {
    pub(crate) name: &'static str,
    pub(crate) span: Span,
    pub(crate) children: Vec<Raw>,
}

/// The derivation [`super::tree`] asks for, recorded as the productions
/// match. Off everywhere else: a production then pays one flag test.
struct Recorder {
    on: Cell<bool>,
    nodes: RefCell<Vec<Raw>>,
}

thread_local! {
    static RECORDER: Recorder = const {
        Recorder {
            on: Cell::new(false),
            nodes: RefCell::new(Vec::new()),
        }
    };
}

#[inline(always)]
fn recording() -> bool {
    RECORDER.with(|recorder| recorder.on.get())
}

/// Runs `parser` recording the nodes of the productions that match, and
/// gives them back (the outermost ones, in order).
pub(crate) fn record<R>(parser: impl FnOnce() -> R) -> (R, Vec<Raw>) {
    RECORDER.with(|recorder| {
        recorder.nodes.borrow_mut().clear();
        recorder.on.set(true);
    });
    let result = parser();
    let nodes = RECORDER.with(|recorder| {
        recorder.on.set(false);
        recorder.nodes.take()
    });
    (result, nodes)
}

/// Runs `parser` without recording: how the shapes that compare several
/// derivations try them, before they read the chosen one again.
#[inline(always)]
pub(crate) fn quiet<R>(start: &Cursor<'_>, parser: impl FnOnce() -> R) -> R {
    if !records(start) {
        return parser();
    }
    RECORDER.with(|recorder| recorder.on.set(false));
    let result = parser();
    RECORDER.with(|recorder| recorder.on.set(true));
    result
}

/// Whether this pass records its nodes: only [`tree`](super::tree)'s,
/// which builds (a recognizing pass never asks the thread).
#[inline(always)]
fn records(start: &Cursor<'_>) -> bool {
    start.builds() && recording()
}

/// A draft's production named `name` (a leaf does not name itself in an
/// error's stack): `body` says where it stops; the match is the text up to
/// there.
#[inline(always)]
pub(crate) fn node<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
    name: &'static str,
    leaf: bool,
    body: impl Fn(Cursor<'a>) -> Step<'a>,
) -> IResult<I, Match<'a>, E> {
    let entry = if leaf {
        Entry::DraftLeaf(name)
    } else {
        Entry::DraftProduction(name)
    };
    input.enter(entry, move |start| {
        let (rest, ()) = if records(&start) {
            recorded(name, start, &body)?
        } else {
            body(start)?
        };
        let (text, span) = start.upto(&rest);
        Ok((rest, Match { text, span }))
    })
}

/// A hot production read two ways, which must find the same match: `body`
/// through the productions it names, for the diagnostic pass (which names
/// them on an error's stack) and for [`super::tree`] (which records them
/// as nodes); `recognize` on the characters alone, everywhere else.
///
/// Why a second reading: entering a production costs about 50
/// instructions of its own (its result through memory, the entry and the
/// match), and a host name, a path or a search is several of them per
/// character run (`hostname`, `ialpha`, `alpha`, `xalphas`; a `segment`
/// and an `xpalphas` for every segment). BENCHMARKS.md ("Hot productions
/// on their characters") has the measurement. Both readings are the same
/// right recursions read as the same loops. The tests hold the first
/// against the grammar files' own reading (`tests/dialects.rs`), the second
/// against the first wherever a tree is made or an error explained.
#[inline(always)]
pub(crate) fn recognized_node<'a, I: Text<'a>, E: GrammarError<I>>(
    input: I,
    name: &'static str,
    body: impl Fn(Cursor<'a>) -> Step<'a>,
    recognize: impl Fn(Cursor<'a>) -> Step<'a>,
) -> IResult<I, Match<'a>, E> {
    input.enter(Entry::DraftProduction(name), move |start| {
        let (rest, ()) = if start.traced() {
            body(start)?
        } else if records(&start) {
            recorded(name, start, &body)?
        } else {
            recognize(start)?
        };
        let (text, span) = start.upto(&rest);
        Ok((rest, Match { text, span }))
    })
}

#[cold]
fn recorded<'a>(
    name: &'static str,
    start: Cursor<'a>,
    body: &impl Fn(Cursor<'a>) -> Step<'a>,
) -> Step<'a> {
    let mark = RECORDER.with(|recorder| recorder.nodes.borrow().len());
    let result = body(start);
    RECORDER.with(|recorder| {
        let mut nodes = recorder.nodes.borrow_mut();
        match &result {
            Ok((rest, ())) => {
                let children = nodes.split_off(mark);
                nodes.push(Raw {
                    name,
                    span: Span::new(start.offset(), rest.offset()),
                    children,
                });
            }
            Err(_) => nodes.truncate(mark),
        }
    });
    result
}

/// `parser`, keeping only where it stopped.
#[inline(always)]
pub(crate) fn step<'a, O>(
    start: Cursor<'a>,
    parser: impl FnOnce(Cursor<'a>) -> Reading<'a, O>,
) -> Step<'a> {
    parser(start).map(|(rest, _)| (rest, ()))
}

/// `[ ... ]`: what `parser` reads, or nothing. nom's `opt` without its
/// `Parser` machinery, like [`seq!`](super::seq).
#[inline(always)]
pub(crate) fn maybe<'a>(
    parser: impl Fn(Cursor<'a>) -> Step<'a>,
) -> impl Fn(Cursor<'a>) -> Step<'a> {
    #[inline(always)]
    move |start| match parser(start) {
        Ok(done) => Ok(done),
        Err(_) => Ok((start, ())),
    }
}

/// `a | b` where the two are disjoint (no string matches both), so the
/// first that matches is the only one: nom's `alt` without its `Parser`
/// machinery.
#[inline(always)]
pub(crate) fn either<'a, A, B>(
    start: Cursor<'a>,
    first: impl FnOnce(Cursor<'a>) -> Reading<'a, A>,
    second: impl FnOnce(Cursor<'a>) -> Reading<'a, B>,
) -> Step<'a> {
    match first(start) {
        Ok((rest, _)) => Ok((rest, ())),
        Err(_) => step(start, second),
    }
}

/// The alternatives of a draft's `url`: the scheme-less `generic` (when the
/// draft has it), and the addresses, each opening with its keyword `name:`
/// (the name as `scheme_literal` reads it: any case unless strict).
///
/// [`longest`] of them all, as the BNF says; but an address can match only
/// when the input opens with its keyword, so outside the diagnostic pass
/// only that one (and `generic`) is tried. That is the same longest match:
/// the others fail at their keyword. The diagnostic pass tries every one,
/// so that an error names every keyword the text could have had.
pub(crate) fn longest_by_keyword<'a>(
    start: Cursor<'a>,
    generic: Option<Branch<'_, 'a>>,
    addresses: &[(&'static str, Branch<'_, 'a>)],
) -> Step<'a> {
    let all = || {
        generic
            .into_iter()
            .chain(addresses.iter().map(|&(_, branch)| branch))
    };
    if start.traced() {
        let branches: Vec<Branch<'_, 'a>> = all().collect();
        return longest(start, &branches);
    }
    let bytes = start.bytes();
    // The names are in lower case, and their first letters already set
    // most of them apart: the full test is made for those few.
    let first = bytes.first().map(u8::to_ascii_lowercase);
    let opens_with = |name: &str| {
        first == name.as_bytes().first().copied()
            && bytes.len() > name.len()
            && bytes[name.len()] == b':'
            && match start.options().strict {
                true => bytes.starts_with(name.as_bytes()),
                false => bytes[..name.len()].eq_ignore_ascii_case(name.as_bytes()),
            }
    };
    // The addresses first: one that reaches the end of the text cannot be
    // outmatched, and `generic` is then tried only for the tree's tie-break.
    let end = start.offset() + bytes.len();
    let mut best: Option<(Branch<'_, 'a>, Cursor<'a>)> = None;
    for &(name, branch) in addresses {
        if !opens_with(name) {
            continue;
        }
        if let Ok((rest, ())) = quiet(&start, || branch(start)) {
            if rest.offset() == end && !records(&start) {
                return Ok((rest, ()));
            }
            if best.map_or(true, |(_, far)| rest.offset() > far.offset()) {
                best = Some((branch, rest));
            }
        }
    }
    if let Some(generic) = generic {
        if let Ok((rest, ())) = quiet(&start, || generic(start)) {
            // `generic` comes first in the BNF: it wins a tie.
            if best.map_or(true, |(_, far)| rest.offset() >= far.offset()) {
                best = Some((generic, rest));
            }
        }
    }
    match best {
        // The chosen derivation again, for the tree.
        Some((branch, _)) if records(&start) => branch(start),
        Some((_, rest)) => Ok((rest, ())),
        None => backtrack(),
    }
}

/// Fails without recording anything: the parts that failed have said why.
pub(crate) fn backtrack<'a, O>() -> Reading<'a, O> {
    Err(nom::Err::Error(Backtrack))
}

/// An alternative of [`longest`].
pub(crate) type Branch<'s, 'a> = &'s dyn Fn(Cursor<'a>) -> Step<'a>;

/// `a | b | ...` as a set of strings (D3): the alternative that matches the
/// most text, the first of them on a tie. Every alternative is tried, so
/// that an alternative that matches a prefix of another's text (`waisindex`
/// of a `waisdoc`, `generic` of an `httpaddress`) never hides it; but one
/// that reaches the end of the text ends the search, since the later ones
/// can at most tie with it, and lose (outside the diagnostic pass, where
/// they still say what they expected).
pub(crate) fn longest<'a>(start: Cursor<'a>, branches: &[Branch<'_, 'a>]) -> Step<'a> {
    let mut best: Option<(usize, Cursor<'a>)> = None;
    for (index, branch) in branches.iter().enumerate() {
        if let Ok((rest, ())) = quiet(&start, || branch(start)) {
            if best.map_or(true, |(_, end)| rest.offset() > end.offset()) {
                best = Some((index, rest));
            }
            if rest.rest().is_empty() && !start.traced() {
                break;
            }
        }
    }
    match best {
        // The chosen derivation again, for the tree.
        Some((index, _)) if records(&start) => branches[index](start),
        Some((_, rest)) => Ok((rest, ())),
        None => backtrack(),
    }
}

/// `item [ sep X ]`, the right recursion `X  item [ sep X ]` read as a
/// loop: one `item`, then `sep item` as long as both match. A `sep` that no
/// `item` follows is left: the recursion must end in an `item`.
pub(crate) fn separated<'a, O>(
    start: Cursor<'a>,
    item: impl Fn(Cursor<'a>) -> Reading<'a, O>,
    sep: &'static str,
) -> Step<'a> {
    let (mut at, _) = item(start)?;
    loop {
        let Ok((after, _)) = literal(sep)(at) else {
            break;
        };
        match item(after) {
            Ok((next, _)) => at = next,
            Err(_) => break,
        }
    }
    Ok((at, ()))
}

/// `item [ X ]`, the right recursion `X  item [ X ]` read as a loop: one
/// or more `item`s.
pub(crate) fn repeated<'a, O>(
    start: Cursor<'a>,
    item: impl Fn(Cursor<'a>) -> Reading<'a, O>,
) -> Step<'a> {
    let (mut at, _) = item(start)?;
    while let Ok((next, _)) = item(at) {
        at = next;
    }
    Ok((at, ()))
}

/// `path  void | segment [ / path ]` read as a loop: segments, each
/// followed by a `/` that may end the path (D12: no leading `/`, no empty
/// segment, an optional final `/`). `/` is no segment character, so each
/// segment runs to its end and the loop stops at the first `/` that no
/// segment follows but another `/` (or the end).
pub(crate) fn path<'a, O>(
    start: Cursor<'a>,
    segment: impl Fn(Cursor<'a>) -> Reading<'a, O>,
) -> Step<'a> {
    let mut at = start;
    loop {
        match segment(at) {
            Ok((rest, _)) => at = rest,
            Err(_) => break,
        }
        match literal("/")(at) {
            Ok((rest, _)) => at = rest,
            Err(_) => break,
        }
    }
    Ok((at, ()))
}

/// `parser` on the next `len` bytes only, which it must match whole: how a
/// production reads a part whose end another part decides (the `scheme` of
/// `generic` ends at the first `:`, the `user` of a login at its `@`).
pub(crate) fn within<'a, O>(
    start: Cursor<'a>,
    len: usize,
    parser: impl FnOnce(Cursor<'a>) -> Reading<'a, O>,
) -> Step<'a> {
    let limited = nom::Input::take(&start, len);
    let (rest, _) = parser(limited)?;
    if rest.offset() != start.offset() + len {
        return backtrack();
    }
    Ok((start.skip(len), ()))
}

/// `left @ right`, where `left` is a run of `class` units (`xalphas`, or a
/// user and password made of them) and `@` is one of them too (D11,
/// section 8 "`@` splits"): neither the first nor the last `@` of the run is
/// always the split. `right` (a host, host name or hostport) is made of
/// `class` units as well, so no derivation goes past the end of the run:
/// each `@` after the first unit is tried until `right` reaches it, else the
/// split that matches the most is taken. `right` from an `@` stops at the
/// next `@` unless it reaches the end of the run, so the tries read the text
/// about once.
pub(crate) fn at_split<'a, L, R>(
    start: Cursor<'a>,
    class: &Class,
    left: impl Fn(Cursor<'a>) -> Reading<'a, L>,
    right: impl Fn(Cursor<'a>) -> Reading<'a, R>,
) -> Step<'a> {
    let bytes = start.bytes();
    let run = run_len(bytes, class);
    let end_of_run = start.offset() + run;
    let mut best: Option<(usize, usize)> = None;
    for (at, &byte) in bytes[..run].iter().enumerate().skip(1) {
        if byte != b'@' {
            continue;
        }
        if let Ok((rest, _)) = quiet(&start, || right(start.skip(at + 1))) {
            if best.map_or(true, |(_, end)| rest.offset() > end) {
                best = Some((at, rest.offset()));
            }
            if rest.offset() >= end_of_run {
                break;
            }
        }
    }
    let Some((at, _)) = best else {
        // No split: what `left` and the `@` expected, for the error.
        let (rest, _) = left(start)?;
        literal("@")(rest)?;
        return backtrack();
    };
    let (rest, ()) = within(start, at, left)?;
    let (rest, _) = literal("@")(rest)?;
    step(rest, right)
}

// The hot productions on their characters alone, for
// [`recognized_node`]: each reads what the production of the same name
// reads, with the character classes in place of the productions that are
// runs of them. They read bytes and count lengths (`None`: no match), so
// that no cursor or result passes between them; the `*_characters`
// functions put a length back on the cursor. The class of the draft is an
// argument: July and October 1993 read `xalpha` one way, draft 03 another
// (D34).

/// A length read on the bytes, as the step of the cursor.
#[inline(always)]
fn on_bytes(start: Cursor<'_>, len: Option<usize>) -> Step<'_> {
    match len {
        Some(len) => Ok((start.skip(len), ())),
        None => backtrack(),
    }
}

/// `literal`, then what `then` reads after it; `None` when either fails.
#[inline(always)]
fn after_byte(
    bytes: &[u8],
    literal: u8,
    then: impl FnOnce(&[u8]) -> Option<usize>,
) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if byte == literal => then(&bytes[1..]).map(|len| 1 + len),
        _ => None,
    }
}

/// `item [ sep X ]` read as [`separated`] reads it, on the bytes.
#[inline(always)]
fn separated_len(bytes: &[u8], sep: u8, item: impl Fn(&[u8]) -> Option<usize>) -> Option<usize> {
    let mut at = item(bytes)?;
    while let Some(next) = after_byte(&bytes[at..], sep, &item) {
        at += next;
    }
    Some(at)
}

/// A run of at least one unit of `class`.
#[inline(always)]
fn run1_len(bytes: &[u8], class: &Class) -> Option<usize> {
    Some(run_len(bytes, class)).filter(|&len| len > 0)
}

/// `ialpha  alpha [ xalphas ]`.
#[inline(always)]
fn ialpha_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if ALPHA.contains(byte) => Some(1 + run_len(&bytes[1..], xalpha)),
        _ => None,
    }
}

/// `hostname  ialpha [ . hostname ]`, as the loop of `separated`.
#[inline(always)]
fn hostname_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
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
    let digits = |rest: &[u8]| run1_len(rest, &DIGIT);
    let mut at = digits(bytes)?;
    for _ in 0..3 {
        at += after_byte(&bytes[at..], b'.', digits)?;
    }
    Some(at)
}

/// `host  hostname | hostnumber`: disjoint (a letter or a digit first).
#[inline(always)]
fn host_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    match bytes.first() {
        Some(&byte) if ALPHA.contains(byte) => hostname_len(bytes, xalpha),
        _ => hostnumber_len(bytes),
    }
}

/// `hostport  host [ : port ]`, `port  digits`.
#[inline(always)]
fn hostport_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    let host = host_len(bytes, xalpha)?;
    let port = after_byte(&bytes[host..], b':', |rest| run1_len(rest, &DIGIT));
    Some(host + port.unwrap_or(0))
}

/// `path  void | segment [ / path ]` whose segments are runs of
/// `xpalpha`s, read as one run of `characters` (the `xpalpha`s and `/`)
/// and then cut where the loop of [`path`] stops: before a leading `/`
/// (the path is then void), or after the first `/` of a `//` (no segment
/// is empty). A `/` is never part of an escape, so the cut is found in
/// the bytes.
///
/// The run and the search for `//` share one pass while eight bytes at a
/// time are all plain characters of the path (words that overlap by one,
/// so that a pair across two is seen); the rest, and a text that ends in
/// fewer than eight, is read as the run, then searched.
#[inline(always)]
fn path_len(bytes: &[u8], characters: &Class) -> usize {
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
        if let Some(pair) = first_pair(chunk) {
            return at + pair + 1;
        }
        at += 7;
    }
    // The text ends within the next eight bytes: its last eight, when all
    // are plain characters, end the run there.
    if at + 8 > len && len >= 8 {
        let last: &[u8; 8] = bytes[len - 8..].try_into().expect("eight bytes");
        if all_in(characters, last) {
            return first_pair(last).map_or(len, |pair| len - 8 + pair + 1);
        }
    }
    let run = at + run_len(&bytes[at..], characters);
    double_slash(&bytes[at..run]).map_or(run, |slash| at + slash + 1)
}

/// `search  xalphas [ + search ]`, as the loop of `separated`.
#[inline(always)]
fn search_len(bytes: &[u8], xalpha: &Class) -> Option<usize> {
    separated_len(bytes, b'+', |rest| run1_len(rest, xalpha))
}

/// `httpaddress  h t t p : / / hostport [ / path ] [ ? search ]`, the same
/// in the three drafts but for the classes of its parts: the keyword, then
/// the parts in the order the production reads them, each bracket given up
/// when it does not match (as `maybe` gives it up).
#[inline(always)]
fn httpaddress_len(bytes: &[u8], strict: bool, xalpha: &Class, path: &Class) -> Option<usize> {
    const KEYWORD: &str = "http://";
    if !opens_with_scheme(bytes, KEYWORD, strict) {
        return None;
    }
    let mut at = KEYWORD.len();
    at += hostport_len(&bytes[at..], xalpha)?;
    if bytes.get(at) == Some(&b'/') {
        at += 1 + path_len(&bytes[at + 1..], path);
    }
    if bytes.get(at) == Some(&b'?') {
        at += search_len(&bytes[at + 1..], xalpha).map_or(0, |len| 1 + len);
    }
    Some(at)
}

/// [`hostname_len`] on the cursor.
#[inline(always)]
pub(crate) fn hostname_characters<'a>(start: Cursor<'a>, xalpha: &'static Class) -> Step<'a> {
    on_bytes(start, hostname_len(start.bytes(), xalpha))
}

/// [`host_len`] on the cursor.
#[inline(always)]
pub(crate) fn host_characters<'a>(start: Cursor<'a>, xalpha: &'static Class) -> Step<'a> {
    on_bytes(start, host_len(start.bytes(), xalpha))
}

/// [`hostport_len`] on the cursor.
#[inline(always)]
pub(crate) fn hostport_characters<'a>(start: Cursor<'a>, xalpha: &'static Class) -> Step<'a> {
    on_bytes(start, hostport_len(start.bytes(), xalpha))
}

/// [`path_len`] on the cursor.
#[inline(always)]
pub(crate) fn path_characters<'a>(start: Cursor<'a>, characters: &'static Class) -> Step<'a> {
    on_bytes(start, Some(path_len(start.bytes(), characters)))
}

/// [`search_len`] on the cursor.
#[inline(always)]
pub(crate) fn search_characters<'a>(start: Cursor<'a>, xalpha: &'static Class) -> Step<'a> {
    on_bytes(start, search_len(start.bytes(), xalpha))
}

/// [`httpaddress_len`] on the cursor.
#[inline(always)]
pub(crate) fn httpaddress_characters<'a>(
    start: Cursor<'a>,
    xalpha: &'static Class,
    path: &'static Class,
) -> Step<'a> {
    let strict = start.options().strict;
    on_bytes(start, httpaddress_len(start.bytes(), strict, xalpha, path))
}

/// A draft's `url` on its characters: an `httpaddress` (the usual line)
/// that reads to the end of the text is the longest match, since no
/// alternative can match more; any other text is left to `url` itself
/// (`body`), which tries its alternatives. Measured in BENCHMARKS.md ("Hot
/// productions on their characters"): the layers between `url` and the
/// readers of the parts were a fifth of an http line's instructions.
#[inline(always)]
pub(crate) fn url_characters<'a>(
    start: Cursor<'a>,
    xalpha: &'static Class,
    path: &'static Class,
    body: impl Fn(Cursor<'a>) -> Step<'a>,
) -> Step<'a> {
    let bytes = start.bytes();
    match httpaddress_len(bytes, start.options().strict, xalpha, path) {
        Some(len) if len == bytes.len() => Ok((start.skip(len), ())),
        _ => body(start),
    }
}

/// Where the first `//` in `bytes` starts: eight bytes at a time, a word
/// whose bytes equal to `/` are marked in their high bit, and a pair where
/// a byte and the next are both marked. Words overlap by one byte, so that
/// a pair across two of them is seen; the last word is the last eight
/// bytes (a text shorter than eight is padded with zeros, which are no
/// `/`), so that no loop runs byte by byte: the end of such a loop, at a
/// length that changes from line to line, was a mispredicted branch a
/// line (BENCHMARKS.md, "The drafts' readers on bytes").
#[inline(always)]
fn double_slash(bytes: &[u8]) -> Option<usize> {
    let len = bytes.len();
    if len < 8 {
        let mut padded = [0u8; 8];
        padded[..len].copy_from_slice(bytes);
        return first_pair(&padded);
    }
    let mut at = 0;
    while at + 8 < len {
        let chunk: &[u8; 8] = bytes[at..at + 8].try_into().expect("eight bytes");
        if let Some(pair) = first_pair(chunk) {
            return Some(at + pair);
        }
        at += 7;
    }
    // The last eight bytes: a pair that starts in what the words before
    // already read would have been found there, so the first pair here is
    // the first of the text.
    let last: &[u8; 8] = bytes[len - 8..].try_into().expect("eight bytes");
    first_pair(last).map(|pair| len - 8 + pair)
}

/// The first of the eight bytes of `chunk` that is a `/` followed by a
/// `/`, found on them as one word.
#[inline(always)]
fn first_pair(chunk: &[u8; 8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let other = u64::from_le_bytes(*chunk) ^ (ONES * u64::from(b'/'));
    // A byte of `other` is zero where the byte is `/`: exactly those get
    // their high bit here (no carry crosses a byte).
    let slashes = !(((other & LOW_SEVEN) + LOW_SEVEN) | other) & !LOW_SEVEN;
    let pairs = slashes & (slashes >> 8);
    (pairs != 0).then(|| pairs.trailing_zeros() as usize / 8)
}

#[cfg(test)]
mod tests {
    use super::{double_slash, path_len, run_len};
    use crate::dialect::chars::{PATH_03, PATH_1993};

    #[test]
    fn a_path_ends_where_its_run_cut_at_the_first_double_slash_ends() {
        // The reading `path_len` shares one pass for: the run, then the cut.
        let reference = |bytes: &[u8], class| {
            let taken = &bytes[..run_len(bytes, class)];
            match taken.first() {
                Some(b'/') => 0,
                _ => double_slash(taken).map_or(taken.len(), |slash| slash + 1),
            }
        };
        let alphabet = b"a/%4?";
        for len in 0..=9u32 {
            for mut code in 0..5usize.pow(len) {
                let text: Vec<u8> = (0..len)
                    .map(|_| {
                        let byte = alphabet[code % 5];
                        code /= 5;
                        byte
                    })
                    .collect();
                for class in [&PATH_1993, &PATH_03] {
                    assert_eq!(
                        path_len(&text, class),
                        reference(&text, class),
                        "{:?}",
                        String::from_utf8_lossy(&text)
                    );
                }
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
    fn double_slash_finds_the_first_pair_wherever_the_words_split() {
        // Every string of `a` and `/` up to 16 bytes: pairs at every place
        // in and across the eight-byte words.
        for len in 0..=16 {
            for bits in 0u32..(1 << len) {
                let text: Vec<u8> = (0..len)
                    .map(|i| if bits >> i & 1 == 1 { b'/' } else { b'a' })
                    .collect();
                let expected = text.windows(2).position(|pair| pair == b"//");
                assert_eq!(
                    double_slash(&text),
                    expected,
                    "{:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
        // Longer texts: single slashes everywhere, and a pair at each place.
        for len in 17..=40 {
            let mut text: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'/' } else { b'a' })
                .collect();
            assert_eq!(double_slash(&text), None, "{len}");
            for pair in 0..len - 1 {
                let saved = (text[pair], text[pair + 1]);
                text[pair] = b'/';
                text[pair + 1] = b'/';
                let expected = text.windows(2).position(|two| two == b"//");
                assert_eq!(double_slash(&text), expected, "{len} {pair}");
                (text[pair], text[pair + 1]) = saved;
            }
        }
    }
}
