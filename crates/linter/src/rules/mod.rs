//! The linter's own rules: the codes of the library's table
//! ([`rfc1738::lint::Code`], with its `opt_in` column) that the library's
//! lint of a URL does not report, because they need the file or the
//! grammar's history. One file each, named by code and name; the pipeline
//! asks each when its code is selected and reports what it finds.
//!
//! | code | rule | reads |
//! | --- | --- | --- |
//! | U018 | [`u018_invalid_utf8`] | the file's undecodable bytes ([`crate::source`]) |
//! | U019 (opt-in) | [`u019_unused_suppression`] | its suppression comments ([`crate::suppress`]) |
//! | U020 (opt-in) | [`u020_valid_in_earlier_revision`] | the earlier revisions' grammars (`rfc1738::dialect`) |

pub mod u018_invalid_utf8;
pub mod u019_unused_suppression;
pub mod u020_valid_in_earlier_revision;
