//! One test binary (each would link DataFusion): the functions against
//! the library on the repository's URL lists, `rfc1738-sql` end to end,
//! the README's examples, and a Ballista cluster on this machine.

mod cli;
mod cluster;
mod functions;
mod readme;
mod support;

#[path = "../support/urls.rs"]
mod urls;
