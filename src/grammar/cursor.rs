//! The cursor: what every production reads inside the crate.
//!
//! A cursor is the rest of the text, its byte offset from the start of the
//! caller's text, the options, and the switches of the pass it belongs to.
//! Slicing it is an addition, so a production costs what its own bytes
//! cost, whatever input the caller gave. The caller's own input never
//! reaches a production: `crate::grammar::door` makes the cursor from it
//! and turns the result back into it.

use core::marker::PhantomData;

use nom::error::{ContextError, ErrorKind, ParseError};
use nom::{IResult, Needed};

use crate::options::Options;
use crate::span::{Place, Span};

/// How a pass joins the productions: each a call of its one compiled body
/// ([`Calls`], every pass but one), or each inlined into the production
/// that reads it ([`Inlines`], the first pass of [`crate::parse`], one
/// function a scheme). A production is written once, and compiled once for
/// each mode: on its own, where the other productions call it, and inlined
/// into the ten functions of `parse` that read a scheme (see `production!`
/// in `crate::grammar::production`). So the crate's build compiles each
/// production's body about twice, not once for every way to reach it, and
/// `parse` still reads a URL without a call between its productions.
pub(crate) trait Mode: Copy + core::fmt::Debug + 'static {
    /// Whether the productions are inlined into each other.
    const INLINES: bool;
}

/// Every pass but `parse`'s first: each production a call of its body.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Calls;

/// `parse`'s first pass: each production inlined where it is read. Never
/// the diagnostic pass, and always building the tree.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Inlines;

impl Mode for Calls {
    const INLINES: bool = false;
}

impl Mode for Inlines {
    const INLINES: bool = true;
}

/// The input of the productions inside the crate.
///
/// Not exported: a caller gives a `Text` (`crate::grammar::door`), and the
/// door makes the cursor.
///
/// The cursor keeps the text it was made on and an index into it: moving on
/// is an addition, where slicing the rest as a `str` checked a character
/// boundary at every step (about a tenth of `parse`'s instructions, and a
/// panic path inlined at every step).
#[derive(Debug, Clone, Copy)]
pub struct Cursor<'a, M: Mode = Calls> {
    /// The text the cursor was made on, up to where `take` cut it.
    text: &'a str,
    /// The index of the cursor in `text`.
    at: usize,
    /// The byte offset of `text` in the caller's text, with [`TRACED`]
    /// set in the diagnostic pass: the flag every production tests, in a
    /// word stored and loaded whole. As a `bool` next to the others, it was
    /// stored as one byte and loaded with its neighbour as one word, which
    /// the processor cannot forward from the store (BENCHMARKS.md, "The
    /// pass in the offset's top bit").
    base: usize,
    options: Options,
    builds: bool,
    mode: PhantomData<M>,
}

/// The bit of [`Cursor::base`] set in the diagnostic pass: no offset
/// reaches it (a text is at most `isize::MAX` bytes long).
const TRACED: usize = 1 << (usize::BITS - 1);

/// The bit of [`Cursor::base`] set where the trace records the derivation
/// (the drafts' trees, `dialect::tree`). No offset reaches it either: a
/// text is shorter than a quarter of the address space.
const RECORDING: usize = 1 << (usize::BITS - 2);

/// The bits of [`Cursor::base`] that are not the offset.
const PASS: usize = TRACED | RECORDING;

/// The bits of the flags word of [`Cursor::into_words`]: the options'
/// strictness and whether the tree is wanted.
const WORD_STRICT: u8 = 1;
const WORD_BUILDS: u8 = 2;

/// The result of a production inside the crate.
pub(crate) type Reading<'a, O, M = Calls> = IResult<Cursor<'a, M>, O, Backtrack>;

impl<'a> Cursor<'a> {
    /// The cursor at the start of `text`, which begins `offset` bytes into
    /// the caller's text.
    pub(crate) fn new(text: &'a str, offset: usize, options: Options) -> Self {
        debug_assert_eq!(offset & PASS, 0);
        Cursor {
            text,
            at: 0,
            base: offset & !PASS,
            options,
            builds: true,
            mode: PhantomData,
        }
    }

    /// The same cursor for `parse`'s first pass, in which the productions
    /// are inlined ([`Inlines`]).
    pub(crate) fn inlining(self) -> Cursor<'a, Inlines> {
        debug_assert!(!self.traced() && self.builds);
        Cursor {
            text: self.text,
            at: self.at,
            base: self.base,
            options: self.options,
            builds: true,
            mode: PhantomData,
        }
    }

    /// The same cursor for a pass that only decides whether the text
    /// matches: the productions that read a second derivation of the same
    /// text only for the tree (`url`, `schemepart`) leave it out.
    pub(crate) fn recognizing(self) -> Self {
        Cursor {
            builds: false,
            ..self
        }
    }

    pub(crate) fn building(self) -> Self {
        Cursor {
            builds: true,
            ..self
        }
    }

    /// The same cursor, recording into the trace or not.
    pub(crate) fn with_trace(self, traced: bool) -> Self {
        let base = match traced {
            true => self.base | TRACED,
            false => self.base & !TRACED,
        };
        Cursor { base, ..self }
    }

    /// The same cursor, recording the derivation into the trace or not.
    #[cfg(feature = "dialect")]
    pub(crate) fn with_recording(self, recording: bool) -> Self {
        let base = match recording {
            true => self.base | RECORDING,
            false => self.base & !RECORDING,
        };
        Cursor { base, ..self }
    }
}

impl<'a, M: Mode> Cursor<'a, M> {
    /// The same cursor in another mode: how a production read in one mode
    /// is called in the other (only [`Calls`] ever calls).
    #[inline(always)]
    pub(crate) fn in_mode<N: Mode>(self) -> Cursor<'a, N> {
        Cursor {
            text: self.text,
            at: self.at,
            base: self.base,
            options: self.options,
            builds: self.builds,
            mode: PhantomData,
        }
    }

    /// Whether the tree is wanted, or only where the match ends.
    #[inline(always)]
    pub(crate) fn builds(&self) -> bool {
        M::INLINES || self.builds
    }

    // `rest`, `bytes` and `upto` read the text with `get`, which cannot
    // fail: every cursor is at a character boundary within its text, since
    // the productions step over the ASCII bytes they read (`skip` asserts
    // it in debug builds). Indexing put a panic's call at every place a
    // production was inlined, some 15 KB of `parse`'s 117 KB.

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

    /// The cursor as four words, for a call out of line: passed as one
    /// argument, a cursor is copied to the stack and read there, and its
    /// `bool`s, stored one by one, were loaded as one word, which the
    /// processor cannot forward from the stores (BENCHMARKS.md, "The cursor
    /// in registers"). [`Cursor::from_words`] is the inverse.
    #[inline(always)]
    pub(crate) fn into_words(self) -> (&'a str, usize, usize, u8) {
        // The pass is in `base` already.
        let strict = if self.options.strict { WORD_STRICT } else { 0 };
        let builds = if self.builds { WORD_BUILDS } else { 0 };
        let flags = strict | builds;
        (self.text, self.at, self.base, flags)
    }

    /// The cursor of [`Cursor::into_words`].
    #[inline(always)]
    pub(crate) fn from_words(text: &'a str, at: usize, base: usize, flags: u8) -> Self {
        Cursor {
            text,
            at,
            base,
            options: Options::default().with_strict(flags & WORD_STRICT != 0),
            builds: flags & WORD_BUILDS != 0,
            mode: PhantomData,
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
        (self.base & !PASS) + self.at
    }

    /// The options this parse runs with.
    #[inline(always)]
    pub(crate) fn options(&self) -> Options {
        self.options
    }

    /// Whether this is the diagnostic pass, which records into the trace.
    #[inline(always)]
    pub(crate) fn traced(&self) -> bool {
        !M::INLINES && self.base & TRACED != 0
    }

    /// Whether the trace records the derivation: the productions entered
    /// and where each matched (the drafts' trees, `record`).
    #[cfg(feature = "dialect")]
    #[inline(always)]
    pub(crate) fn recording(&self) -> bool {
        !M::INLINES && self.base & RECORDING != 0
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
        match self.base & !PASS {
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

impl<'a, M: Mode> nom::Input for Cursor<'a, M> {
    type Item = char;
    type Iter = core::str::Chars<'a>;
    type IterIndices = core::str::CharIndices<'a>;

    fn input_len(&self) -> usize {
        self.text.len() - self.at
    }

    fn take(&self, index: usize) -> Self {
        Cursor {
            text: &self.text[..self.at + index],
            ..*self
        }
    }

    fn take_from(&self, index: usize) -> Self {
        self.skip(index)
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.skip(index), self.take(index))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.rest().position(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.rest().chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.rest().char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.rest().slice_index(count)
    }
}

impl<M: Mode> nom::Offset for Cursor<'_, M> {
    fn offset(&self, second: &Self) -> usize {
        second.offset() - self.offset()
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
