//! RFC 1738's URL grammar as SQL functions in [Apache DataFusion], on all
//! the cores of one machine or on a [Ballista] cluster.
//!
//! [`register`] adds seven scalar functions to a `SessionContext`
//! ([`register_functions`] to any `FunctionRegistry`, such as a
//! `SessionState`). Each reads a column of strings (`Utf8`, `LargeUtf8`
//! or `Utf8View`, or a dictionary of them) a batch at a time; a NULL URL
//! gives NULL.
//!
//! | function | returns |
//! | --- | --- |
//! | `rfc1738_check(url [, rule [, revision]])` | whether the whole string matches the production `rule` (default `url`) of `revision` (default `rfc1738`; or `draft-jul93`, `draft-oct93`, `draft-03`), scheme names in any case |
//! | `rfc1738_check_strict(url [, rule [, revision]])` | the same, scheme names in lower case only (the letter of the BNF) |
//! | `rfc1738_parse(url [, field])` | the URL's parts (a struct, fields in [`PARSE_FIELDS`]), or the one field named (which `rfc1738_parse(url)['field']` is planned as); NULL when `rfc1738::parse` rejects it |
//! | `rfc1738_error(url [, rule [, revision]])` | where and why it does not match (a struct: `offset`, `line`, `column`, `expected`, `found`, `stack`, `message`); NULL when it matches |
//! | `rfc1738_error_strict(url [, rule [, revision]])` | the same in strict mode |
//! | `rfc1738_normalize(url)` | the URL normalized by sections 2.1 and 2.2; NULL when it does not parse |
//! | `rfc1738_revisions(url)` | the revisions whose grammar accepts it, oldest first |
//!
//! The rule, the revision and the field must be constants. A name the
//! grammar or the struct does not have is an error when the query is
//! planned, and the message lists the names it has.
//!
//! ```ignore
//! use datafusion::prelude::{ParquetReadOptions, SessionContext};
//!
//! let ctx = SessionContext::new();
//! rfc1738_datafusion::register(&ctx);
//! ctx.register_parquet("urls", "urls.parquet", ParquetReadOptions::default()).await?;
//! ctx.sql("SELECT rfc1738_parse(url)['scheme'] AS scheme, count(*) AS failing \
//!          FROM urls WHERE NOT rfc1738_check(url) GROUP BY 1")
//!     .await?
//!     .show()
//!     .await?;
//! ```
//!
//! [Apache DataFusion]: https://datafusion.apache.org
//! [Ballista]: https://datafusion.apache.org/ballista/
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::sync::Arc;

use datafusion::common::Result;
use datafusion::execution::FunctionRegistry;
use datafusion::logical_expr::ScalarUDF;
use datafusion::optimizer::OptimizerRule;
use datafusion::prelude::SessionContext;

pub mod cluster;
mod columns;
mod error;
mod field_access;
mod grammar;
mod parse;
mod strings;
mod udf;

pub use error::FIELDS as ERROR_FIELDS;
pub use parse::FIELDS as PARSE_FIELDS;

/// The names of the functions [`register`] adds.
pub const FUNCTION_NAMES: [&str; udf::FUNCTIONS.len()] = {
    let mut names = [""; udf::FUNCTIONS.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = udf::FUNCTIONS[index].0;
        index += 1;
    }
    names
};

/// Every function, in the order of [`FUNCTION_NAMES`].
pub fn functions() -> Vec<Arc<ScalarUDF>> {
    udf::UrlFunction::all().into_iter().map(Arc::new).collect()
}

/// `512MiB`, `4GB`, `1000000`: a size in bytes, as the commands'
/// `--memory-limit` takes it.
pub fn parse_size(text: &str) -> std::result::Result<u64, String> {
    text.parse::<bytesize::ByteSize>()
        .map(|size| size.as_u64())
        .map_err(|error| format!("{error} (a size such as 512MiB or 4GB)"))
}

/// Adds the functions to a session, and the planning rule that makes
/// `rfc1738_parse(url)['host']` the one field alone ([`field_access_rule`]).
pub fn register(ctx: &SessionContext) {
    for function in udf::UrlFunction::all() {
        ctx.register_udf(function);
    }
    ctx.add_optimizer_rule(field_access_rule());
}

/// Adds the functions to a registry: a `SessionState`, or any other
/// `FunctionRegistry` that can hold scalar functions. The planning rule
/// is not a function: a session that plans queries takes it with
/// `SessionStateBuilder::with_optimizer_rule(field_access_rule())`.
pub fn register_functions(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for function in functions() {
        registry.register_udf(function)?;
    }
    Ok(())
}

/// An optimizer rule that plans `rfc1738_parse(url)['host']` as
/// `rfc1738_parse(url, 'host')`, which makes that field and not the
/// struct's 22 (the same rows, the same column name), and
/// `rfc1738_parse(url) IS NOT NULL` as a test of one field. DataFusion
/// makes the struct again for each field taken from it, so each taken
/// alone costs less, however many (BENCHMARKS.md).
pub fn field_access_rule() -> Arc<dyn OptimizerRule + Send + Sync> {
    Arc::new(field_access::FieldAccess)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_functions_are_the_names() {
        let names: Vec<String> = functions().iter().map(|f| f.name().to_owned()).collect();
        assert_eq!(names, FUNCTION_NAMES);
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots")
            .unwrap_err()
            .contains("a size such as 512MiB"));
    }
}
