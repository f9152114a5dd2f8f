//! The drafts' own combinators, on the crate's cursor, beside the BNF
//! notation of `crate::grammar::notation`: a production's node, the longest
//! of several alternatives, a right recursion read as a loop, a path of
//! segments, a production read inside a limit, and the split of
//! `xalphas @ host`.
//!
//! Every one reads a set of strings the way D3 asks: a string matches when
//! some derivation gives the whole of it. Where one commits to one
//! derivation it says why no other could match more.

use alloc::vec::Vec;

use super::Match;
use crate::grammar::chars::Class;
use crate::grammar::cursor::{Cursor, Parsed};
use crate::grammar::derivation::quiet;
use crate::grammar::fast::run_len;
pub(crate) use crate::grammar::notation::backtrack;
use crate::grammar::notation::tag;

/// What a production's body gives back: where it ends (or that it fails).
pub(crate) type Ends<'a> = Parsed<'a, ()>;

/// A draft's production: `body` says where it stops; the match is the
/// text up to there. (`draft_production!` enters it through the grammar's
/// `production!`, which names it on an error's stack and records it in a
/// derivation.)
#[inline]
pub(crate) fn node<'a>(
    start: Cursor<'a>,
    body: impl Fn(Cursor<'a>) -> Ends<'a>,
) -> Parsed<'a, Match<'a>> {
    let (rest, ()) = body(start)?;
    let (text, span) = start.upto(&rest);
    Ok((rest, Match { text, span }))
}

/// A hot production read two ways, which must find the same match: `body`
/// through the productions it names, for the diagnostic pass (which names
/// them on an error's stack) and for [`super::tree`] (which records them
/// as nodes); `recognize` on the characters alone, everywhere else.
///
/// Why a second reading: entering a production has a cost of its own (its
/// result through memory, the entry and the match), and an address is a
/// dozen of them, a host name, a path or a search several per character
/// run (`hostname`, `ialpha`, `alpha`, `xalphas`; a `segment` and an
/// `xpalphas` for every segment). BENCHMARKS.md ("Entering a draft's
/// production") and benches/records/log.md ("Hot productions on their
/// characters", "The drafts' addresses on their characters") have the
/// measurements. The readers are
/// in `dialect::recognize`; both readings commit to the same derivation
/// and read the right recursions as the same loops. The tests hold both
/// against the grammar files' own reading (`tests/library/dialects.rs`): `check`,
/// which recognizes, on every string, and the tree, which reads `body`, on
/// every string `check` accepts.
#[inline]
pub(crate) fn recognized_node<'a>(
    start: Cursor<'a>,
    body: impl Fn(Cursor<'a>) -> Ends<'a>,
    recognize: impl Fn(Cursor<'a>) -> Ends<'a>,
) -> Parsed<'a, Match<'a>> {
    let (rest, ()) = match start.diagnosing() || start.recording_derivation() {
        true => body(start)?,
        false => recognize(start)?,
    };
    let (text, span) = start.upto(&rest);
    Ok((rest, Match { text, span }))
}

/// `parser`, keeping only where it stopped.
#[inline(always)]
pub(crate) fn ends<'a, O>(
    start: Cursor<'a>,
    parser: impl FnOnce(Cursor<'a>) -> Parsed<'a, O>,
) -> Ends<'a> {
    parser(start).map(|(rest, _)| (rest, ()))
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
) -> Ends<'a> {
    let all = || {
        generic
            .into_iter()
            .chain(addresses.iter().map(|&(_, branch)| branch))
    };
    if start.diagnosing() {
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
        if let Ok((rest, ())) = quiet(start, branch) {
            if rest.offset() == end && !start.recording_derivation() {
                return Ok((rest, ()));
            }
            if best.map_or(true, |(_, far)| rest.offset() > far.offset()) {
                best = Some((branch, rest));
            }
        }
    }
    if let Some(generic) = generic {
        if let Ok((rest, ())) = quiet(start, generic) {
            // `generic` comes first in the BNF: it wins a tie.
            if best.map_or(true, |(_, far)| rest.offset() >= far.offset()) {
                best = Some((generic, rest));
            }
        }
    }
    match best {
        // The chosen derivation again, for the tree.
        Some((branch, _)) if start.recording_derivation() => branch(start),
        Some((_, rest)) => Ok((rest, ())),
        None => backtrack(),
    }
}

/// An alternative of [`longest`].
pub(crate) type Branch<'s, 'a> = &'s dyn Fn(Cursor<'a>) -> Ends<'a>;

/// `a | b | ...` as a set of strings (D3): the alternative that matches the
/// most text, the first of them on a tie. Every alternative is tried, so
/// that an alternative that matches a prefix of another's text (`waisindex`
/// of a `waisdoc`, `generic` of an `httpaddress`) never hides it; but one
/// that reaches the end of the text ends the search, since the later ones
/// can at most tie with it, and lose (outside the diagnostic pass, where
/// they still say what they expected).
pub(crate) fn longest<'a>(start: Cursor<'a>, branches: &[Branch<'_, 'a>]) -> Ends<'a> {
    let mut best: Option<(usize, Cursor<'a>)> = None;
    for (index, branch) in branches.iter().enumerate() {
        if let Ok((rest, ())) = quiet(start, branch) {
            if best.map_or(true, |(_, end)| rest.offset() > end.offset()) {
                best = Some((index, rest));
            }
            if rest.at_end() && !start.diagnosing() {
                break;
            }
        }
    }
    match best {
        // The chosen derivation again, for the tree.
        Some((index, _)) if start.recording_derivation() => branches[index](start),
        Some((_, rest)) => Ok((rest, ())),
        None => backtrack(),
    }
}

/// `item [ sep X ]`, the right recursion `X  item [ sep X ]` read as a
/// loop: one `item`, then `sep item` as long as both match. A `sep` that no
/// `item` follows is left: the recursion must end in an `item`.
pub(crate) fn separated<'a, O>(
    start: Cursor<'a>,
    item: impl Fn(Cursor<'a>) -> Parsed<'a, O>,
    sep: &'static str,
) -> Ends<'a> {
    let (mut at, _) = item(start)?;
    loop {
        let Ok((after, _)) = tag(sep)(at) else {
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
    item: impl Fn(Cursor<'a>) -> Parsed<'a, O>,
) -> Ends<'a> {
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
    segment: impl Fn(Cursor<'a>) -> Parsed<'a, O>,
) -> Ends<'a> {
    let mut at = start;
    loop {
        match segment(at) {
            Ok((rest, _)) => at = rest,
            Err(_) => break,
        }
        match tag("/")(at) {
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
    parser: impl FnOnce(Cursor<'a>) -> Parsed<'a, O>,
) -> Ends<'a> {
    let limited = start.cut(len);
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
    left: impl Fn(Cursor<'a>) -> Parsed<'a, L>,
    right: impl Fn(Cursor<'a>) -> Parsed<'a, R>,
) -> Ends<'a> {
    let bytes = start.bytes();
    let run = run_len(bytes, class);
    let end_of_run = start.offset() + run;
    let mut best: Option<(usize, usize)> = None;
    for (at, &byte) in bytes[..run].iter().enumerate().skip(1) {
        if byte != b'@' {
            continue;
        }
        if let Ok((rest, _)) = quiet(start.skip(at + 1), &right) {
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
        tag("@")(rest)?;
        return backtrack();
    };
    let (rest, ()) = within(start, at, left)?;
    let (rest, _) = tag("@")(rest)?;
    ends(rest, right)
}
