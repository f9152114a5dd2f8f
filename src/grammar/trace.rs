//! The trace of the diagnostic pass, and the diagnosis it gives.
//!
//! A parse runs the productions once on a cursor that records nothing.
//! Only when that fails does it run them again in the diagnostic pass, in
//! which every branch that stops or fails tells the trace what it expected
//! and where; the trace keeps, at the furthest offset any branch reached,
//! what each expected there and which productions were open. The
//! [`Diagnosis`] is that record, with the covered expectations left out:
//! where and why the text does not match. A parse that succeeds records
//! nothing and allocates nothing.

use alloc::vec::Vec;

use crate::error::Expected;
use crate::grammar::chars::drop_subsumed;
use crate::grammar::cursor::{Cursor, Inlining, Parsed};
pub(crate) use crate::grammar::notes::Notes;
use crate::rule::Production;

// The diagnostic pass's three calls into the trace, out of line: inlined,
// each access and push was copied into every production of the first
// pass, which never runs them.

/// Records into the trace that `expected` would have matched at `offset`.
#[cold]
#[inline(never)]
pub(crate) fn record_expected(notes: Option<&Notes>, offset: usize, expected: &[Expected]) {
    if let Some(notes) = notes {
        notes.trace.record(offset, expected);
    }
}

/// Opens `production` on the trace's stack.
#[cold]
#[inline(never)]
pub(crate) fn open(notes: Option<&Notes>, production: Production) {
    if let Some(notes) = notes {
        notes.trace.enter(production);
    }
}

/// Closes the innermost production on the trace's stack.
#[cold]
#[inline(never)]
pub(crate) fn close(notes: Option<&Notes>) {
    if let Some(notes) = notes {
        notes.trace.leave();
    }
}

/// Runs `branch` in the diagnostic pass as the preferred one of several
/// alternatives: where it fails as far as another, the error is its own
/// (its stack and what it expected), not theirs together. Outside the
/// diagnostic pass it only runs `branch`.
pub(crate) fn preferred<'a, O, M: Inlining>(
    start: Cursor<'a, M>,
    branch: impl FnOnce(Cursor<'a, M>) -> Parsed<'a, O, M>,
) -> Parsed<'a, O, M> {
    let Some(notes) = start.notes().filter(|_| start.diagnosing()) else {
        return branch(start);
    };
    notes.trace.preferring.set(true);
    notes.trace.preferred_won.set(false);
    let result = branch(start);
    notes.trace.preferring.set(false);
    result
}

/// Why a production did not match, as the diagnostic pass found it.
#[derive(Debug)]
pub(crate) struct Diagnosis {
    /// The furthest offset any branch reached, in the caller's text.
    pub(crate) offset: usize,
    /// The productions open there, outermost first.
    pub(crate) stack: Vec<Production>,
    /// What the grammar would have accepted there, the covered items left
    /// out.
    pub(crate) expected: Vec<Expected>,
}

impl Diagnosis {
    /// Runs `parser` from `start` again with a trace, kept in `notes`
    /// (fresh: the caller makes them where the text is borrowed, so that
    /// the cursor may borrow them too). `rule` is the production asked
    /// for: the outermost when no production was open (the character
    /// classes do not name themselves).
    pub(crate) fn of<'a, O>(
        start: Cursor<'a>,
        notes: &'a Notes,
        rule: Production,
        parser: impl Fn(Cursor<'a>) -> Parsed<'a, O>,
    ) -> Diagnosis {
        // The first pass failed, and the passes differ only in what they
        // record (and, in the drafts' hot productions, in reading through
        // the productions that the first pass reads as characters).
        let diagnosed = parser(start.diagnosing_into(notes).with_tree());
        debug_assert!(
            diagnosed.is_err(),
            "the diagnostic pass matched where the first did not"
        );
        let trace = &notes.trace;
        let (furthest, mut stack, mut expected) = (
            trace.furthest.get(),
            trace.stack.take(),
            trace.expected.take(),
        );
        let end = start.offset() + start.rest().len();
        let offset = furthest.unwrap_or(start.offset()).min(end);
        if stack.is_empty() {
            stack.push(rule);
        }
        drop_subsumed(&mut expected);
        Diagnosis {
            offset,
            stack,
            expected,
        }
    }

    /// The nom error kind that comes nearest to what was expected.
    pub(crate) fn kind(&self) -> nom::error::ErrorKind {
        use nom::error::ErrorKind;
        match self.expected.first() {
            Some(Expected::Literal(_)) => ErrorKind::Tag,
            Some(Expected::EndOfInput) => ErrorKind::Eof,
            Some(Expected::Rule(_)) => ErrorKind::Char,
            _ => ErrorKind::Fail,
        }
    }
}
