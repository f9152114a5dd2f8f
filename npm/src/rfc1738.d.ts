/** The four revisions of the URL syntax, oldest first. */
export type Revision = "draft-jul93" | "draft-oct93" | "draft-03" | "rfc1738";

/** The four revisions, oldest first. */
export declare const revisionNames: readonly Revision[];

export interface Options {
  /** The revision whose grammar is read (default `"rfc1738"`). */
  revision?: Revision;
  /** Follow the letter of the BNF: scheme names in lower case only. */
  strict?: boolean;
}

/** Where and why a string does not match, as `rfc1738 check` says it. */
export interface CheckError {
  /** Byte offset (UTF-8) of the furthest point any derivation reached. */
  offset: number;
  /** Line, from 1. */
  line: number;
  /** Column, from 1, in characters. */
  column: number;
  /** What the grammar allows there, in the BNF's words. */
  expected: string[];
  /** What stood there instead: a quoted character, or `end of input`. */
  found: string;
  /** The productions open there, outermost first. */
  stack: string[];
  /** The text `rfc1738 check` prints after `does not match RULE: `. */
  message: string;
}

export type CheckResult = { ok: true } | { ok: false; error: CheckError };

/**
 * Whether all of `text` matches the production `rule` (its BNF name, as
 * `rfc1738 check` takes it: `url`, `hostport`, `gopher+_string`, a draft's
 * `ftpaddress`...). Throws a `RangeError` for an unknown production or
 * revision.
 */
export declare function check(rule: string, text: string, options?: Options): CheckResult;

/** `check` on each string, in one call into the module. */
export declare function checkMany(rule: string, texts: readonly string[], options?: Options): CheckResult[];

/** A span of the text, in bytes (UTF-8). */
export interface Span {
  start: number;
  end: number;
}

/**
 * RFC 1738's typed tree of a URL: the library's `serde` form (the scheme,
 * and each part with its `span`), one shape per scheme.
 */
export type Url = Record<string, unknown>;

export type ParseResult = { ok: true; url: Url } | { ok: false; error: CheckError };

/** RFC 1738's typed tree of a URL, or where it fails. */
export declare function parse(text: string, options?: Pick<Options, "strict">): ParseResult;

/** A node of a derivation, as `rfc1738 tree` prints it. */
export interface Node {
  name: string;
  start: number;
  end: number;
  text: string;
  children: Node[];
}

export type TreeResult = { ok: true; tree: Node } | { ok: false; error: CheckError };

/** The derivation of `text` from a production (default `url`). */
export declare function tree(text: string, options?: Options & { rule?: string }): TreeResult;

/** One revision's verdict on a URL. */
export interface Verdict {
  dialect: Revision;
  /** The top-level production that accepts it, if any. */
  accepted_as: string | null;
  /** The productions of the scheme that accept it. */
  alternatives: string[];
  [field: string]: unknown;
}

/** What `rfc1738 revisions --format json` prints for a URL. */
export interface Revisions {
  url: string;
  strict: boolean;
  verdicts: Verdict[];
}

/** Which of the four revisions accept a URL. */
export declare function revisions(text: string, options?: Pick<Options, "strict">): Revisions;

export interface LintOptions {
  /** The file's name: its extension says how it is read, and findings name it (default `<stdin>`). */
  path?: string;
  /** Read it as this, whatever its name. */
  format?: "text" | "markdown" | "html";
}

/** A fix, as `rfc1738 lint --format json` gives it. */
export interface Fix {
  message: string;
  applicability: "safe";
  edits: {
    content: string;
    line: number;
    column: number;
    end_line: number;
    end_column: number;
    byte_start: number;
    byte_end: number;
  }[];
}

/** A finding, with the fields of `rfc1738 lint --format json`. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  byte_start: number;
  byte_end: number;
  severity: "error" | "warning" | "info";
  code: string;
  name: string;
  message: string;
  stack: string[] | null;
  expected: string[] | null;
  found: string | null;
  url: string | null;
  url_byte_start: number | null;
  url_byte_end: number | null;
  fragment: string | null;
  fragment_byte_start: number | null;
  fragment_byte_end: number | null;
  fix: Fix | null;
}

/**
 * The findings of `rfc1738 lint --format json` on a file holding `text`
 * (its default selection; no configuration file is read).
 */
export declare function lint(text: string | Uint8Array, options?: LintOptions): Finding[];

/** The explorer's answer (the explorer's build of the module only). */
export declare function explain(urls: string, options?: Options & { rule?: string }): unknown;

/** The productions of a revision (the explorer's build of the module only). */
export declare function grammar(revision: Revision): unknown;
