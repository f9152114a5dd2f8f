//! How a production is declared, and how it is entered.
//!
//! A production is written once, in a `production!` block (or a line of
//! `runs!`) of the module of its section of the grammar. The macro makes of
//! it an ordinary nom parser generic over the caller's input and error (a
//! thin door, `crate::grammar::door`), and beside it, in a module of the
//! same name, its readings on the crate's cursor, compiled once in this
//! crate. Every reading enters the production through [`enter`], which in
//! the diagnostic pass names it on the trace's stack of open productions,
//! and where the derivation is recorded, records it.

use crate::grammar::cursor::{Cursor, Mode, Reading};
#[cfg(feature = "dialect")]
use crate::grammar::derivation;
use crate::grammar::trace::{close, open};
use crate::rule::{Production, Rule};

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
        true => Some(derivation::mark()),
        false => None,
    };
    let result = body(start);
    if named {
        close();
    }
    #[cfg(feature = "dialect")]
    if let Some(mark) = mark {
        let end = result.as_ref().ok().map(|(rest, _)| rest.offset());
        derivation::recorded(mark, entry.production(), start.offset(), end);
    }
    result
}

/// A reading in another mode (see [`Cursor::in_mode`]).
#[inline(always)]
pub(crate) fn in_mode<'a, O, M: Mode, N: Mode>(reading: Reading<'a, O, M>) -> Reading<'a, O, N> {
    reading.map(|(rest, output)| (rest.in_mode(), output))
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
        $crate::grammar::production::production!(@module $(#[$doc])* $name -> $output, $entry, {
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
                    false => $crate::grammar::production::in_mode(called(start.in_mode())),
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
                $crate::grammar::production::enter(
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
        $crate::grammar::production::production!(@module $(#[$doc])* $name -> $output, $entry, {
            #[doc = concat!("The reading of [`", stringify!($name), "`](fn@super::", stringify!($name), ") on the crate's cursor.")]
            #[allow(dead_code)]
            pub(crate) fn read<'a>(
                start: $crate::grammar::cursor::Cursor<'a>,
            ) -> $crate::grammar::cursor::Reading<'a, $output> {
                $crate::grammar::production::enter(start, $entry, |$start| $body)
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
            I: $crate::grammar::door::Text<'a>,
            E: $crate::grammar::door::GrammarError<I>,
        {
            $crate::grammar::door::door(
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
            ) -> $crate::grammar::door::Outcome<'a, $output> {
                $crate::grammar::door::outcome(text, offset, options, $entry.production(), called)
            }

            /// Why the production does not match the whole of `text`.
            pub(crate) fn explain(
                text: &str,
                offset: usize,
                options: $crate::Options,
            ) -> $crate::grammar::trace::Diagnosis {
                $crate::grammar::door::explain_whole(text, offset, options, $entry.production(), called)
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
            $crate::grammar::production::production! {
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
