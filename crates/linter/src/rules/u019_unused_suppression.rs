//! U019 unused-suppression (opt-in): a suppression comment, or a code in
//! one, that suppressed no finding where it applies, as ruff's RUF100. Asked
//! once the file's other findings are all made.

use rfc1738::lint::{Code, Finding};

use crate::suppress::Suppressions;

/// A finding for each comment, or code in a comment, that suppressed
/// nothing.
pub fn findings(suppressions: &Suppressions) -> impl Iterator<Item = Finding> {
    suppressions.unused().into_iter().map(|(span, what)| {
        Finding::new(
            Code::UnusedSuppression,
            span,
            format!("unused {what}: it suppresses no finding here"),
        )
    })
}
