//! Code actions: the linter's fix of each fixable finding in the range (an
//! unsafe one marked so), a fix-all for the document (as `rfc1738 lint
//! --fix`: the safe fixes, and the unsafe ones when the configuration says
//! `unsafe-fixes = true`), and "ignore this code
//! on this line", which writes the suppression comment in the file's
//! comment syntax.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic, NumberOrString, Range, TextEdit,
    Url, WorkspaceEdit,
};
use rfc1738::lint::Code;
use rfc1738::Span;

use super::diagnostics::{range, Workspace, SOURCE};
use super::document::Document;
use super::findings::{KeptFinding, Linted};
use super::position::Encoding;
use rfc1738_linter::apply_fixes;
use rfc1738_linter::suppress::{suppression_edit, Obstacles};

/// The kind of the fix-all action, under `source.fixAll` (which editors
/// run on save when asked).
pub(crate) fn fix_all_kind() -> CodeActionKind {
    CodeActionKind::new("source.fixAll.rfc1738")
}

/// Whether the client asked for actions of `kind` (none asked: all).
fn wanted(only: Option<&[CodeActionKind]>, kind: &CodeActionKind) -> bool {
    only.is_none_or(|only| {
        only.iter().any(|asked| {
            kind.as_str() == asked.as_str()
                || kind.as_str().starts_with(&format!("{}.", asked.as_str()))
        })
    })
}

fn edit(uri: &Url, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// The diagnostic the client sent back for a finding, if any.
fn diagnostic_of(
    found: &KeptFinding,
    found_range: Range,
    diagnostics: &[Diagnostic],
) -> Option<Diagnostic> {
    diagnostics
        .iter()
        .find(|d| {
            d.range == found_range
                && d.source.as_deref() == Some(SOURCE)
                && d.code == Some(NumberOrString::String(found.code.code().to_owned()))
        })
        .cloned()
}

/// Whether two ranges overlap or touch.
fn meets(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// The code actions for `requested` (a range of the document).
pub(crate) fn actions(
    document: &Document,
    linted: &Linted,
    workspace: &mut Workspace,
    requested: Range,
    diagnostics: &[Diagnostic],
    only: Option<&[CodeActionKind]>,
    encoding: Encoding,
) -> Vec<CodeActionOrCommand> {
    let text = &document.text;
    let mut actions = Vec::new();
    let mut ignored: Vec<(usize, Code)> = Vec::new();
    let obstacles = Obstacles {
        urls: &linted.multiline,
        markup: document.kind != rfc1738_linter::extract::Kind::Text,
    };
    // The findings' ranges counted on from one to the next (they are in
    // order): each counted from its line's start cost a long line's length
    // for each of a thousand findings.
    let mut converter = document.lines.converter(text, encoding);
    for found in &linted.findings {
        let found_range = Range::new(
            converter.position(found.span.start),
            converter.position(found.span.end),
        );
        if !meets(found_range, requested) {
            continue;
        }
        let diagnostic = diagnostic_of(found, found_range, diagnostics);
        if let (Some((span, content)), true) = (&found.fix, wanted(only, &CodeActionKind::QUICKFIX))
        {
            actions.push(CodeAction {
                title: format!(
                    "Fix {}{}: replace {:?} with {content:?}",
                    found.code,
                    if found.unsafe_fix {
                        " (unsafe fix)"
                    } else {
                        ""
                    },
                    &text[span.range()]
                ),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: diagnostic.clone().map(|d| vec![d]),
                edit: Some(edit(
                    &document.uri,
                    vec![TextEdit::new(
                        match *span == found.span {
                            true => found_range,
                            false => range(&document.lines, text, *span, encoding),
                        },
                        content.clone(),
                    )],
                )),
                // An unsafe fix changes what a program reads: never the
                // one an editor applies on its own.
                is_preferred: Some(!found.unsafe_fix),
                ..CodeAction::default()
            });
        }
        // A suppression of U019 is meaningless: it is not suppressed.
        let line = found_range.start.line as usize;
        if found.code == Code::UnusedSuppression
            || ignored.contains(&(line, found.code))
            || !wanted(only, &CodeActionKind::QUICKFIX)
        {
            continue;
        }
        ignored.push((line, found.code));
        if let Some((at, comment)) = suppression_edit(
            text,
            &document.name,
            found.span.start,
            found.code,
            &obstacles,
        ) {
            actions.push(CodeAction {
                title: format!("Ignore {} ({}) on this line", found.code, found.code.name()),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: diagnostic.map(|d| vec![d]),
                edit: Some(edit(
                    &document.uri,
                    vec![TextEdit::new(
                        range(&document.lines, text, Span::new(at, at), encoding),
                        comment,
                    )],
                )),
                ..CodeAction::default()
            });
        }
    }
    let fixable = linted.findings.iter().any(|found| found.fix.is_some());
    if fixable && wanted(only, &fix_all_kind()) {
        if let Some(edits) = fix_all_edits(document, workspace, encoding) {
            actions.push(CodeAction {
                title: "Fix all rfc1738 findings".to_owned(),
                kind: Some(fix_all_kind()),
                edit: Some(edit(&document.uri, edits)),
                ..CodeAction::default()
            });
        }
    }
    actions
        .into_iter()
        .map(CodeActionOrCommand::CodeAction)
        .collect()
}

/// The edits of `rfc1738 lint --fix` on the document: its fixes applied
/// until none is left, as the lines that change.
pub(crate) fn fix_all_edits(
    document: &Document,
    workspace: &mut Workspace,
    encoding: Encoding,
) -> Option<Vec<TextEdit>> {
    let context = workspace.context(document.path.as_deref()).ok()??;
    let old = document.text.as_str();
    let (fixed, applied) = apply_fixes::fix_all(
        old.as_bytes(),
        &document.name,
        document.kind,
        &context.settings,
        context.ledger.as_ref(),
    )
    .ok()?;
    if applied == 0 {
        return None;
    }
    let new = String::from_utf8(fixed).ok()?;
    let diff = similar::TextDiff::from_lines(old, new.as_str());
    // The byte offset of each line of the old text and the new.
    let offsets = |lines: &[&str]| -> Vec<usize> {
        let mut at = 0;
        let mut offsets = vec![0];
        for line in lines {
            at += line.len();
            offsets.push(at);
        }
        offsets
    };
    let (old_at, new_at) = (offsets(diff.old_slices()), offsets(diff.new_slices()));
    let mut edits = Vec::new();
    for op in diff.ops() {
        if op.tag() == similar::DiffTag::Equal {
            continue;
        }
        let (old_lines, new_lines) = (op.old_range(), op.new_range());
        let span = Span::new(old_at[old_lines.start], old_at[old_lines.end]);
        let content = &new[new_at[new_lines.start]..new_at[new_lines.end]];
        edits.push(TextEdit::new(
            range(&document.lines, old, span, encoding),
            content.to_owned(),
        ));
    }
    Some(edits)
}
