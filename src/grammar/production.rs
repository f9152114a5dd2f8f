//! How a production is declared, and how it is entered.
//!
//! A production is written once, in a `production!` block (or a line of
//! `runs!`) in the module of its section of the grammar. The macro makes
//! of it five items, every one but the first compiled once, in this crate:
//!
//! | item | what it does | who uses it |
//! | --- | --- | --- |
//! | `NAME` (the combinator) | runs the production on the caller's input and gives the caller's error: `run_for_caller` in [`crate::grammar::caller`], generic, thin | callers, through `crate::grammar` |
//! | `NAME::read::<M>` | reads the production at a cursor: its body inlined where `M` is [`Inlined`], else a call of `out_of_line` | the other productions |
//! | `NAME::out_of_line` | the body compiled on its own, once (`#[inline(never)]`) | `read` in the [`Called`] passes, `entry`, `explain`, `check` |
//! | `NAME::body` (private) | the body, entered through [`enter`], always inlined into the two above | `read`, `out_of_line` |
//! | `NAME::entry`, `NAME::explain` | run `out_of_line` from the start of a text, and on a failure (`entry`), or always (`explain`: then the end of the input), the diagnostic pass | the combinator, `grammar::whole` and `grammar::terminated` |
//!
//! So a caller's build compiles the thin combinator only, and the crate's
//! build compiles each body twice: once out of line, once inlined into
//! the functions of `parse` (the table of the passes is in
//! [`crate::grammar::cursor`]).
//!
//! [`enter`] names the production on the trace's stack of open
//! productions in the diagnostic pass (unless it is [`Naming::Unnamed`]),
//! and where the derivation is recorded, records it.
//!
//! [`Inlined`]: crate::grammar::cursor::Inlined
//! [`Called`]: crate::grammar::cursor::Called

use crate::grammar::cursor::{Cursor, Inlining, Parsed};
#[cfg(feature = "dialect")]
use crate::grammar::derivation;
use crate::grammar::trace::{close, open};
use crate::rule::{Production, Rule};

/// Whether a production names itself on the stack of open productions of
/// an error: one with structure does (`hostport`, `httpurl`); a character
/// class or a plain run does not (`alpha`, `digits`), so that an error says
/// where in the structure it is, not which character failed (what it
/// expected says that).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Naming {
    /// A production with structure: on the stack.
    Named(Production),
    /// A character class or a plain run: not on the stack.
    Unnamed(Production),
}

impl Naming {
    /// The production.
    pub(crate) const fn production(self) -> Production {
        match self {
            Naming::Named(production) | Naming::Unnamed(production) => production,
        }
    }
}

/// A production of RFC 1738 with structure: named on the stack.
pub(crate) const fn named(rule: Rule) -> Naming {
    Naming::Named(Production::Rfc1738(rule))
}

/// A character class or plain run of RFC 1738: not named on the stack.
pub(crate) const fn unnamed(rule: Rule) -> Naming {
    Naming::Unnamed(Production::Rfc1738(rule))
}

/// Runs `body`, the body of the production `naming` says, naming it on the
/// trace's stack in the diagnostic pass and recording it where the
/// derivation is recorded.
///
/// One call of `body` on both passes: a call in each arm of a `match` on the
/// pass inlined every production's body twice, and its productions'
/// bodies twice within each (benches/records/log.md, "One body a production").
#[inline(always)]
pub(crate) fn enter<'a, O, M: Inlining>(
    start: Cursor<'a, M>,
    naming: Naming,
    body: impl FnOnce(Cursor<'a, M>) -> Parsed<'a, O, M>,
) -> Parsed<'a, O, M> {
    let on_stack = start.diagnosing() && matches!(naming, Naming::Named(_));
    if on_stack {
        open(start.notes(), naming.production());
    }
    #[cfg(feature = "dialect")]
    let mark = match start.recording_derivation() {
        true => Some(derivation::mark(start.notes())),
        false => None,
    };
    let result = body(start);
    if on_stack {
        close(start.notes());
    }
    #[cfg(feature = "dialect")]
    if let Some(mark) = mark {
        let end = result.as_ref().ok().map(|(rest, _)| rest.offset());
        derivation::recorded(
            start.notes(),
            mark,
            naming.production(),
            start.offset(),
            end,
        );
    }
    result
}

/// What a production parsed, on a cursor of another inlining (see
/// [`Cursor::with_inlining`]).
#[inline(always)]
pub(crate) fn with_inlining<'a, O, M: Inlining, N: Inlining>(
    parsed: Parsed<'a, O, M>,
) -> Parsed<'a, O, N> {
    parsed.map(|(rest, output)| (rest.with_inlining(), output))
}

/// Declares a production: the five items of the table of this module.
///
/// ```text
/// production! {
///     /// ```bnf
///     /// port           = digits
///     /// ```
///     port(start) -> Port<'a>, named(Rule::Port),
///     {
///         ...the body, on `start`...
///     }
/// }
/// ```
///
/// `called_only;` before the doc comment declares a production that is
/// never inlined (the drafts': `parse` reads none), whose `read` is its
/// `out_of_line`.
macro_rules! production {
    // Each entry point's rustdoc ends with its production's railroad
    // diagram (grammar/diagrams/, drawn by crates/explorer), when
    // documenting only: a draft's folder is the `diagrams!()` of the module
    // that invokes this.
    // A production read inlined and called.
    (
        $(#[$doc:meta])*
        $name:ident($start:ident) -> $output:ty, $naming:expr,
        $body:block
    ) => {
        $crate::grammar::production::production!(@module $(#[$doc])* #[cfg_attr(doc, doc = concat!("\n", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/diagrams/rfc1738/", stringify!($name), ".svg"))))] $name -> $output, $naming, {
            #[doc = concat!("Reads [`", stringify!($name), "`](fn@super::", stringify!($name), ") at a cursor: its body inlined where the productions are (see `Inlining`), else a call of [`out_of_line`].")]
            // Not every production is read by another (the character
            // classes of section 5 are read by none).
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn read<'a, M: $crate::grammar::cursor::Inlining>(
                start: $crate::grammar::cursor::Cursor<'a, M>,
            ) -> $crate::grammar::cursor::Parsed<'a, $output, M> {
                // Called by name, not handed as a value: through the
                // compiler's `Fn` shim the inlined body stayed out of line.
                match M::INLINES {
                    true => body(start),
                    false => $crate::grammar::production::with_inlining(out_of_line(start.with_inlining())),
                }
            }

            /// The body compiled on its own, once: what the passes in which
            /// the productions are called run.
            #[inline(never)]
            pub(crate) fn out_of_line<'a>(
                start: $crate::grammar::cursor::Cursor<'a>,
            ) -> $crate::grammar::cursor::Parsed<'a, $output> {
                body(start)
            }

            // Always inlined: into `out_of_line`, and where the productions
            // are inlined, into the productions that read it.
            #[inline(always)]
            fn body<'a, M: $crate::grammar::cursor::Inlining>(
                start: $crate::grammar::cursor::Cursor<'a, M>,
            ) -> $crate::grammar::cursor::Parsed<'a, $output, M> {
                // The closure is the body of `body` itself: one call.
                $crate::grammar::production::enter(
                    start,
                    $naming,
                    #[inline(always)]
                    |$start| $body,
                )
            }
        });
    };
    // A production only ever called, never inlined (the drafts': `parse`
    // reads none).
    (
        called_only;
        $(#[$doc:meta])*
        $name:ident($start:ident) -> $output:ty, $naming:expr,
        $body:block
    ) => {
        $crate::grammar::production::production!(@module $(#[$doc])* #[cfg_attr(doc, doc = concat!("\n", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/diagrams/", diagrams!(), "/", stringify!($name), ".svg"))))] $name -> $output, $naming, {
            #[doc = concat!("Reads [`", stringify!($name), "`](fn@super::", stringify!($name), ") at a cursor (a call: never inlined).")]
            #[allow(dead_code)]
            pub(crate) fn read<'a>(
                start: $crate::grammar::cursor::Cursor<'a>,
            ) -> $crate::grammar::cursor::Parsed<'a, $output> {
                $crate::grammar::production::enter(start, $naming, |$start| $body)
            }

            use read as out_of_line;
        });
    };
    // The combinator, and the module beside it: the readings, the node
    // type, the entry and the explanation of a failure.
    (@module $(#[$doc:meta])* $name:ident -> $output:ty, $naming:expr, { $($readings:tt)* }) => {
        $(#[$doc])*
        pub fn $name<'a, I, E>(input: I) -> nom::IResult<I, $output, E>
        where
            I: $crate::grammar::caller::Text<'a>,
            E: $crate::grammar::caller::GrammarError<I>,
        {
            $crate::grammar::caller::run_for_caller(input, $crate::Options::default(), $name::entry)
        }

        #[doc = concat!("The readings, entry and explanation of [`", stringify!($name), "`](fn@", stringify!($name), ").")]
        pub(crate) mod $name {
            #[allow(unused_imports)]
            use super::*;

            /// The node the production gives.
            #[allow(dead_code)]
            pub(crate) type Output<'a> = $output;

            $($readings)*

            /// The production from the start of `text` (which begins
            /// `offset` bytes into the caller's text): what its combinators
            /// call.
            pub(crate) fn entry<'a>(
                text: &'a str,
                offset: usize,
                options: $crate::Options,
            ) -> $crate::grammar::caller::Outcome<'a, $output> {
                $crate::grammar::caller::read_or_diagnose(text, offset, options, out_of_line, diagnose, explain)
            }

            /// Why the production does not match at the start of `text`.
            pub(crate) fn diagnose(
                text: &str,
                offset: usize,
                options: $crate::Options,
            ) -> $crate::grammar::trace::Diagnosis {
                let notes = $crate::grammar::trace::Notes::default();
                $crate::grammar::caller::diagnose(text, &notes, offset, options, $naming.production(), out_of_line, false)
            }

            /// Why the production does not match the whole of `text`.
            pub(crate) fn explain(
                text: &str,
                offset: usize,
                options: $crate::Options,
            ) -> $crate::grammar::trace::Diagnosis {
                let notes = $crate::grammar::trace::Notes::default();
                $crate::grammar::caller::diagnose(text, &notes, offset, options, $naming.production(), out_of_line, true)
            }
        }
    };
}
pub(crate) use production;

/// Declares productions that are runs of characters (or one character), a
/// line each: `name -> Node = run, naming;` is the production `name`, whose
/// node `Node` is the place of what `run` matched (`map(recognize(run),
/// Node::at)`).
macro_rules! runs {
    ($($(#[$doc:meta])* $name:ident -> $node:ident = $run:expr, $naming:expr;)+) => {
        $(
            $crate::grammar::production::production! {
                $(#[$doc])*
                $name(start) -> $node<'a>, $naming,
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
