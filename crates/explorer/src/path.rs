//! The path a node of a derivation took through its production's diagram:
//! which boxes (literals and productions, numbered as the diagram numbers
//! them, [`crate::diagram`]) matched which part of the node's text.
//!
//! The tree names only some productions (runs and character classes are
//! leaves of it), so a production's box is matched by the child node of
//! that name starting there when there is one, and otherwise by asking the
//! library whether the text between two points is an instance of it
//! (`rfc1738::dialect::matches`). The first derivation in the order of the
//! text that gives the whole node is shown. This is for display: it costs
//! a bounded number of steps ([`BUDGET`]) on a node of at most
//! [`MAX_TEXT`] bytes, and where it finds no path, none is shown.

use std::collections::HashMap;

use rfc1738::dialect::{self, Dialect};
use rfc1738::Options;
use rfc1738_bnf::Expr;

/// The longest node text whose path is looked for.
pub const MAX_TEXT: usize = 512;

/// The most steps (positions tried, library calls) spent on one node.
pub const BUDGET: usize = 50_000;

/// A child of the node: its production, start and end, relative to the
/// node's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Child<'a> {
    /// The production's name.
    pub name: &'a str,
    /// Where it starts in the node's text.
    pub start: usize,
    /// Where it ends in the node's text.
    pub end: usize,
}

/// One box on the path: its number in the diagram, and the part of the
/// node's text it matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The box's `data-leaf` number.
    pub leaf: usize,
    /// Where its match starts in the node's text.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
}

/// The boxes the whole of `text` went through in `expr`, in order; `None`
/// when no path is found within the bounds.
pub fn path(
    dialect: Dialect,
    options: Options,
    expr: &Expr,
    text: &str,
    children: &[Child<'_>],
) -> Option<Vec<Step>> {
    if text.len() > MAX_TEXT {
        return None;
    }
    let mut numbers = HashMap::new();
    number_leaves(expr, &mut 0, &mut numbers);
    let mut matcher = Matcher {
        dialect,
        options,
        text,
        children,
        numbers,
        ends: HashMap::new(),
        sequence_ends: HashMap::new(),
        repeat_ends: HashMap::new(),
        steps: 0,
    };
    if !matcher.ends(expr, 0)?.contains(&text.len()) {
        return None;
    }
    let mut out = Vec::new();
    matcher.trace(expr, 0, text.len(), &mut out)?;
    Some(out)
}

/// Numbers the literals and productions of `expr` in the order of its
/// text, as [`crate::diagram`] does.
fn number_leaves(expr: &Expr, next: &mut usize, numbers: &mut HashMap<usize, usize>) {
    match expr {
        Expr::Alt(items) | Expr::Seq(items) => {
            for item in items {
                number_leaves(item, next, numbers);
            }
        }
        Expr::Opt(inner) | Expr::Rep { inner, .. } => number_leaves(inner, next, numbers),
        Expr::Lit(_) | Expr::Keyword(_) | Expr::Ref(_) => {
            numbers.insert(key(expr), *next);
            *next += 1;
        }
    }
}

fn key<T>(value: &T) -> usize {
    value as *const T as usize
}

struct Matcher<'t, 'c> {
    dialect: Dialect,
    options: Options,
    text: &'t str,
    children: &'c [Child<'c>],
    numbers: HashMap<usize, usize>,
    ends: HashMap<(usize, usize), Vec<usize>>,
    sequence_ends: HashMap<(usize, usize, usize), Vec<usize>>,
    repeat_ends: HashMap<(usize, usize, usize), Vec<usize>>,
    steps: usize,
}

impl Matcher<'_, '_> {
    /// One step more; `None` when the budget is spent.
    fn step(&mut self) -> Option<()> {
        self.steps += 1;
        (self.steps <= BUDGET).then_some(())
    }

    /// Where a match of `expr` from `at` can end, in increasing order.
    fn ends(&mut self, expr: &Expr, at: usize) -> Option<Vec<usize>> {
        if let Some(ends) = self.ends.get(&(key(expr), at)) {
            return Some(ends.clone());
        }
        self.step()?;
        let mut ends = match expr {
            Expr::Alt(items) => {
                let mut all = Vec::new();
                for item in items {
                    all.extend(self.ends(item, at)?);
                }
                all
            }
            Expr::Seq(items) => self.sequence(items, 0, at)?,
            Expr::Opt(inner) => {
                let mut all = vec![at];
                all.extend(self.ends(inner, at)?);
                all
            }
            Expr::Rep { min, inner } => self.repeat(inner, *min, 0, at)?,
            Expr::Lit(literal) => self.literal(literal, at, false).into_iter().collect(),
            Expr::Keyword(literal) => self
                .literal(literal, at, !self.options.strict)
                .into_iter()
                .collect(),
            Expr::Ref(name) => self.production(name, at)?,
        };
        ends.sort_unstable();
        ends.dedup();
        self.ends.insert((key(expr), at), ends.clone());
        Some(ends)
    }

    /// Where `items[index..]` matched from `at` can end.
    fn sequence(&mut self, items: &[Expr], index: usize, at: usize) -> Option<Vec<usize>> {
        if index == items.len() {
            return Some(vec![at]);
        }
        let memo = (items.as_ptr() as usize, index, at);
        if let Some(ends) = self.sequence_ends.get(&memo) {
            return Some(ends.clone());
        }
        self.step()?;
        let mut all = Vec::new();
        for end in self.ends(&items[index], at)? {
            all.extend(self.sequence(items, index + 1, end)?);
        }
        all.sort_unstable();
        all.dedup();
        self.sequence_ends.insert(memo, all.clone());
        Some(all)
    }

    /// Where `inner` repeated from `at` can end, `done` times already and
    /// at least `min` times in all (repetitions that match nothing are
    /// left out: they change nothing).
    fn repeat(&mut self, inner: &Expr, min: usize, done: usize, at: usize) -> Option<Vec<usize>> {
        let done = done.min(min);
        let memo = (key(inner), done, at);
        if let Some(ends) = self.repeat_ends.get(&memo) {
            return Some(ends.clone());
        }
        self.step()?;
        let mut all = Vec::new();
        if done >= min {
            all.push(at);
        }
        for end in self.ends(inner, at)? {
            if end > at {
                all.extend(self.repeat(inner, min, done + 1, end)?);
            }
        }
        all.sort_unstable();
        all.dedup();
        self.repeat_ends.insert(memo, all.clone());
        Some(all)
    }

    fn literal(&self, literal: &str, at: usize, any_case: bool) -> Option<usize> {
        let rest = self.text.get(at..)?.as_bytes();
        let here = rest.get(..literal.len())?;
        let same = match any_case {
            true => here.eq_ignore_ascii_case(literal.as_bytes()),
            false => here == literal.as_bytes(),
        };
        same.then_some(at + literal.len())
    }

    /// Where the production `name` matched from `at` can end: the child
    /// of that name that starts there, else every end the library accepts.
    fn production(&mut self, name: &str, at: usize) -> Option<Vec<usize>> {
        let named: Vec<usize> = self
            .children
            .iter()
            .filter(|child| child.name == name && child.start == at)
            .map(|child| child.end)
            .collect();
        if !named.is_empty() {
            return Some(named);
        }
        let mut ends = Vec::new();
        for end in at..=self.text.len() {
            if !self.text.is_char_boundary(end) {
                continue;
            }
            self.step()?;
            let part = &self.text[at..end];
            if dialect::matches(self.dialect, name, part, self.options) == Ok(true) {
                ends.push(end);
            }
        }
        Some(ends)
    }

    /// Records the boxes of one match of `expr` from `at` to `end` (which
    /// [`Matcher::ends`] gives).
    fn trace(&mut self, expr: &Expr, at: usize, end: usize, out: &mut Vec<Step>) -> Option<()> {
        match expr {
            Expr::Alt(items) => {
                for item in items {
                    if self.ends(item, at)?.contains(&end) {
                        return self.trace(item, at, end, out);
                    }
                }
                None
            }
            Expr::Seq(items) => self.trace_sequence(items, 0, at, end, out),
            Expr::Opt(inner) => {
                if end > at && self.ends(inner, at)?.contains(&end) {
                    self.trace(inner, at, end, out)
                } else if end == at {
                    Some(())
                } else {
                    None
                }
            }
            Expr::Rep { min, inner } => self.trace_repeat(inner, *min, 0, at, end, out),
            Expr::Lit(_) | Expr::Keyword(_) | Expr::Ref(_) => {
                let leaf = *self.numbers.get(&key(expr))?;
                out.push(Step {
                    leaf,
                    start: at,
                    end,
                });
                Some(())
            }
        }
    }

    fn trace_sequence(
        &mut self,
        items: &[Expr],
        index: usize,
        at: usize,
        end: usize,
        out: &mut Vec<Step>,
    ) -> Option<()> {
        if index == items.len() {
            return (at == end).then_some(());
        }
        for middle in self.ends(&items[index], at)? {
            if self.sequence(items, index + 1, middle)?.contains(&end) {
                self.trace(&items[index], at, middle, out)?;
                return self.trace_sequence(items, index + 1, middle, end, out);
            }
        }
        None
    }

    fn trace_repeat(
        &mut self,
        inner: &Expr,
        min: usize,
        done: usize,
        at: usize,
        end: usize,
        out: &mut Vec<Step>,
    ) -> Option<()> {
        if at == end && done >= min {
            return Some(());
        }
        for middle in self.ends(inner, at)? {
            if middle > at && self.repeat(inner, min, done + 1, middle)?.contains(&end) {
                self.trace(inner, at, middle, out)?;
                return self.trace_repeat(inner, min, done + 1, middle, end, out);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1738_bnf::Grammar;

    fn steps(
        dialect: Dialect,
        production: &str,
        text: &str,
        children: &[Child<'_>],
    ) -> Vec<(usize, String)> {
        let grammar = Grammar::of(dialect).unwrap();
        let expr = grammar.get(production).unwrap();
        path(dialect, Options::default(), expr, text, children)
            .unwrap()
            .into_iter()
            .map(|step| (step.leaf, text[step.start..step.end].to_string()))
            .collect()
    }

    #[test]
    fn a_port_takes_the_optional_branch() {
        // hostport = host [ ":" port ]
        let children = [
            Child {
                name: "host",
                start: 0,
                end: 4,
            },
            Child {
                name: "port",
                start: 5,
                end: 7,
            },
        ];
        assert_eq!(
            steps(Dialect::Rfc1738, "hostport", "h.nl:80", &children),
            [(0, "h.nl".into()), (1, ":".into()), (2, "80".into())]
        );
        let children = [Child {
            name: "host",
            start: 0,
            end: 4,
        }];
        assert_eq!(
            steps(Dialect::Rfc1738, "hostport", "h.nl", &children),
            [(0, "h.nl".into())]
        );
    }

    #[test]
    fn unnamed_productions_are_asked_of_the_library() {
        // toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
        let got = steps(Dialect::Rfc1738, "toplabel", "a-b", &[]);
        assert_eq!(
            got,
            [(1, "a".into()), (3, "-".into()), (4, "b".into())],
            "the second alternative: alpha, then \"-\", then the last alphadigit"
        );
    }

    #[test]
    fn a_scheme_keyword_is_read_in_any_case_by_default() {
        let grammar = Grammar::of(Dialect::Rfc1738).unwrap();
        let expr = grammar.get("ftpurl").unwrap();
        let children = [Child {
            name: "login",
            start: 6,
            end: 9,
        }];
        let got = path(
            Dialect::Rfc1738,
            Options::default(),
            expr,
            "FTP://a.b",
            &children,
        )
        .unwrap();
        assert_eq!(
            got[0],
            Step {
                leaf: 0,
                start: 0,
                end: 6
            }
        );
        assert!(path(
            Dialect::Rfc1738,
            Options::strict(),
            expr,
            "FTP://a.b",
            &children
        )
        .is_none());
    }

    #[test]
    fn a_text_that_is_no_instance_has_no_path() {
        let grammar = Grammar::of(Dialect::Rfc1738).unwrap();
        let expr = grammar.get("port").unwrap();
        assert!(path(Dialect::Rfc1738, Options::default(), expr, "8x", &[]).is_none());
        let long = "1".repeat(MAX_TEXT + 1);
        assert!(path(Dialect::Rfc1738, Options::default(), expr, &long, &[]).is_none());
    }
}
