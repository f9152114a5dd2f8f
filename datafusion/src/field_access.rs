//! `rfc1738_parse(url)['host']` planned as `rfc1738_parse(url, 'host')`:
//! the one field made alone, not the struct's 22 and then one taken.
//!
//! DataFusion cannot push a field access into a function, and it does not
//! make a call's struct once for several accesses: each field taken from
//! `rfc1738_parse(url)` makes the whole struct again, a subquery that names
//! it once included (its projections are merged and each access moved to
//! the scan, `__datafusion_extracted_1`, ...). A field alone costs a parse
//! and one column, the struct a parse and 22 columns, three times as much
//! (BENCHMARKS.md), so every access is better made alone. This optimizer
//! rule does it on the plan the other rules leave, and keeps each
//! expression's name: the column is still called
//! `rfc1738_parse(urls.url)[host]`. It also asks whether the URL parses
//! (`rfc1738_parse(url) IS NOT NULL`) of one field, `production`, which is
//! set for every URL that parses.

use datafusion::common::tree_node::{Transformed, TreeNode};
use datafusion::common::{Result, ScalarValue};
use datafusion::functions::core::getfield::GetFieldFunc;
use datafusion::logical_expr::expr::ScalarFunction;
use datafusion::logical_expr::expr_rewriter::NamePreserver;
use datafusion::logical_expr::{Expr, LogicalPlan};
use datafusion::optimizer::{ApplyOrder, OptimizerConfig, OptimizerRule};

use crate::parse;
use crate::udf::{Kind, UrlFunction};

/// The field `IS NULL` and `IS NOT NULL` ask of: never NULL in a URL that
/// parses (a test holds it so).
const ALWAYS_SET: &str = "production";

/// The rule; see the module's documentation.
#[derive(Debug)]
pub(crate) struct FieldAccess;

impl OptimizerRule for FieldAccess {
    fn name(&self) -> &str {
        "rfc1738_parse_field_access"
    }

    fn apply_order(&self) -> Option<ApplyOrder> {
        Some(ApplyOrder::BottomUp)
    }

    fn rewrite(
        &self,
        node: LogicalPlan,
        _config: &dyn OptimizerConfig,
    ) -> Result<Transformed<LogicalPlan>> {
        let names = NamePreserver::new(&node);
        node.map_expressions(|expr| {
            let name = names.save(&expr);
            let rewritten = expr.transform_up(|expr| {
                Ok(match alone(&expr) {
                    Some(alone) => Transformed::yes(alone),
                    None => Transformed::no(expr),
                })
            })?;
            Ok(match rewritten.transformed {
                true => rewritten.update_data(|expr| name.restore(expr)),
                false => rewritten,
            })
        })
    }
}

/// `get_field(rfc1738_parse(url), 'name')` as `rfc1738_parse(url,
/// 'name')`, for a name the struct has (a path of one name: its fields
/// hold no structs); `rfc1738_parse(url) IS [NOT] NULL` of one field;
/// `None` for anything else, which is left as it is (and fails, for a
/// wrong name, as `get_field` fails).
fn alone(expr: &Expr) -> Option<Expr> {
    match expr {
        Expr::ScalarFunction(access) if access.func.inner().is::<GetFieldFunc>() => {
            let [parsed, name @ Expr::Literal(value, _)] = access.args.as_slice() else {
                return None;
            };
            parse::FIELDS.find(value.try_as_str().flatten()?)?;
            one_field(parsed, name.clone())
        }
        Expr::IsNotNull(parsed) => {
            Some(Expr::IsNotNull(Box::new(one_field(parsed, always_set())?)))
        }
        Expr::IsNull(parsed) => Some(Expr::IsNull(Box::new(one_field(parsed, always_set())?))),
        _ => None,
    }
}

fn always_set() -> Expr {
    Expr::Literal(ScalarValue::Utf8(Some(ALWAYS_SET.to_owned())), None)
}

/// `rfc1738_parse(url, name)`, when `parsed` is `rfc1738_parse(url)`.
fn one_field(parsed: &Expr, name: Expr) -> Option<Expr> {
    let Expr::ScalarFunction(call) = parsed else {
        return None;
    };
    let is_parse = call
        .func
        .inner()
        .downcast_ref::<UrlFunction>()
        .is_some_and(|function| function.kind() == Kind::Parse);
    let [url] = call.args.as_slice() else {
        return None;
    };
    is_parse.then(|| {
        Expr::ScalarFunction(ScalarFunction::new_udf(
            call.func.clone(),
            vec![url.clone(), name],
        ))
    })
}
