//! The functions on a [Ballista] cluster.
//!
//! A distributed plan names a scalar function and carries no code: the
//! client plans the query with the functions, the scheduler decodes the
//! plan with its own session, and each executor finds the functions by
//! name in its function registry. All three must have them, which is what
//! this module gives: [`connect`] for the client, [`scheduler_session`]
//! for `SchedulerConfig::override_session_builder` and
//! [`executor_functions`] for `ExecutorProcessConfig::override_function_registry`
//! (the `rfc1738-ballista` command sets both).
//!
//! [Ballista]: https://datafusion.apache.org/ballista/

use std::sync::Arc;

use ballista::prelude::SessionContextExt;
use ballista_core::registry::BallistaFunctionRegistry;
use datafusion::common::Result;
use datafusion::execution::session_state::SessionStateBuilder;
use datafusion::execution::SessionState;
use datafusion::prelude::{SessionConfig, SessionContext};

use crate::{field_access_rule, functions, register, register_functions};

/// A session that sends its queries to the Ballista scheduler at `url`
/// (`df://host:port`), with the functions registered for planning.
pub async fn connect(url: &str) -> Result<SessionContext> {
    let ctx = SessionContext::remote(url).await?;
    // After the session is made: making it sets Ballista's own functions.
    register(&ctx);
    Ok(ctx)
}

/// Ballista's default scheduler session with the functions: a
/// `SchedulerConfig::override_session_builder`.
pub fn scheduler_session(config: SessionConfig) -> Result<SessionState> {
    let mut state = ballista_core::utils::default_session_builder(config)?;
    register_functions(&mut state)?;
    Ok(SessionStateBuilder::new_from_existing(state)
        .with_optimizer_rule(field_access_rule())
        .build())
}

/// Ballista's default executor functions with these, and with
/// DataFusion's array, map and struct functions (`array_length`,
/// `array_has`, ...), which Ballista's default leaves out though a client
/// plans with them: an `ExecutorProcessConfig::override_function_registry`.
pub fn executor_functions() -> Arc<BallistaFunctionRegistry> {
    let mut registry = BallistaFunctionRegistry::default();
    let nested = datafusion::functions_nested::all_default_nested_functions();
    for function in nested.into_iter().chain(functions()) {
        registry
            .scalar_functions
            .insert(function.name().to_owned(), function);
    }
    Arc::new(registry)
}
