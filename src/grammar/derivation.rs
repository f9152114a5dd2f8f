//! The derivation of a match, recorded: which productions matched where,
//! each with those inside it. For the drafts' trees (`dialect::tree`),
//! which are derivations rather than typed nodes; no other pass records.
//!
//! The recording is a switch of the cursor, like the diagnostic pass: a
//! production entered while it is on (`production::enter`) marks where its
//! nodes begin, and once it has matched, makes them its children.

use alloc::vec::Vec;

use crate::grammar::cursor::Cursor;
use crate::grammar::notes::Notes;
pub(crate) use crate::grammar::notes::Recorded;
use crate::rule::Production;
use crate::span::Span;

/// Where the nodes of the production about to be read begin in the
/// recorded derivation.
#[cold]
#[inline(never)]
pub(crate) fn mark(notes: Option<&Notes>) -> usize {
    notes.map_or(0, |notes| notes.derivation.borrow().len())
}

/// The production read from `start` matched up to `end` (`None`: it did
/// not): the nodes recorded since `mark` become its children, or are
/// dropped with it.
#[cold]
#[inline(never)]
pub(crate) fn recorded(
    notes: Option<&Notes>,
    mark: usize,
    production: Production,
    start: usize,
    end: Option<usize>,
) {
    let Some(notes) = notes else {
        return;
    };
    let mut nodes = notes.derivation.borrow_mut();
    let children = nodes.split_off(mark);
    if let Some(end) = end {
        nodes.push(Recorded {
            production,
            span: Span::new(start, end),
            children,
        });
    }
}

/// Runs `parser` from `start` recording the derivation into `notes`
/// (fresh: the caller makes them where the text is borrowed, so that the
/// cursor may borrow them too), and gives it back: the productions that
/// matched outermost, in order, each with those inside it.
pub(crate) fn record<'a, R>(
    start: Cursor<'a>,
    notes: &'a Notes,
    parser: impl FnOnce(Cursor<'a>) -> R,
) -> (R, Vec<Recorded>) {
    let result = parser(start.with_tree().recording_into(notes));
    (result, notes.derivation.take())
}

/// Runs `parser` from `start` without recording: how a production that
/// compares several derivations tries them, before it reads the chosen
/// one again to record it.
pub(crate) fn quiet<'a, R>(start: Cursor<'a>, parser: impl FnOnce(Cursor<'a>) -> R) -> R {
    parser(start.without_recording())
}
