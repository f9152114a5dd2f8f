//! The explorer's tests, one module a file, in one test binary (BENCHMARKS.md,
//! "The test command"): the railroad diagrams, and the local server as a
//! browser speaks to it.

mod diagrams;
mod server;
