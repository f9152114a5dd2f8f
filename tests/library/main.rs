//! The library's tests, one module a file, in one test binary: one link
//! and one run where each file was a binary of its own, and the modules'
//! tests run side by side on every core (BENCHMARKS.md, "The test
//! command"). A module that needs an optional feature is compiled with it
//! only, as `required-features` did for its binary.
//!
//! The support modules (`tests/support/`, `tests/common/`, the benches'
//! corpus) are compiled once, here, and used by the modules through
//! `crate::`; the fuzz targets include the same files.

// The RFC 1738 oracle is included twice: here and, as its `rfc` module, by
// the drafts' reader (which the fuzz targets include alone).
#![allow(clippy::duplicate_mod)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../../benches/support/corpus.rs"]
mod corpus;
// The binary's allocator: it counts each thread's allocations, so that the
// tests of `alloc` and `dialect_alloc` count their own while the others run
// beside them.
#[path = "../support/counting_alloc.rs"]
mod counting_alloc;
#[cfg(feature = "dialect")]
#[path = "../support/dialect_properties.rs"]
mod dialect_properties;
// Without `dialect` only the RFC 1738 oracle inside it is used.
#[allow(unused_imports)]
#[path = "../support/draft_oracle.rs"]
mod draft_oracle;
#[path = "../support/oracle.rs"]
mod oracle;
#[path = "../support/properties.rs"]
mod properties;

mod alloc;
mod citations;
mod compose;
#[cfg(feature = "dialect")]
mod dialect_alloc;
#[cfg(feature = "dialect")]
mod dialect_examples;
#[cfg(feature = "dialect")]
mod dialects;
#[cfg(feature = "dialect")]
mod drafts_oracle;
mod errors_on_demand;
mod examples;
mod fuzz_regressions;
mod grammar;
mod house;
#[cfg(feature = "lint")]
mod lint_seeds;
mod productions;
mod rfc_oracle;
mod semantics_properties;
#[cfg(feature = "serde")]
mod semantics_serde;
