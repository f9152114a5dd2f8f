//! `rfc1738_parse(url)['host']` read as `rfc1738_parse(url, 'host')`: the
//! one field made alone, not the struct's 22 and then one taken.
//!
//! The struct costs about four times the parse (BENCHMARKS.md), and most
//! queries want a field or two of it. DataFusion cannot push a field
//! access into a function, so the rewrite is registered with the
//! functions (an analyzer rule, `FunctionRewrite`, which keeps each
//! expression's name: the column is still called
//! `rfc1738_parse(urls.url)[host]`). Each field accessed so is a parse of
//! its own: two or three fields still cost less than the struct, and a
//! query that wants most of them names the struct once and unnests it
//! (BENCHMARKS.md has the figures).

use datafusion::common::config::ConfigOptions;
use datafusion::common::tree_node::Transformed;
use datafusion::common::{DFSchema, Result};
use datafusion::functions::core::getfield::GetFieldFunc;
use datafusion::logical_expr::expr::ScalarFunction;
use datafusion::logical_expr::expr_rewriter::FunctionRewrite;
use datafusion::logical_expr::Expr;

use crate::parse;
use crate::udf::{Kind, UrlFunction};

/// The rewrite; see the module's documentation.
#[derive(Debug)]
pub(crate) struct OneField;

impl FunctionRewrite for OneField {
    fn name(&self) -> &str {
        "rfc1738_parse_one_field"
    }

    fn rewrite(
        &self,
        expr: Expr,
        _schema: &DFSchema,
        _config: &ConfigOptions,
    ) -> Result<Transformed<Expr>> {
        Ok(match one_field(&expr) {
            Some(one) => Transformed::yes(one),
            None => Transformed::no(expr),
        })
    }
}

/// `get_field(rfc1738_parse(url), 'name')` as `rfc1738_parse(url,
/// 'name')`, for a name the struct has; `None` for anything else, which
/// is left to plan (and fail, for a wrong name) as written.
fn one_field(expr: &Expr) -> Option<Expr> {
    let Expr::ScalarFunction(access) = expr else {
        return None;
    };
    if !access.func.inner().is::<GetFieldFunc>() {
        return None;
    }
    // A path of one name: the struct's fields hold no structs.
    let [Expr::ScalarFunction(parsed), name @ Expr::Literal(value, _)] = access.args.as_slice()
    else {
        return None;
    };
    let is_whole_struct = parsed
        .func
        .inner()
        .downcast_ref::<UrlFunction>()
        .is_some_and(|function| function.kind() == Kind::Parse)
        && parsed.args.len() == 1;
    let field = value.try_as_str().flatten()?;
    if !is_whole_struct || !parse::FIELDS.iter().any(|known| known.name() == field) {
        return None;
    }
    Some(Expr::ScalarFunction(ScalarFunction::new_udf(
        parsed.func.clone(),
        vec![parsed.args[0].clone(), name.clone()],
    )))
}
