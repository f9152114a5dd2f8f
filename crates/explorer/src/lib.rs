//! See the grammar: railroad diagrams of every production of RFC 1738 and
//! its drafts ([`diagram`], checked into `grammar/diagrams/`).

#![deny(missing_docs)]

pub mod diagram;
