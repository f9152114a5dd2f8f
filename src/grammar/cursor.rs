//! The cursor: what every production reads inside the crate, and the
//! switches of the pass it reads in.
//!
//! A cursor is the rest of the text, its byte offset from the start of the
//! caller's text, the options, and the switches of its pass. Slicing it is
//! an addition, so a production costs what its own bytes cost, whatever
//! input the caller gave. The caller's own input never reaches a
//! production: `crate::grammar::caller` makes the cursor from it and turns
//! the result back into it.
//!
//! # The passes and their switches
//!
//! Every production has one body, read in five passes. Four switches, set
//! on the cursor, are all that tells the passes apart:
//!
//! | pass | run by | inlining ([`Inlining`]) | builds the tree ([`Cursor::builds_tree`]) | diagnosing ([`Cursor::diagnosing`]) | recording the derivation (`Cursor::recording_derivation`) |
//! | --- | --- | --- | --- | --- | --- |
//! | inlined | `parse`; `check` of a scheme's URL | [`Inlined`] | yes | no | no |
//! | called | the combinators (`grammar::NAME`, the drafts') | [`Called`] | yes | no | no |
//! | recognizing | `check` of any other production; `dialect::check` and `dialect::matches` | [`Called`] | no | no | no |
//! | diagnostic | an error, the first time it is asked where and why (`crate::grammar::trace`) | [`Called`] | yes | yes | no |
//! | recording | `dialect::tree` (`crate::grammar::derivation`) | [`Called`] | yes | no | yes |
//!
//! Inlining is in the cursor's type (`crate::grammar::production` has the
//! functions of a production it chooses between); the inlined pass always
//! builds the tree and never diagnoses, so there those tests fold away.
//! Where the tree is not built, the productions that read a second
//! derivation only for the tree (`url`, `schemepart`) leave it out.
//! Diagnosing and recording are the top two bits of the offset word, which
//! every production's test loads whole. The options' strictness is the
//! caller's, the same in every pass.

use core::marker::PhantomData;

use nom::error::{ContextError, ErrorKind, ParseError};
use nom::IResult;

use crate::grammar::notes::Notes;
use crate::options::Options;
use crate::span::{Place, Span};

/// Whether the productions are inlined into each other ([`Inlined`]: one
/// function a scheme of `parse`) or each is a call of its body compiled
/// once ([`Called`]): so the build compiles each body about twice, and
/// `parse` reads a URL without a call between its productions.
pub(crate) trait Inlining: Copy + core::fmt::Debug + 'static {
    /// Whether the productions are inlined into each other.
    const INLINES: bool;

    /// The notes of a cursor as a call out of line hands them on
    /// ([`Cursor::into_words`]): nothing in the inlined pass, which has
    /// none, so that its calls pass no word more for them.
    type Notes<'a>: Copy;

    /// The notes as [`Inlining::Notes`].
    fn pass_notes<'a>(notes: Option<&'a Notes>) -> Self::Notes<'a>;

    /// The notes of [`Inlining::pass_notes`].
    fn passed_notes<'a>(notes: Self::Notes<'a>) -> Option<&'a Notes>;
}

/// Every pass but the inlined one: each production a call of its body.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Called;

/// The inlined pass: each production inlined where it is read. Never the
/// diagnostic pass, and always building the tree.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Inlined;

impl Inlining for Called {
    const INLINES: bool = false;
    type Notes<'a> = Option<&'a Notes>;

    #[inline]
    fn pass_notes(notes: Option<&Notes>) -> Option<&Notes> {
        notes
    }

    #[inline]
    fn passed_notes<'a>(notes: Self::Notes<'a>) -> Option<&'a Notes> {
        notes
    }
}

impl Inlining for Inlined {
    const INLINES: bool = true;
    type Notes<'a> = ();

    #[inline]
    fn pass_notes(_: Option<&Notes>) {}

    #[inline]
    fn passed_notes<'a>(_: Self::Notes<'a>) -> Option<&'a Notes> {
        None
    }
}

/// The input of the productions inside the crate.
///
/// Not exported: a caller gives a `Text` (`crate::grammar::caller`), of
/// which the cursor is made.
///
/// The cursor keeps the text it was made on and an index into it: moving on
/// is an addition, where slicing the rest as a `str` checked a character
/// boundary at every step, with a panic path inlined at every step
/// (BENCHMARKS.md, "The cursor's index").
#[derive(Debug, Clone, Copy)]
pub struct Cursor<'a, M: Inlining = Called> {
    /// The text the cursor was made on, up to where `take` cut it.
    text: &'a str,
    /// The index of the cursor in `text`.
    at: usize,
    /// The byte offset of `text` in the caller's text, with [`DIAGNOSING`]
    /// set in the diagnostic pass and [`RECORDING_DERIVATION`] in the
    /// recording one: the switches every production tests, in a word
    /// stored and loaded whole. As a `bool` next to the others, a switch
    /// was stored as one byte and loaded with its neighbour as one word,
    /// which the processor cannot forward from the store (benches/records/log.md,
    /// "The pass in the offset's top bit").
    offset_and_switches: usize,
    options: Options,
    /// Whether the tree is wanted (see the module's table).
    builds_tree: bool,
    /// What the diagnostic pass and the recording pass write into; `None`
    /// in the others. Handed down with the cursor rather than kept on the
    /// thread, which a library without `std` has no way to do.
    notes: Option<&'a Notes>,
    inlining: PhantomData<M>,
}

/// The bit of the offset word set in the diagnostic pass: no offset reaches
/// it (a text is at most `isize::MAX` bytes long).
const DIAGNOSING: usize = 1 << (usize::BITS - 1);

/// The bit of the offset word set in the recording pass, which records the
/// derivation (the drafts' trees, `dialect::tree`). No offset reaches it
/// either: a text is shorter than a quarter of the address space.
const RECORDING_DERIVATION: usize = 1 << (usize::BITS - 2);

/// The bits of the offset word that are not the offset.
const SWITCHES: usize = DIAGNOSING | RECORDING_DERIVATION;

/// The bits of the flags word of [`Cursor::into_words`]: the options'
/// strictness and whether the tree is wanted.
const WORD_STRICT: u8 = 1;
const WORD_BUILDS_TREE: u8 = 2;

/// The result of a production inside the crate.
pub(crate) type Parsed<'a, O, M = Called> = IResult<Cursor<'a, M>, O, Backtrack>;

impl<'a> Cursor<'a> {
    /// The cursor at the start of `text`, which begins `offset` bytes into
    /// the caller's text.
    pub(crate) fn new(text: &'a str, offset: usize, options: Options) -> Self {
        debug_assert_eq!(offset & SWITCHES, 0);
        Cursor {
            text,
            at: 0,
            offset_and_switches: offset & !SWITCHES,
            options,
            builds_tree: true,
            notes: None,
            inlining: PhantomData,
        }
    }

    /// The same cursor for the inlined pass ([`Inlined`]).
    pub(crate) fn inlined(self) -> Cursor<'a, Inlined> {
        debug_assert!(!self.diagnosing() && self.builds_tree);
        Cursor {
            text: self.text,
            at: self.at,
            offset_and_switches: self.offset_and_switches,
            options: self.options,
            builds_tree: true,
            notes: None,
            inlining: PhantomData,
        }
    }

    /// The same cursor for the recognizing pass, which only decides whether
    /// the text matches: the productions that read a second derivation of
    /// the same text only for the tree (`url`, `schemepart`) leave it out.
    pub(crate) fn without_tree(self) -> Self {
        Cursor {
            builds_tree: false,
            ..self
        }
    }

    /// The same cursor, building the tree.
    pub(crate) fn with_tree(self) -> Self {
        Cursor {
            builds_tree: true,
            ..self
        }
    }

    /// The same cursor, in the diagnostic pass, recording into the trace
    /// of `notes`.
    pub(crate) fn diagnosing_into(self, notes: &'a Notes) -> Self {
        Cursor {
            notes: Some(notes),
            ..self.with_switch(DIAGNOSING, true)
        }
    }

    /// The same cursor, recording the derivation into `notes`.
    #[cfg(feature = "dialect")]
    pub(crate) fn recording_into(self, notes: &'a Notes) -> Self {
        Cursor {
            notes: Some(notes),
            ..self.with_switch(RECORDING_DERIVATION, true)
        }
    }

    /// The same cursor, not recording the derivation.
    #[cfg(feature = "dialect")]
    pub(crate) fn without_recording(self) -> Self {
        self.with_switch(RECORDING_DERIVATION, false)
    }

    /// The same cursor with the bit `switch` of its offset word set or not.
    fn with_switch(self, switch: usize, on: bool) -> Self {
        let offset_and_switches = match on {
            true => self.offset_and_switches | switch,
            false => self.offset_and_switches & !switch,
        };
        Cursor {
            offset_and_switches,
            ..self
        }
    }
}

impl<'a, M: Inlining> Cursor<'a, M> {
    /// The same cursor, of another inlining: how a production inlined in
    /// one pass calls its compiled body (only [`Called`] ever calls).
    #[inline(always)]
    pub(crate) fn with_inlining<N: Inlining>(self) -> Cursor<'a, N> {
        Cursor {
            text: self.text,
            at: self.at,
            offset_and_switches: self.offset_and_switches,
            options: self.options,
            builds_tree: self.builds_tree,
            notes: self.notes,
            inlining: PhantomData,
        }
    }

    /// What the diagnostic or recording pass writes into (`None` in the
    /// other passes).
    #[inline]
    pub(crate) fn notes(&self) -> Option<&'a Notes> {
        match M::INLINES {
            true => None,
            false => self.notes,
        }
    }

    /// Whether the tree is wanted, or only where the match ends.
    #[inline(always)]
    pub(crate) fn builds_tree(&self) -> bool {
        M::INLINES || self.builds_tree
    }

    // `rest`, `bytes` and `upto` read the text with `get`, which cannot
    // fail: every cursor is at a character boundary within its text, since
    // the productions step over the ASCII bytes they read (`skip` asserts
    // it in debug builds). Indexing put a panic's call at every place a
    // production was inlined (BENCHMARKS.md, "The cursor's index").

    /// The text from here on.
    #[inline(always)]
    pub(crate) fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or_default()
    }

    /// Whether the cursor is at the end of its text.
    #[inline(always)]
    pub(crate) fn at_end(&self) -> bool {
        self.at == self.text.len()
    }

    /// The bytes from here on.
    #[inline(always)]
    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes().get(self.at..).unwrap_or_default()
    }

    /// The whole text the cursor reads (up to where `take` cut it) and its
    /// index in it: for the run scanner, which near the end of a text reads
    /// its last eight bytes, some of them before the cursor.
    #[inline(always)]
    pub(crate) fn text_and_index(&self) -> (&'a [u8], usize) {
        (self.text.as_bytes(), self.at)
    }

    /// The cursor as four words and its notes, for a call out of line:
    /// passed as one argument, a cursor is copied to the stack and read
    /// there, and its `bool`s, stored one by one, were loaded as one word,
    /// which the processor cannot forward from the stores
    /// (benches/records/log.md, "The cursor in registers").
    /// [`Cursor::from_words`] is the inverse.
    #[inline(always)]
    pub(crate) fn into_words(self) -> (&'a str, usize, usize, u8, M::Notes<'a>) {
        // The pass is in `offset_and_switches` already.
        let strict = if self.options.strict { WORD_STRICT } else { 0 };
        let builds_tree = if self.builds_tree {
            WORD_BUILDS_TREE
        } else {
            0
        };
        let flags = strict | builds_tree;
        (
            self.text,
            self.at,
            self.offset_and_switches,
            flags,
            M::pass_notes(self.notes()),
        )
    }

    /// The cursor of [`Cursor::into_words`].
    #[inline(always)]
    pub(crate) fn from_words(
        text: &'a str,
        at: usize,
        offset_and_switches: usize,
        flags: u8,
        notes: M::Notes<'a>,
    ) -> Self {
        Cursor {
            text,
            at,
            offset_and_switches,
            options: Options::default().with_strict(flags & WORD_STRICT != 0),
            builds_tree: flags & WORD_BUILDS_TREE != 0,
            notes: M::passed_notes(notes),
            inlining: PhantomData,
        }
    }

    /// The index of the cursor in the text it reads (see
    /// [`Cursor::text_and_index`]).
    #[inline(always)]
    pub(crate) fn index(&self) -> usize {
        self.at
    }

    /// The byte offset of the cursor in the caller's text.
    #[inline(always)]
    pub(crate) fn offset(&self) -> usize {
        (self.offset_and_switches & !SWITCHES) + self.at
    }

    /// The options this parse runs with.
    #[inline(always)]
    pub(crate) fn options(&self) -> Options {
        self.options
    }

    /// Whether this is the diagnostic pass, which records into the trace.
    #[inline(always)]
    pub(crate) fn diagnosing(&self) -> bool {
        !M::INLINES && self.offset_and_switches & DIAGNOSING != 0
    }

    /// Whether the trace records the derivation: the productions entered
    /// and where each matched (the drafts' trees, `record`).
    #[cfg(feature = "dialect")]
    #[inline(always)]
    pub(crate) fn recording_derivation(&self) -> bool {
        !M::INLINES && self.offset_and_switches & RECORDING_DERIVATION != 0
    }

    /// The same cursor with its text ending `len` bytes on: a production
    /// read inside a limit (a draft's scheme up to its colon, `within`).
    #[cfg(feature = "dialect")]
    #[inline(always)]
    pub(crate) fn cut(&self, len: usize) -> Self {
        debug_assert!(self.text.is_char_boundary(self.at + len));
        let text = self.text.get(..self.at + len).unwrap_or(self.text);
        Cursor { text, ..*self }
    }

    /// The cursor `count` bytes on: at most to the end of the text, and
    /// between two characters (the productions step over what they have
    /// read, ASCII), which this asserts in debug builds.
    #[inline(always)]
    pub(crate) fn skip(self, count: usize) -> Self {
        debug_assert!(self.text.is_char_boundary(self.at + count));
        Cursor {
            at: self.at + count,
            ..self
        }
    }

    /// The place of a node from this cursor up to `rest`, a cursor further
    /// on: its text is not cut out when the cursor's text starts at offset
    /// 0 (see [`Place`]).
    #[inline(always)]
    pub(crate) fn place_to(&self, rest: &Cursor<'a, M>) -> Place<'a> {
        match self.offset_and_switches & !SWITCHES {
            0 => Place::within(self.text, Span::new(self.at, rest.at)),
            _ => {
                let (text, span) = self.upto(rest);
                Place::exact(text, span)
            }
        }
    }

    /// The text and span from this cursor up to `rest`, a cursor further on.
    #[inline(always)]
    pub(crate) fn upto(&self, rest: &Cursor<'a, M>) -> (&'a str, Span) {
        // The end first, then the start: two one-sided `get`s are inlined,
        // where a range's `get` was a call.
        let upto_end = self.text.get(..rest.at).unwrap_or_default();
        (
            upto_end.get(self.at..).unwrap_or_default(),
            Span::new(self.offset(), rest.offset()),
        )
    }
}

/// The error of the productions inside the crate: it carries nothing, so
/// that a failing branch costs nothing. Where and why a parse failed is
/// what the trace of the diagnostic pass records (`crate::grammar::trace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Backtrack;

impl<I> ParseError<I> for Backtrack {
    #[inline(always)]
    fn from_error_kind(_: I, _: ErrorKind) -> Self {
        Backtrack
    }

    #[inline(always)]
    fn append(_: I, _: ErrorKind, _: Self) -> Self {
        Backtrack
    }
}

impl<I> ContextError<I> for Backtrack {}
