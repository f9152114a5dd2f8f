//! The input every combinator takes, and the diagnostic trace that turns a
//! failed parse into a precise [`Error`](crate::Error).
//!
//! Parsing runs in two passes. The first pass carries no trace: a failing
//! branch costs nothing but returning [`Backtrack`], so a successful parse
//! allocates nothing and records nothing. Only when the first pass fails does
//! [`crate::check`] (or [`crate::parse`]) run the same combinators again with a
//! [`Trace`], which records, at the furthest offset any branch reached, what
//! each branch expected there and which productions were open.
//!
//! Before either pass, `check` and `parse` try `grammar::fast`, which reads
//! the commonest productions on bytes without slicing an [`Input`]; when it
//! has no answer or says no, the passes above run as described.

use core::cell::{Cell, RefCell};

use nom::error::{ErrorKind, ParseError};
use nom_locate::LocatedSpan;

use crate::error::Expected;
use crate::options::Options;
use crate::rule::Rule;

/// The input of every combinator: the text with its byte offset and line
/// (nom_locate), plus the parse options.
pub type Input<'a> = LocatedSpan<&'a str, Context<'a>>;

/// The result of every combinator.
pub type PResult<'a, O> = nom::IResult<Input<'a>, O, Backtrack>;

/// Makes the input for a combinator from a string.
///
/// ```
/// use rfc1738::{grammar, input, Options};
/// let (rest, host) = grammar::host(input("example.com:80", Options::default())).unwrap();
/// assert_eq!(host.as_str(), "example.com");
/// assert_eq!(*rest.fragment(), ":80");
/// ```
pub fn input(text: &str, options: Options) -> Input<'_> {
    LocatedSpan::new_extra(
        text,
        Context {
            options,
            trace: None,
        },
    )
}

/// What travels with the input: the options, and in the diagnostic pass the
/// trace. It is copied at every slice, so it stays two words small.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    options: Options,
    trace: Option<&'a Trace>,
}

impl<'a> Context<'a> {
    /// The options this parse runs with.
    pub fn options(&self) -> Options {
        self.options
    }

    pub(crate) fn trace(&self) -> Option<&'a Trace> {
        self.trace
    }
}

/// The error of the combinators: it carries nothing, so that failing
/// branches cost nothing. Where and why a parse failed is what
/// [`crate::check`] reports, from a second, traced pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Backtrack;

impl<I> ParseError<I> for Backtrack {
    fn from_error_kind(_: I, _: ErrorKind) -> Self {
        Backtrack
    }

    fn append(_: I, _: ErrorKind, _: Self) -> Self {
        Backtrack
    }
}

/// What the diagnostic pass records: the furthest offset reached, the
/// expectations of every branch that failed there, and the productions open
/// at that point (the common prefix of their stacks when several branches
/// failed there).
#[derive(Debug, Default)]
pub(crate) struct Trace {
    open: RefCell<Vec<Rule>>,
    furthest: Cell<Option<usize>>,
    expected: RefCell<Vec<Expected>>,
    stack: RefCell<Vec<Rule>>,
    stack_from_end: Cell<bool>,
}

impl Trace {
    pub(crate) fn enter(&self, rule: Rule) {
        self.open.borrow_mut().push(rule);
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
        match self.furthest.get() {
            Some(furthest) if offset < furthest => return,
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
            }
        }
        let mut set = self.expected.borrow_mut();
        for item in expected {
            if !set.contains(item) {
                set.push(*item);
            }
        }
    }

    pub(crate) fn furthest(&self) -> Option<usize> {
        self.furthest.get()
    }

    pub(crate) fn into_parts(self) -> (Vec<Rule>, Vec<Expected>) {
        (self.stack.into_inner(), self.expected.into_inner())
    }
}

/// The same input with a trace attached (diagnostic pass) or removed (a
/// look-ahead whose failures are not the grammar's, see `without_trace`).
pub(crate) fn with_trace<'a>(input: Input<'a>, trace: Option<&'a Trace>) -> Input<'a> {
    input.map_extra(|context| Context { trace, ..context })
}
