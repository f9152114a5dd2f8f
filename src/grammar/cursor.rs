//! What the combinators read, inside and at the door.
//!
//! Inside, every production reads a [`Cursor`]: the rest of the text, its
//! byte offset from the start of the text, the options, and in the
//! diagnostic pass a [`Trace`]. Slicing a cursor is an addition, so a
//! production costs what its own bytes cost, whatever input the caller gave.
//!
//! At the door, [`Text`] is what a caller may give: `&str`, or a
//! `nom_locate::LocatedSpan<&str, X>` with an extra of their own. The door
//! runs the production on a cursor with no trace and hands back the caller's
//! input advanced once by the length matched. When the production fails it
//! runs it again with a trace, which records, at the furthest offset any
//! branch reached, what each branch expected there and which productions
//! were open; the caller's error ([`GrammarError`]) is then made at that
//! offset, with the open productions as its contexts. A parse that succeeds
//! allocates nothing and records nothing.

use core::cell::{Cell, RefCell};
use core::marker::PhantomData;

use nom::error::{ContextError, ErrorKind, ParseError};
use nom::{IResult, Needed};
use nom_locate::LocatedSpan;

use crate::error::Expected;
use crate::grammar::chars::drop_subsumed;
use crate::options::Options;
use crate::rule::Rule;
use crate::span::{Place, Span};

/// How a pass joins the productions: each a call of its one compiled body
/// ([`Calls`], every pass but one), or each inlined into the production
/// that reads it ([`Inlines`], the first pass of [`crate::parse`], one
/// function a scheme). A production is written once, and compiled once for
/// each mode: on its own, where the other productions call it, and inlined
/// into the ten functions of `parse` that read a scheme (see
/// [`production!`]). So the crate's build compiles each production's body
/// about twice, not once for every way to reach it, and `parse` still reads
/// a URL without a call between its productions.
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
/// Not exported: a caller gives a [`Text`], and the door makes the cursor.
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

    /// Records, without failing, that `ahead` bytes on the grammar would
    /// also have accepted `expected`.
    #[inline(always)]
    pub(crate) fn expect(&self, ahead: usize, expected: &[Expected]) {
        if self.traced() {
            record_expected(self.offset() + ahead, expected);
        }
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
/// what the [`Trace`] of the second pass records.
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

thread_local! {
    /// The trace of the diagnostic pass of this thread. A cursor cannot
    /// borrow it: the tree borrows the text for `'a`, which outlives any
    /// trace made to explain one failure. The passes never nest (nothing
    /// inside the grammar goes back through the door), and each begins by
    /// clearing it.
    static TRACE: Trace = Trace::default();
}

// The diagnostic pass's three calls into the trace, out of line: inlined,
// each thread-local access and push was copied into every production of
// the first pass, which never runs them.

/// Records into the trace that `expected` would have matched at `offset`.
#[cold]
#[inline(never)]
fn record_expected(offset: usize, expected: &[Expected]) {
    TRACE.with(|trace| trace.record(offset, expected));
}

/// Opens `production` on the trace's stack.
#[cold]
#[inline(never)]
fn open(production: Production) {
    TRACE.with(|trace| trace.enter(production));
}

/// Closes the innermost production on the trace's stack.
#[cold]
#[inline(never)]
fn close() {
    TRACE.with(Trace::leave);
}

/// What the diagnostic pass records: the furthest offset reached, the
/// expectations of every branch that failed there, and the productions open
/// at that point (the common prefix of their stacks when several branches
/// failed there).
#[derive(Debug, Default)]
struct Trace {
    open: RefCell<Vec<Production>>,
    furthest: Cell<Option<usize>>,
    expected: RefCell<Vec<Expected>>,
    stack: RefCell<Vec<Production>>,
    stack_from_end: Cell<bool>,
    /// Whether the branch now read wins a tie at the furthest offset (see
    /// [`preferred`]), and whether it has won the present one.
    preferring: Cell<bool>,
    preferred_won: Cell<bool>,
    /// The derivation recorded so far (see `record`): the productions that
    /// matched, outermost last, each with those inside it.
    #[cfg(feature = "dialect")]
    nodes: RefCell<Vec<Recorded>>,
}

/// A production of a recorded derivation, where it matched, and the
/// productions inside it, in order.
#[cfg(feature = "dialect")]
#[derive(Debug, Clone)]
pub(crate) struct Recorded {
    pub(crate) production: Production,
    pub(crate) span: Span,
    pub(crate) children: Vec<Recorded>,
}

impl Trace {
    fn enter(&self, production: Production) {
        self.open.borrow_mut().push(production);
    }

    fn leave(&self) {
        self.open.borrow_mut().pop();
    }

    fn clear(&self) {
        self.open.borrow_mut().clear();
        self.furthest.set(None);
        self.expected.borrow_mut().clear();
        self.stack.borrow_mut().clear();
        self.stack_from_end.set(false);
        self.preferring.set(false);
        self.preferred_won.set(false);
    }

    /// A branch failed at `offset` where it expected `expected`.
    ///
    /// "End of input" is what follows any complete production, so it says
    /// nothing about which production was being parsed: it sets the stack
    /// only when nothing else failed at that offset.
    fn record(&self, offset: usize, expected: &[Expected]) {
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

/// Runs `branch` in the diagnostic pass as the preferred one of several
/// alternatives: where it fails as far as another, the error is its own
/// (its stack and what it expected), not theirs together. Outside the
/// diagnostic pass it only runs `branch`.
pub(crate) fn preferred<'a, O, M: Mode>(
    start: Cursor<'a, M>,
    branch: impl FnOnce(Cursor<'a, M>) -> Reading<'a, O, M>,
) -> Reading<'a, O, M> {
    if !start.traced() {
        return branch(start);
    }
    TRACE.with(|trace| {
        trace.preferring.set(true);
        trace.preferred_won.set(false);
    });
    let result = branch(start);
    TRACE.with(|trace| trace.preferring.set(false));
    result
}

/// Why a production did not match, as the diagnostic pass found it.
#[doc(hidden)]
#[derive(Debug)]
pub struct Diagnosis {
    /// The furthest offset any branch reached, in the caller's text.
    pub(crate) offset: usize,
    /// The productions open there, outermost first.
    pub(crate) stack: Vec<Production>,
    /// What the grammar would have accepted there, the covered items left
    /// out.
    pub(crate) expected: Vec<Expected>,
}

impl Diagnosis {
    /// Runs `parser` from `start` again with a trace. `rule` is the
    /// production asked for: the outermost when no production was open
    /// (the character classes do not name themselves).
    pub(crate) fn of<'a, O>(
        start: Cursor<'a>,
        rule: Production,
        parser: impl Fn(Cursor<'a>) -> Reading<'a, O>,
    ) -> Diagnosis {
        TRACE.with(Trace::clear);
        // The first pass failed, and the passes differ only in what they
        // record (and, in the drafts' hot productions, in reading through
        // the productions that the first pass reads as characters).
        let traced = parser(start.with_trace(true).building());
        debug_assert!(
            traced.is_err(),
            "the traced pass matched where the first did not"
        );
        let (furthest, mut stack, mut expected) = TRACE.with(|trace| {
            // Copied, not taken: the trace keeps its vectors' capacity for
            // the next error of this thread, and each copy is one allocation.
            (
                trace.furthest.get(),
                trace.stack.borrow().clone(),
                trace.expected.borrow().clone(),
            )
        });
        let end = start.base + start.text.len();
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

    /// The caller's error for this diagnosis of a production read from
    /// `input`: made at the furthest offset, then given the open
    /// productions as contexts, innermost first.
    #[cold]
    fn into_error<'a, I: Text<'a>, E: GrammarError<I>>(self, input: I) -> E {
        let text = input.text();
        let mut ahead = self.offset - input.start();
        // Every offset the grammar records follows an ASCII byte; this
        // only makes sure that slicing cannot panic.
        while !text.is_char_boundary(ahead) {
            ahead -= 1;
        }
        let at = input.advance(ahead);
        let mut error = E::from_error_kind(at.clone(), self.kind());
        for production in self.stack.iter().rev() {
            error = E::add_context(at.clone(), production.name(), error);
        }
        error
    }

    /// The nom error kind that comes nearest to what was expected.
    fn kind(&self) -> ErrorKind {
        match self.expected.first() {
            Some(Expected::Literal(_)) => ErrorKind::Tag,
            Some(Expected::EndOfInput) => ErrorKind::Eof,
            Some(Expected::Rule(_)) => ErrorKind::Char,
            _ => ErrorKind::Fail,
        }
    }
}

/// The errors a caller may ask the combinators for: any nom error that
/// takes contexts, such as `()`, `nom::error::Error`,
/// `nom_language::error::VerboseError` or one of the caller's own.
///
/// A combinator that matches no prefix of its input fails with
/// `nom::Err::Error` (never `Failure`, so `alt`, `opt` and `many0` around it
/// go on), made with the input at the furthest offset the grammar reached,
/// then given, innermost first, the BNF name of every production open there
/// as a context.
pub trait GrammarError<I>: ParseError<I> + ContextError<I> {}

impl<I, E: ParseError<I> + ContextError<I>> GrammarError<I> for E {}

/// A production of one of the grammars the crate reads: RFC 1738's, by
/// its [`Rule`], or an earlier revision's, by its name.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Production {
    /// A production of RFC 1738 section 5.
    Rfc1738(Rule),
    /// A production of a draft, by the name the draft gives it.
    #[cfg(feature = "dialect")]
    Draft(&'static str),
}

impl Production {
    /// The rule of RFC 1738, for one of its productions.
    pub(crate) fn rule(self) -> Option<Rule> {
        match self {
            Production::Rfc1738(rule) => Some(rule),
            #[cfg(feature = "dialect")]
            Production::Draft(_) => None,
        }
    }

    /// The name the grammar gives the production.
    pub fn name(self) -> &'static str {
        match self {
            Production::Rfc1738(rule) => rule.name(),
            #[cfg(feature = "dialect")]
            Production::Draft(name) => name,
        }
    }
}

mod sealed {
    pub trait Sealed {}
}

/// The inputs the combinators of [`crate::grammar`] take: `&'a str`, and
/// `nom_locate::LocatedSpan<&'a str, X>` for any extra `X: Clone`.
///
/// The tree borrows `'a` from the text. Its spans count from the start of
/// the `&str` the combinator was given, or from `location_offset()` for a
/// `LocatedSpan`, so a URL found after a 5-byte prefix has the span `5..`.
/// A `LocatedSpan` is advanced once, by the length matched, so its line is
/// counted once.
pub trait Text<'a>: Clone + sealed::Sealed {
    /// The text from here on.
    #[doc(hidden)]
    fn text(&self) -> &'a str;

    /// The offset of [`Text::text`] in the caller's whole text.
    #[doc(hidden)]
    fn start(&self) -> usize;

    /// This input `count` bytes on.
    #[doc(hidden)]
    fn advance(&self, count: usize) -> Self;

    /// This input after a production matched up to it: `explain` says why
    /// the production does not match the whole of the text it was given.
    /// Only [`Explaining`] keeps it (see [`crate::grammar::whole`]).
    #[doc(hidden)]
    #[inline(always)]
    fn matched(self, _explain: Explain, _options: Options) -> Self {
        self
    }
}

/// Why a production does not match the whole of a text (which begins at
/// an offset of the caller's text): its diagnostic pass, followed by the
/// end of the input. Each production has one, compiled once.
#[doc(hidden)]
pub type Explain = fn(&str, usize, Options) -> Diagnosis;

/// An input of the caller's, given to a production by
/// [`crate::grammar::whole`] and [`crate::grammar::terminated`]: where the
/// production matched, it keeps how to explain why its match is not
/// whole, so that what fails after it fails with the grammar's error.
#[derive(Clone)]
pub struct Explaining<I> {
    /// The input from where the production stopped (or started).
    pub(crate) rest: I,
    /// The input the production was given.
    pub(crate) given: I,
    /// How to explain the production's failure on `given`, once it matched.
    pub(crate) explain: Option<(Explain, Options)>,
}

impl<I: Clone> Explaining<I> {
    /// `input`, before the production reads it.
    pub(crate) fn new(input: I) -> Self {
        Explaining {
            rest: input.clone(),
            given: input,
            explain: None,
        }
    }
}

impl<I> sealed::Sealed for Explaining<I> {}

impl<'a, I: Text<'a>> Text<'a> for Explaining<I> {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self.rest.text()
    }

    #[inline(always)]
    fn start(&self) -> usize {
        self.rest.start()
    }

    #[inline(always)]
    fn advance(&self, count: usize) -> Self {
        Explaining {
            rest: self.rest.advance(count),
            given: self.given.clone(),
            explain: self.explain,
        }
    }

    #[inline(always)]
    fn matched(self, explain: Explain, options: Options) -> Self {
        Explaining {
            explain: Some((explain, options)),
            ..self
        }
    }
}

/// The caller's error `E`, made on [`Explaining`] input: each of its
/// inputs is the caller's own.
#[derive(Debug)]
pub struct ExplainingError<E>(pub(crate) E);

impl<I, E: ParseError<I>> ParseError<Explaining<I>> for ExplainingError<E> {
    fn from_error_kind(input: Explaining<I>, kind: ErrorKind) -> Self {
        ExplainingError(E::from_error_kind(input.rest, kind))
    }

    fn append(input: Explaining<I>, kind: ErrorKind, other: Self) -> Self {
        ExplainingError(E::append(input.rest, kind, other.0))
    }
}

impl<I, E: ContextError<I>> ContextError<Explaining<I>> for ExplainingError<E> {
    fn add_context(input: Explaining<I>, context: &'static str, other: Self) -> Self {
        ExplainingError(E::add_context(input.rest, context, other.0))
    }
}

/// The error of a production read by [`crate::grammar::whole`] or
/// [`crate::grammar::terminated`] whose match was not whole: the grammar's
/// own, as the production would have failed on `given` alone.
pub(crate) fn not_whole<'a, I: Text<'a>, E: GrammarError<I>>(
    given: I,
    explain: (Explain, Options),
) -> E {
    let (explain, options) = explain;
    explain(given.text(), given.start(), options).into_error(given)
}

impl sealed::Sealed for &str {}

impl<'a> Text<'a> for &'a str {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self
    }

    #[inline(always)]
    fn start(&self) -> usize {
        0
    }

    #[inline(always)]
    fn advance(&self, count: usize) -> Self {
        &self[count..]
    }
}

impl<X> sealed::Sealed for LocatedSpan<&str, X> {}

impl<'a, X: Clone> Text<'a> for LocatedSpan<&'a str, X> {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self.fragment()
    }

    #[inline(always)]
    fn start(&self) -> usize {
        self.location_offset()
    }

    #[inline(always)]
    fn advance(&self, count: usize) -> Self {
        nom::Input::take_from(self, count)
    }
}

/// How a reading enters the trace in the diagnostic pass: a production
/// with structure names itself on the stack of open productions
/// (`hostport`, `httpurl`); a character class or a plain run does not
/// (`alpha`, `digits`), so that an error says where in the structure it
/// is, not which character failed (the expected items say that).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Entry {
    /// A production with structure.
    Named(Production),
    /// A character class or a plain run.
    Leaf(Production),
}

impl Entry {
    /// The production entered.
    pub(crate) const fn production(self) -> Production {
        match self {
            Entry::Named(production) | Entry::Leaf(production) => production,
        }
    }
}

/// How a production of RFC 1738 with structure is entered.
pub(crate) const fn named(rule: Rule) -> Entry {
    Entry::Named(Production::Rfc1738(rule))
}

/// How a character class or plain run of RFC 1738 is entered.
pub(crate) const fn leaf(rule: Rule) -> Entry {
    Entry::Leaf(Production::Rfc1738(rule))
}

/// Runs `body`, the reading of `entry`, naming the production on the
/// trace's stack in the diagnostic pass.
///
/// One call of `body` on both passes: a call in each arm of a `match` on the
/// pass inlined every production's body twice, and its productions'
/// bodies twice within each (BENCHMARKS.md, "One body a production").
#[inline(always)]
pub(crate) fn enter<'a, O, M: Mode>(
    start: Cursor<'a, M>,
    entry: Entry,
    body: impl FnOnce(Cursor<'a, M>) -> Reading<'a, O, M>,
) -> Reading<'a, O, M> {
    let named = start.traced() && matches!(entry, Entry::Named(_));
    if named {
        open(entry.production());
    }
    #[cfg(feature = "dialect")]
    let mark = match start.recording() {
        true => Some(recording_mark()),
        false => None,
    };
    let result = body(start);
    if named {
        close();
    }
    #[cfg(feature = "dialect")]
    if let Some(mark) = mark {
        let end = result.as_ref().ok().map(|(rest, _)| rest.offset());
        recorded(mark, entry.production(), start.offset(), end);
    }
    result
}

#[cfg(feature = "dialect")]
/// Where the nodes of the production about to be read begin in the
/// trace's recorded derivation.
#[cold]
#[inline(never)]
fn recording_mark() -> usize {
    TRACE.with(|trace| trace.nodes.borrow().len())
}

#[cfg(feature = "dialect")]
/// The production read from `start` matched up to `end` (`None`: it did
/// not): the nodes recorded since `mark` become its children, or are
/// dropped with it.
#[cold]
#[inline(never)]
fn recorded(mark: usize, production: Production, start: usize, end: Option<usize>) {
    TRACE.with(|trace| {
        let mut nodes = trace.nodes.borrow_mut();
        let children = nodes.split_off(mark);
        if let Some(end) = end {
            nodes.push(Recorded {
                production,
                span: Span::new(start, end),
                children,
            });
        }
    });
}

#[cfg(feature = "dialect")]
/// Runs `parser` from `start` recording the derivation, and gives it back:
/// the productions that matched outermost, in order, each with those inside
/// it. For the trees of `dialect::tree`; no other pass records.
pub(crate) fn record<'a, R>(
    start: Cursor<'a>,
    parser: impl FnOnce(Cursor<'a>) -> R,
) -> (R, Vec<Recorded>) {
    TRACE.with(|trace| trace.nodes.borrow_mut().clear());
    let result = parser(start.building().with_recording(true));
    let nodes = TRACE.with(|trace| trace.nodes.take());
    (result, nodes)
}

#[cfg(feature = "dialect")]
/// Runs `parser` from `start` without recording: how a production that
/// compares several derivations tries them, before it reads the chosen
/// one again to record it.
pub(crate) fn quiet<'a, R>(start: Cursor<'a>, parser: impl FnOnce(Cursor<'a>) -> R) -> R {
    parser(start.with_recording(false))
}

/// A reading in another mode (see [`Cursor::in_mode`]).
#[inline(always)]
pub(crate) fn in_mode<'a, O, M: Mode, N: Mode>(reading: Reading<'a, O, M>) -> Reading<'a, O, N> {
    reading.map(|(rest, output)| (rest.in_mode(), output))
}

/// What a production's entry gives the door: the length matched and the
/// node, or why no prefix matched.
pub(crate) type Outcome<'a, O> = Result<(usize, O), Diagnosis>;

/// The entry of a production: its reading run from the start of `text`
/// (which begins `offset` bytes into the caller's text) with `options`, and
/// on a failure the diagnostic pass. Each production's entry is a function
/// of its own, compiled once in this crate, that every door of that
/// production calls (see [`door`]).
#[inline(always)]
pub(crate) fn outcome<'a, O>(
    text: &'a str,
    offset: usize,
    options: Options,
    entry: Entry,
    read: fn(Cursor<'a>) -> Reading<'a, O>,
) -> Outcome<'a, O> {
    let start = Cursor::new(text, offset, options);
    match read(start) {
        Ok((rest, output)) => Ok((rest.index(), output)),
        Err(_) => Err(Diagnosis::of(start, entry.production(), read)),
    }
}

/// The door between a caller's input and a production: hands the caller's
/// text to the production's entry (`entry`, compiled once in this crate)
/// and turns what it gives back into the caller's input and error (see the
/// module's documentation). This is all a caller's build compiles of a
/// production: the grammar itself is compiled here, once, whatever the
/// caller's input and error types.
#[inline]
pub(crate) fn door<'a, I, E, O>(
    input: I,
    options: Options,
    entry: fn(&'a str, usize, Options) -> Outcome<'a, O>,
    explain: Explain,
) -> IResult<I, O, E>
where
    I: Text<'a>,
    E: GrammarError<I>,
{
    match entry(input.text(), input.start(), options) {
        Ok((len, output)) => Ok((input.advance(len).matched(explain, options), output)),
        Err(diagnosis) => Err(nom::Err::Error(diagnosis.into_error(input))),
    }
}

/// Why the production `read` (entered as `entry`) does not match the whole
/// of `text`: its diagnostic pass, then the end of the input.
pub(crate) fn explain_whole<'a, O>(
    text: &'a str,
    offset: usize,
    options: Options,
    entry: Entry,
    read: fn(Cursor<'a>) -> Reading<'a, O>,
) -> Diagnosis {
    let start = Cursor::new(text, offset, options);
    Diagnosis::of(start, entry.production(), |start| {
        let (rest, _) = read(start)?;
        crate::grammar::notation::eof(rest)
    })
}

/// Declares a production: its combinator, an ordinary nom parser generic
/// over the caller's input and error (a thin door), and beside it, in a
/// module of the same name, its reading (`read`, on the crate's cursor:
/// what the other productions call) and its entry (`entry`, what the door
/// calls), both compiled once in this crate.
///
/// ```text
/// production! {
///     /// ```bnf
///     /// port           = digits
///     /// ```
///     port(start) -> Port<'a>, Entry::Named(Production::Rfc1738(Rule::Port)),
///     {
///         ...the reading, on `start`...
///     }
/// }
/// ```
///
macro_rules! production {
    // A production read in both modes.
    (
        $(#[$doc:meta])*
        $name:ident($start:ident) -> $output:ty, $entry:expr,
        $body:block
    ) => {
        $crate::grammar::cursor::production!(@module $(#[$doc])* $name -> $output, $entry, {
            #[doc = concat!("The reading of [`", stringify!($name), "`](fn@super::", stringify!($name), ") on the crate's cursor: inlined where the productions are (see `Mode`), else a call of [`called`].")]
            // Not every production is read by another (the character
            // classes of section 5 are read by none).
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn read<'a, M: $crate::grammar::cursor::Mode>(
                start: $crate::grammar::cursor::Cursor<'a, M>,
            ) -> $crate::grammar::cursor::Reading<'a, $output, M> {
                // Called by name, not handed as a value: through the
                // compiler's `Fn` shim the inlined body stayed out of line.
                match M::INLINES {
                    true => reading(start),
                    false => $crate::grammar::cursor::in_mode(called(start.in_mode())),
                }
            }

            /// The production compiled on its own, once: where the
            /// productions are called.
            #[inline(never)]
            pub(crate) fn called<'a>(
                start: $crate::grammar::cursor::Cursor<'a>,
            ) -> $crate::grammar::cursor::Reading<'a, $output> {
                reading(start)
            }

            // Always inlined: into `called` in one mode, into the
            // productions that read it in the other.
            #[inline(always)]
            fn reading<'a, M: $crate::grammar::cursor::Mode>(
                start: $crate::grammar::cursor::Cursor<'a, M>,
            ) -> $crate::grammar::cursor::Reading<'a, $output, M> {
                // The closure is the body of `reading` itself: one call.
                $crate::grammar::cursor::enter(
                    start,
                    $entry,
                    #[inline(always)]
                    |$start| $body,
                )
            }
        });
    };
    // A production only ever called (the drafts': `parse` reads none).
    (
        calls;
        $(#[$doc:meta])*
        $name:ident($start:ident) -> $output:ty, $entry:expr,
        $body:block
    ) => {
        $crate::grammar::cursor::production!(@module $(#[$doc])* $name -> $output, $entry, {
            #[doc = concat!("The reading of [`", stringify!($name), "`](fn@super::", stringify!($name), ") on the crate's cursor.")]
            #[allow(dead_code)]
            pub(crate) fn read<'a>(
                start: $crate::grammar::cursor::Cursor<'a>,
            ) -> $crate::grammar::cursor::Reading<'a, $output> {
                $crate::grammar::cursor::enter(start, $entry, |$start| $body)
            }

            use read as called;
        });
    };
    // The door, and the module beside it: the readings, the node type, the
    // entry and the explanation of a failure.
    (@module $(#[$doc:meta])* $name:ident -> $output:ty, $entry:expr, { $($reading:tt)* }) => {
        $(#[$doc])*
        pub fn $name<'a, I, E>(input: I) -> nom::IResult<I, $output, E>
        where
            I: $crate::grammar::Text<'a>,
            E: $crate::grammar::GrammarError<I>,
        {
            $crate::grammar::cursor::door(
                input,
                $crate::Options::default(),
                $name::entry,
                $name::explain,
            )
        }

        #[doc = concat!("The reading and the entry of [`", stringify!($name), "`](fn@", stringify!($name), ").")]
        pub(crate) mod $name {
            #[allow(unused_imports)]
            use super::*;

            /// The node the production gives.
            #[allow(dead_code)]
            pub(crate) type Output<'a> = $output;

            $($reading)*

            /// The entry of the production: what its doors call.
            pub(crate) fn entry<'a>(
                text: &'a str,
                offset: usize,
                options: $crate::Options,
            ) -> $crate::grammar::cursor::Outcome<'a, $output> {
                $crate::grammar::cursor::outcome(text, offset, options, $entry, called)
            }

            /// Why the production does not match the whole of `text`.
            pub(crate) fn explain(
                text: &str,
                offset: usize,
                options: $crate::Options,
            ) -> $crate::grammar::cursor::Diagnosis {
                $crate::grammar::cursor::explain_whole(text, offset, options, $entry, called)
            }
        }
    };
}
pub(crate) use production;

/// Declares productions that are runs of characters (or one character), a
/// line each: `name -> Node = run, entry;` is the production `name`, whose
/// node `Node` is the place of what `run` matched (`map(recognize(run),
/// Node::at)`).
macro_rules! runs {
    ($($(#[$doc:meta])* $name:ident -> $node:ident = $run:expr, $entry:expr;)+) => {
        $(
            $crate::grammar::cursor::production! {
                $(#[$doc])*
                $name(start) -> $node<'a>, $entry,
                {
                    $crate::grammar::notation::map(
                        $crate::grammar::notation::recognize($run),
                        $node::at,
                    )(start)
                }
            }
        )+
    };
}
pub(crate) use runs;
