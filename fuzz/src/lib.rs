//! The fuzz targets' properties: the same code `tests/library/fuzz_regressions.rs`
//! replays in `cargo test`, included from `tests/support/`.
// The RFC 1738 oracle is included twice: by the properties and, as its
// `rfc` module, by the drafts' reader.
#![allow(clippy::duplicate_mod)]

#[path = "../../tests/support/dialect_properties.rs"]
mod dialect_properties;
#[path = "../../tests/support/draft_oracle.rs"]
#[allow(unused_imports)]
pub mod draft_oracle;
#[path = "../../tests/support/oracle.rs"]
pub mod oracle;
#[path = "../../tests/support/properties.rs"]
mod properties;

pub mod explorer;
pub mod readers;
pub mod server;
pub mod settings;

pub use dialect_properties::dialects;
pub use properties::{differential, parse_any, roundtrip};

/// The input of the `roundtrip` target: a generated URL, and any string.
pub type RoundTrip<'a> = (rfc1738::arbitrary::ArbitraryUrl, &'a str);
