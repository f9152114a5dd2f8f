//! What the passes that record write into, and nothing else: the trace of
//! the diagnostic pass and the derivation of the recording pass, as data.
//! The cursor carries a borrow of them; the passes themselves
//! (`crate::grammar::trace`, `crate::grammar::derivation`) read and write
//! them. Kept apart from both so that the cursor, which both passes use,
//! depends on neither.

use alloc::vec::Vec;
use core::cell::{Cell, RefCell};

use crate::error::Expected;
use crate::rule::Production;
#[cfg(feature = "dialect")]
use crate::span::Span;

/// What the passes that record write into: the diagnostic pass's trace,
/// and the recording pass's derivation. Made by the function that runs the
/// pass, which the cursors of the pass borrow (`Cursor::notes`): the
/// passes never nest (nothing inside the grammar goes back to the caller's
/// side), and a pass leaves nothing behind for the next.
#[derive(Debug, Default)]
pub(crate) struct Notes {
    pub(crate) trace: Trace,
    /// The derivation recorded so far: the productions that matched,
    /// outermost last, each with those inside it
    /// (`crate::grammar::derivation`).
    #[cfg(feature = "dialect")]
    pub(crate) derivation: RefCell<Vec<Recorded>>,
}

/// What the diagnostic pass records: the furthest offset reached, the
/// expectations of every branch that failed there, and the productions open
/// at that point (the common prefix of their stacks when several branches
/// failed there).
#[derive(Debug, Default)]
pub(crate) struct Trace {
    pub(crate) open: RefCell<Vec<Production>>,
    pub(crate) furthest: Cell<Option<usize>>,
    pub(crate) expected: RefCell<Vec<Expected>>,
    pub(crate) stack: RefCell<Vec<Production>>,
    pub(crate) stack_from_end: Cell<bool>,
    /// Whether the branch now read wins a tie at the furthest offset (see
    /// `crate::grammar::trace::preferred`), and whether it has won the
    /// present one.
    pub(crate) preferring: Cell<bool>,
    pub(crate) preferred_won: Cell<bool>,
}

impl Trace {
    pub(crate) fn enter(&self, production: Production) {
        self.open.borrow_mut().push(production);
    }

    pub(crate) fn leave(&self) {
        self.open.borrow_mut().pop();
    }

    /// A branch failed at `offset` where it expected `expected`.
    ///
    /// "End of input" is what follows any complete production, so it says
    /// nothing about which production was being parsed: it sets the stack
    /// only when nothing else failed at that offset.
    pub(crate) fn record(&self, offset: usize, expected: &[Expected]) {
        let open = self.open.borrow();
        let only_end = expected == [Expected::EndOfInput];
        let mut stack = self.stack.borrow_mut();
        let preferring = self.preferring.get();
        match self.furthest.get() {
            Some(furthest) if offset < furthest => return,
            // The preferred branch takes a tie from the others whole: its
            // stack and what it expected, not what both expected.
            Some(furthest) if offset == furthest && preferring && !self.preferred_won.get() => {
                self.expected.borrow_mut().clear();
                stack.clear();
                stack.extend_from_slice(&open);
                self.stack_from_end.set(only_end);
                self.preferred_won.set(true);
            }
            Some(furthest) if offset == furthest => {
                if only_end {
                    // Leave the stack to the other expectations.
                } else if self.stack_from_end.get() {
                    stack.clear();
                    stack.extend_from_slice(&open);
                    self.stack_from_end.set(false);
                } else {
                    let common = stack
                        .iter()
                        .zip(open.iter())
                        .take_while(|(a, b)| a == b)
                        .count();
                    stack.truncate(common);
                }
            }
            _ => {
                self.furthest.set(Some(offset));
                self.expected.borrow_mut().clear();
                stack.clear();
                stack.extend_from_slice(&open);
                self.stack_from_end.set(only_end);
                self.preferred_won.set(preferring);
            }
        }
        let mut set = self.expected.borrow_mut();
        for item in expected {
            if !set.contains(item) {
                set.push(*item);
            }
        }
    }
}

#[cfg(feature = "dialect")]
/// A production of a recorded derivation, where it matched, and the
/// productions inside it, in order.
#[derive(Debug, Clone)]
pub(crate) struct Recorded {
    pub(crate) production: Production,
    pub(crate) span: Span,
    pub(crate) children: Vec<Recorded>,
}
