//! Which production of which revision a function checks against, named
//! by constant SQL arguments and resolved once per plan, not per row.

use std::fmt;

use datafusion::common::{plan_err, Result, ScalarValue};
use rfc1738::dialect::{self, Dialect, DialectError, Mismatch};
use rfc1738::{Expected, Options, Rule, Unexpected};

/// A production of one revision of the grammar, in a mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Target {
    production: Production,
    options: Options,
}

/// RFC 1738's productions are `Rule`s, checked by `rfc1738::check_with`
/// without a name lookup per row; the drafts' are names, as
/// `rfc1738::dialect::check` takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Production {
    Rfc1738(Rule),
    Draft(Dialect, &'static str),
}

/// Where and why a string does not match: an `rfc1738::Error` or a
/// draft's `Mismatch`, which say the same things about different
/// grammars. It is read off the error itself, not copied into strings
/// first: a query over many failing URLs makes one of these a row.
#[derive(Debug)]
pub(crate) enum Diagnosis<'a> {
    Rfc1738(rfc1738::Error<'a>),
    Draft(Mismatch),
}

impl Diagnosis<'_> {
    pub(crate) fn offset(&self) -> usize {
        match self {
            Diagnosis::Rfc1738(error) => error.offset(),
            Diagnosis::Draft(mismatch) => mismatch.offset(),
        }
    }

    pub(crate) fn line(&self) -> u32 {
        match self {
            Diagnosis::Rfc1738(error) => error.line(),
            Diagnosis::Draft(mismatch) => mismatch.line(),
        }
    }

    pub(crate) fn column(&self) -> usize {
        match self {
            Diagnosis::Rfc1738(error) => error.column(),
            Diagnosis::Draft(mismatch) => mismatch.column(),
        }
    }

    /// What the grammar accepts there.
    pub(crate) fn expected(&self) -> &[Expected] {
        match self {
            Diagnosis::Rfc1738(error) => error.expected(),
            Diagnosis::Draft(mismatch) => mismatch.expected(),
        }
    }

    /// The character there; `None` at the end of the input.
    pub(crate) fn found(&self) -> Option<char> {
        let found = match self {
            Diagnosis::Rfc1738(error) => error.found(),
            Diagnosis::Draft(mismatch) => mismatch.found(),
        };
        match found {
            Unexpected::Char(c) => Some(c),
            _ => None,
        }
    }

    /// The names of the productions open there, outermost first.
    pub(crate) fn stack(&self) -> impl Iterator<Item = &'static str> + '_ {
        let (rules, names): (&[Rule], &[&'static str]) = match self {
            Diagnosis::Rfc1738(error) => (error.stack(), &[]),
            Diagnosis::Draft(mismatch) => (&[], mismatch.stack()),
        };
        rules
            .iter()
            .map(|rule| rule.name())
            .chain(names.iter().copied())
    }
}

/// The message, as the `rfc1738` command prints it.
impl fmt::Display for Diagnosis<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Diagnosis::Rfc1738(error) => error.fmt(f),
            Diagnosis::Draft(mismatch) => mismatch.fmt(f),
        }
    }
}

impl Target {
    /// `url` of RFC 1738: what the functions check when no rule is given.
    pub(crate) fn url(strict: bool) -> Target {
        Target {
            production: Production::Rfc1738(Rule::Url),
            options: Options::default().with_strict(strict),
        }
    }

    /// The production named `rule` of the revision named `revision`, as
    /// the constant arguments of `function` give them; `Ok(None)` when
    /// one of them is NULL (every row is then NULL). A name the grammar
    /// does not have is a planning error that lists the names it has.
    pub(crate) fn named(
        function: &str,
        rule: Option<&ScalarValue>,
        revision: Option<&ScalarValue>,
        strict: bool,
    ) -> Result<Option<Target>> {
        let Some(rule) = constant_string(function, "rule", rule)? else {
            return Ok(None);
        };
        let dialect = match constant_string(function, "revision", revision)? {
            None if revision.is_some() => return Ok(None),
            None => Dialect::Rfc1738,
            Some(name) => Dialect::from_name(name).map_or_else(
                || {
                    plan_err!(
                        "{function}: unknown revision {name:?}; the revisions are {}",
                        revision_names()
                    )
                },
                Ok,
            )?,
        };
        let production = match dialect {
            Dialect::Rfc1738 => Rule::from_name(rule).map(Production::Rfc1738),
            draft => draft
                .productions()
                .iter()
                .find(|production| **production == rule)
                .map(|production| Production::Draft(draft, production)),
        };
        match production {
            Some(production) => Ok(Some(Target {
                production,
                options: Options::default().with_strict(strict),
            })),
            None => plan_err!(
                "{function}: {dialect} has no production {rule:?}; its productions are: {}",
                dialect.productions().join(", ")
            ),
        }
    }

    /// Whether the whole of `text` matches the production.
    pub(crate) fn matches(&self, text: &str) -> bool {
        match self.production {
            Production::Rfc1738(rule) => rfc1738::check_with(rule, text, self.options).is_ok(),
            // The name is one of the revision's productions: `matches`
            // cannot fail, and a rejection is not diagnosed.
            Production::Draft(dialect, name) => {
                dialect::matches(dialect, name, text, self.options) == Ok(true)
            }
        }
    }

    /// Where and why `text` does not match the production; `None` when it
    /// matches.
    pub(crate) fn diagnose<'a>(&self, text: &'a str) -> Option<Diagnosis<'a>> {
        match self.production {
            Production::Rfc1738(rule) => rfc1738::check_with(rule, text, self.options)
                .err()
                .map(Diagnosis::Rfc1738),
            // The name was found among the revision's productions, so the
            // only error left is a mismatch.
            Production::Draft(dialect, name) => {
                match dialect::check(dialect, name, text, self.options) {
                    Err(DialectError::Mismatch(mismatch)) => Some(Diagnosis::Draft(mismatch)),
                    _ => None,
                }
            }
        }
    }
}

/// `draft-jul93, draft-oct93, draft-03 and rfc1738`.
fn revision_names() -> String {
    let names: Vec<&str> = Dialect::ALL.iter().map(|dialect| dialect.name()).collect();
    let (last, rest) = names.split_last().expect("four revisions");
    format!("{} and {last}", rest.join(", "))
}

/// The text of a constant string argument, `None` for NULL or an absent
/// argument; a planning error when the argument is not a string.
pub(crate) fn constant_string<'a>(
    function: &str,
    what: &str,
    value: Option<&'a ScalarValue>,
) -> Result<Option<&'a str>> {
    match value {
        None => Ok(None),
        Some(value) if value.is_null() => Ok(None),
        Some(value) => match value.try_as_str() {
            Some(text) => Ok(text),
            None => plan_err!(
                "{function}: the {what} must be a string, not {}",
                value.data_type()
            ),
        },
    }
}

/// The planning error for a rule, revision or field that is not a
/// literal.
pub(crate) fn not_a_constant<T>(function: &str, what: &str) -> Result<T> {
    let example = match what {
        "revision" => "draft-03",
        "field" => "host",
        _ => "hostname",
    };
    plan_err!(
        "{function}: the {what} must be a constant string (a literal such as '{example}'), \
         so that it is checked once when the query is planned"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(rule: &str, revision: Option<&str>) -> Result<Option<Target>> {
        let rule = ScalarValue::Utf8(Some(rule.to_owned()));
        let revision = revision.map(|name| ScalarValue::Utf8(Some(name.to_owned())));
        Target::named("f", Some(&rule), revision.as_ref(), false)
    }

    #[test]
    fn names_resolve_to_their_revision() {
        let target = named("hostname", None).unwrap().unwrap();
        assert!(target.matches("a.b") && !target.matches("1.2.3"));
        let target = named("httpaddress", Some("draft-jul93")).unwrap().unwrap();
        assert!(target.matches("http://host?q"));
        assert!(!Target::url(false).matches("http://h/a b"));
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let error = named("hostname", Some("draft-04")).unwrap_err().to_string();
        assert!(
            error.contains(
                "unknown revision \"draft-04\"; the revisions are draft-jul93, draft-oct93, draft-03 and rfc1738"
            ),
            "{error}"
        );
        let error = named("mailtoaddress", Some("draft-jul93"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("draft-jul93 has no production \"mailtoaddress\"; its productions are: fragmentaddress, "),
            "{error}"
        );
        let error = named("httpaddress", None).unwrap_err().to_string();
        assert!(
            error.contains("rfc1738 has no production \"httpaddress\""),
            "{error}"
        );
    }

    #[test]
    fn null_names_give_no_target() {
        let null = ScalarValue::Utf8(None);
        let rule = ScalarValue::Utf8(Some("url".to_owned()));
        assert_eq!(Target::named("f", Some(&null), None, false).unwrap(), None);
        assert_eq!(
            Target::named("f", Some(&rule), Some(&null), false).unwrap(),
            None
        );
        let number = ScalarValue::Int64(Some(1));
        let error = Target::named("f", Some(&number), None, false).unwrap_err();
        assert!(error
            .to_string()
            .contains("the rule must be a string, not Int64"));
    }
}
