//! The scalar functions: their names, arguments and types, and the
//! evaluation of a batch.

use std::sync::Arc;

use datafusion::arrow::array::{new_null_array, Array, ArrayRef, BooleanArray};
use datafusion::arrow::datatypes::{DataType, Field, FieldRef};
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ReturnFieldArgs, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    Volatility,
};
use rfc1738::dialect::{self, Dialect};
use rfc1738::Options;

use crate::columns::{Room, TextColumn, TextListColumn};
use crate::grammar::{not_a_constant, Target};
use crate::{error, parse, strings};

/// What a function computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Check { strict: bool },
    Error { strict: bool },
    Parse,
    Normalize,
    Revisions,
}

/// One of the functions; see the crate's documentation for each.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlFunction {
    name: &'static str,
    kind: Kind,
    signature: Signature,
}

/// Every function, by name.
pub(crate) const FUNCTIONS: [(&str, Kind); 7] = [
    ("rfc1738_check", Kind::Check { strict: false }),
    ("rfc1738_check_strict", Kind::Check { strict: true }),
    ("rfc1738_error", Kind::Error { strict: false }),
    ("rfc1738_error_strict", Kind::Error { strict: true }),
    ("rfc1738_parse", Kind::Parse),
    ("rfc1738_normalize", Kind::Normalize),
    ("rfc1738_revisions", Kind::Revisions),
];

/// The arguments a function may take: the URL, then, for the checks and
/// errors, the production and the revision; for `rfc1738_parse`, a field.
const WITH_GRAMMAR: [&str; 3] = ["url", "rule", "revision"];
const WITH_FIELD: [&str; 2] = ["url", "field"];
const URL_ONLY: [&str; 1] = ["url"];

impl UrlFunction {
    /// Every function, ready to register.
    pub(crate) fn all() -> Vec<ScalarUDF> {
        FUNCTIONS
            .into_iter()
            .map(|(name, kind)| {
                ScalarUDF::new_from_impl(UrlFunction {
                    name,
                    kind,
                    signature: Signature::user_defined(Volatility::Immutable),
                })
            })
            .collect()
    }

    /// What it computes.
    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    fn parameters(&self) -> &'static [&'static str] {
        match self.kind {
            Kind::Check { .. } | Kind::Error { .. } => &WITH_GRAMMAR,
            Kind::Parse => &WITH_FIELD,
            Kind::Normalize | Kind::Revisions => &URL_ONLY,
        }
    }

    fn strict(&self) -> bool {
        matches!(
            self.kind,
            Kind::Check { strict: true } | Kind::Error { strict: true }
        )
    }

    /// The production to check against, from the constant arguments after
    /// the URL (`None` for one that is not a constant); `Ok(None)` when
    /// one is NULL.
    fn target(&self, constants: &[Option<&ScalarValue>]) -> Result<Option<Target>> {
        for (argument, what) in constants.iter().zip(["rule", "revision"]) {
            if argument.is_none() {
                return not_a_constant(self.name, what);
            }
        }
        match constants {
            [] => Ok(Some(Target::url(self.strict()))),
            [rule] => Target::named(self.name, *rule, None, self.strict()),
            [rule, revision, ..] => Target::named(self.name, *rule, *revision, self.strict()),
        }
    }

    /// What the function returns, given its constant arguments after the
    /// URL; a planning error for a name the grammar or the struct does
    /// not have.
    fn data_type(&self, constants: &[Option<&ScalarValue>]) -> Result<DataType> {
        Ok(match self.kind {
            Kind::Check { .. } => {
                self.target(constants)?;
                DataType::Boolean
            }
            Kind::Error { .. } => {
                self.target(constants)?;
                DataType::Struct(error::FIELDS.clone())
            }
            Kind::Parse => match constants.first() {
                None => DataType::Struct(parse::FIELDS.clone()),
                Some(field) => parse::field_type(self.name, *field)?,
            },
            Kind::Normalize => DataType::Utf8,
            Kind::Revisions => TextListColumn::data_type(),
        })
    }

    /// The function of a batch of URLs.
    fn evaluate(&self, urls: &dyn Array, constants: &[Option<&ScalarValue>]) -> Result<ArrayRef> {
        match self.kind {
            Kind::Check { .. } | Kind::Error { .. } => {
                let Some(target) = self.target(constants)? else {
                    return Ok(new_null_array(&self.data_type(constants)?, urls.len()));
                };
                match self.kind {
                    Kind::Check { .. } => check(urls, &target),
                    _ => error::evaluate(urls, &target),
                }
            }
            Kind::Parse => match constants.first() {
                None => parse::evaluate(urls),
                Some(field) => match parse::field_index(self.name, *field)? {
                    Some(index) => parse::evaluate_field(urls, index),
                    None => Ok(new_null_array(&DataType::Utf8, urls.len())),
                },
            },
            Kind::Normalize => normalize(urls),
            Kind::Revisions => accepting_revisions(urls),
        }
    }
}

impl ScalarUDFImpl for UrlFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        strings::coerce(self.name, self.parameters(), 1, arg_types)
    }

    /// The type without constants (DataFusion asks
    /// `return_field_from_args`, which sees them, when it plans).
    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        self.data_type(&[])
    }

    /// Checks the rule, revision or field when the query is planned, so
    /// that a wrong name fails the query before any row is read.
    fn return_field_from_args(&self, args: ReturnFieldArgs) -> Result<FieldRef> {
        let constants = args.scalar_arguments.get(1..).unwrap_or_default();
        let data_type = self.data_type(constants)?;
        Ok(Arc::new(Field::new(self.name, data_type, true)))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let Some((url, constants)) = args.args.split_first() else {
            return exec_err!("{} takes a URL", self.name);
        };
        let constants: Vec<Option<&ScalarValue>> = constants
            .iter()
            .map(|argument| match argument {
                ColumnarValue::Scalar(value) => Some(value),
                ColumnarValue::Array(_) => None,
            })
            .collect();
        match url {
            ColumnarValue::Array(urls) => self.evaluate(urls, &constants).map(ColumnarValue::Array),
            ColumnarValue::Scalar(url) => {
                let result = self.evaluate(&url.to_array()?, &constants)?;
                ScalarValue::try_from_array(&result, 0).map(ColumnarValue::Scalar)
            }
        }
    }
}

/// Whether each URL matches; NULL for a NULL (the input's nulls are the
/// result's).
fn check(urls: &dyn Array, target: &Target) -> Result<ArrayRef> {
    let values = strings::collect_bool(urls, |text| target.matches(text))?;
    Ok(Arc::new(BooleanArray::new(values, urls.logical_nulls())))
}

/// Each URL normalized (sections 2.1 and 2.2); NULL for a NULL and for a
/// string `rfc1738::parse` rejects.
fn normalize(urls: &dyn Array) -> Result<ArrayRef> {
    let mut column = TextColumn::for_parts_of(Room::for_parts_of(urls));
    strings::for_each_text(urls, |row, text| {
        if let Ok(url) = &rfc1738::parse(text) {
            column.set(row, &url.normalized());
        }
    })?;
    column.finish()
}

/// The names of the revisions whose grammar accepts each URL, oldest
/// first; an empty list when none does, NULL for a NULL.
fn accepting_revisions(urls: &dyn Array) -> Result<ArrayRef> {
    let mut column = TextListColumn::new(urls.len());
    strings::for_each_text(urls, |row, text| {
        let accepting = Dialect::ALL
            .into_iter()
            .filter(|&dialect| accepts(dialect, text));
        column.set(row, accepting.map(Dialect::name));
    })?;
    column.finish()
}

/// Whether a top-level production of the revision accepts the URL, as
/// `rfc1738::dialect::revisions` decides it (`url`, then the others but
/// `uri`, which `fragmentaddress` includes; a test holds the two equal),
/// by `dialect::matches`: a revision that rejects the URL is not asked
/// where or why, nor are the alternatives of `url` that the report also
/// works out.
fn accepts(dialect: Dialect, text: &str) -> bool {
    let options = Options::default();
    // The productions are the revision's own top-level ones, so no
    // `UnknownProduction` can come back.
    let accepted_as = |top: &str| dialect::matches(dialect, top, text, options) == Ok(true);
    accepted_as("url")
        || dialect
            .top_level()
            .iter()
            .filter(|top| !matches!(**top, "url" | "uri"))
            .any(|top| accepted_as(top))
}
