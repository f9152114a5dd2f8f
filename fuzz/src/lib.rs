//! The fuzz targets' properties: the same code `tests/fuzz_regressions.rs`
//! replays in `cargo test`, included from `tests/support/`.

#[path = "../../tests/support/oracle.rs"]
pub mod oracle;
#[path = "../../tests/support/properties.rs"]
mod properties;

pub use properties::{differential, parse_any, roundtrip};

/// The input of the `roundtrip` target: a generated URL, and any string.
pub type RoundTrip<'a> = (rfc1738::arbitrary::ArbitraryUrl, &'a str);
