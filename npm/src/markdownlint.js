// rfc1738/markdownlint: `rfc1738 lint` as a markdownlint custom rule.
//
//   // .markdownlint-cli2.jsonc
//   { "customRules": ["rfc1738/markdownlint"] }
//
// The file is linted as the CLI lints it (the same extraction of URLs from
// Markdown, its default selection of codes, its suppression comments), and
// each finding at or above the CLI's default level (warning) is reported on
// its line, with its column range, its code in the detail and, where the
// CLI has a safe fix on one line, markdownlint's fixInfo. Findings in YAML
// front matter are reported there (markdownlint's `frontMatter`, from
// markdownlint 0.42 on; before, a rule cannot place one there, and they are
// not reported).
//
// The text linted is the file's own bytes when `params.name` is a file whose
// lines are those markdownlint read (markdownlint hides the text of HTML
// comments from rules, and the CLI reads its suppression comments); else
// the lines markdownlint gives.
import { readFileSync } from "node:fs";

import { lint } from "./rfc1738.js";

const LEVELS = { info: 0, warning: 1, error: 2 };
const LEVEL = LEVELS.warning;
const newLine = /\r\n|\r|\n/;

// The column (from 1, in UTF-16 units, as markdownlint counts) of the
// character at `column` (from 1, in characters, as the CLI counts).
function utf16Column(line, column) {
  let units = 0;
  let characters = 1;
  for (const ch of line) {
    if (characters === column) break;
    units += ch.length;
    characters++;
  }
  return units + 1;
}

function fileText(params) {
  const shown = [...params.frontMatterLines, ...params.lines];
  if (typeof params.name === "string" && params.name) {
    try {
      const bytes = readFileSync(params.name);
      const own = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "").split(newLine);
      if (own.length === shown.length) return { input: bytes, lines: own };
    } catch {
      // Not a file (a string given to markdownlint): its lines.
    }
  }
  return { input: shown.join("\n"), lines: shown };
}

// Whether markdownlint of `version` places an error in front matter (the
// error's `frontMatter`, from 0.42 on); before, a rule's line numbers count
// from the end of the front matter.
function placesFrontMatter(version) {
  const [major, minor] = String(version ?? "").split(".").map(Number);
  return major > 0 || minor >= 42;
}

/** @type {import("markdownlint").Rule} */
const rule = {
  names: ["rfc1738", "url-rfc1738"],
  description: "URLs must follow RFC 1738 (rfc1738 lint)",
  information: new URL("https://github.com/rfc1738/rfc1738/blob/main/docs/javascript.md"),
  tags: ["links", "url"],
  parser: "none",
  function(params, onError) {
    const { input, lines } = fileText(params);
    const front = params.frontMatterLines.length;
    const inFrontMatterToo = placesFrontMatter(params.version);
    const findings = lint(input, { path: params.name || "<stdin>", format: "markdown" });
    for (const finding of findings) {
      if (LEVELS[finding.severity] < LEVEL) continue;
      const inFront = finding.line <= front;
      if (inFront && !inFrontMatterToo) continue;
      const lineNumber = inFront ? finding.line : finding.line - front;
      const text = lines[finding.line - 1] ?? "";
      const start = utf16Column(text, finding.column);
      const end = finding.end_line === finding.line ? utf16Column(text, finding.end_column) : text.length + 1;
      const length = Math.max(1, Math.min(end, text.length + 1) - start);
      const error = {
        lineNumber,
        detail: `${finding.code} ${finding.name} (${finding.severity}): ${finding.message}`,
        context: finding.url ?? undefined,
      };
      if (inFront) error.frontMatter = true;
      if (start <= text.length && start + length - 1 <= text.length) error.range = [start, length];
      const edit = finding.fix && finding.fix.edits.length === 1 ? finding.fix.edits[0] : null;
      if (edit && edit.line === edit.end_line && edit.line === finding.line && !inFront) {
        const editColumn = utf16Column(text, edit.column);
        const deleteCount = utf16Column(text, edit.end_column) - editColumn;
        error.fixInfo = { editColumn, deleteCount, insertText: edit.content };
      }
      onError(error);
    }
  },
};

export default rule;
