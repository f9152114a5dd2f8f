//! A document's last lint, as the editor's requests read it: the findings
//! kept (with their fixes), the suppression comments' unknown codes and the
//! URLs that span lines. [`super::diagnostics`] makes it; the document
//! holds it.

use rfc1738::lint::{Code, Severity};
use rfc1738::Span;
use rfc1738_linter::config::ConfigError;

/// The most findings kept and shown for a document: memory and the
/// editor's work stay bounded on a document of a million findings.
pub(crate) const MAX_FINDINGS: usize = 1_000;

/// One finding the document's last lint kept (at most [`MAX_FINDINGS`]),
/// with its fix, in the document's text.
#[derive(Debug, Clone)]
pub(crate) struct KeptFinding {
    pub(crate) span: Span,
    pub(crate) code: Code,
    pub(crate) severity: Severity,
    pub(crate) message: String,
    /// What to replace, and with what.
    pub(crate) fix: Option<(Span, String)>,
    /// Whether the fix is unsafe (a program's string literal, a data
    /// file's value): offered on its own, marked so, and left out of the
    /// fix-all unless the configuration says `unsafe-fixes = true`.
    pub(crate) unsafe_fix: bool,
}

/// A document's last lint.
#[derive(Debug, Default)]
pub(crate) struct Linted {
    pub(crate) findings: Vec<KeptFinding>,
    /// Findings beyond [`MAX_FINDINGS`], not kept.
    pub(crate) more: usize,
    /// Unknown codes in suppression comments.
    pub(crate) unknown: Vec<(Span, String)>,
    /// The URLs that span lines, with their delimiters: no comment goes
    /// inside one.
    pub(crate) multiline: Vec<Span>,
    /// Whether Markdown code spans and blocks were read.
    pub(crate) markdown_code: bool,
    /// Why the document was not linted: its configuration or baseline has
    /// an error.
    pub(crate) problem: Option<ConfigError>,
}
