//! The command-line tool's tests, one module a file, in one test binary:
//! the binary `rfc1738` run as a user runs it (on files, in a git
//! repository, over standard input and output). One link and one run where
//! each file was a binary of its own, and the modules' tests run side by
//! side on every core (BENCHMARKS.md, "The test command").
//!
//! Two tests stay binaries of their own, `lint_memory.rs` and
//! `server_memory.rs`: each measures a child's peak memory, and a child's
//! peak (`ru_maxrss`) includes its parent's at the moment it was started,
//! which in this binary is that of every test running beside it.
//!
//! The support modules are compiled once, here, and used by the modules
//! through `crate::`: `cli/tests/support/` (a git repository of files, the
//! LSP client, generated lint data), `cli/tests/conformance_support/` (the
//! harness's fakes) and, from the library's tests, the snapshot renderer
//! and the drafts' reader.

#[allow(dead_code)]
#[path = "../../../tests/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../conformance_support/mod.rs"]
mod conformance_support;
#[allow(unused_imports, clippy::unnecessary_map_or)]
#[path = "../../../tests/support/draft_oracle.rs"]
mod draft_oracle;
#[allow(dead_code)]
#[path = "../support/lint_data.rs"]
mod lint_data;
#[path = "../support/lsp.rs"]
mod lsp;
#[allow(dead_code)]
#[path = "../support/repo.rs"]
mod repo;

mod action;
mod baseline;
mod check;
mod cli_tests;
mod conformance;
mod conformance_extract;
mod conformance_run;
mod describe;
mod describe_snapshots;
mod grammar;
mod lint_changed;
mod lint_code;
mod lint_encodings;
mod lint_filetypes;
mod lint_repo;
mod lint_robust;
mod markdown_agreement;
mod review_formats;
mod revisions;
mod sarif;
mod server;
mod versions;
