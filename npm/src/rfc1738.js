// rfc1738: the grammar of RFC 1738 and of its 1993-94 drafts, and the
// linter of `rfc1738 lint`, compiled to WebAssembly (npm/crate). This file
// is the whole of the glue: it loads `rfc1738.wasm` beside it (Node 18+:
// from the file; a browser: by fetch), then each function writes its
// strings into the module's input buffer as UTF-8, calls one export, and
// reads the answer (JSON) from the output buffer. No wasm-bindgen: the
// boundary is a few functions on bytes (npm/README.md, "How it is built").

const REVISIONS = ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"];
const FORMATS = { text: 1, markdown: 2, html: 3 };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function instantiate() {
  const url = new URL("./rfc1738.wasm", import.meta.url);
  const isNode = typeof process === "object" && process !== null &&
    typeof process.versions === "object" && process.versions.node !== undefined;
  if (isNode && url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    const { instance } = await WebAssembly.instantiate(await readFile(url), {});
    return instance;
  }
  const response = fetch(url);
  if (typeof WebAssembly.instantiateStreaming === "function") {
    try {
      return (await WebAssembly.instantiateStreaming(response, {})).instance;
    } catch (error) {
      // A server that sends the module with another type than
      // application/wasm: read it whole.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  const bytes = await (await response).arrayBuffer();
  return (await WebAssembly.instantiate(bytes, {})).instance;
}

const wasm = (await instantiate()).exports;

// ---- the boundary -----------------------------------------------------------

function bytesOf(pointer, length) {
  return new Uint8Array(wasm.memory.buffer, pointer, length);
}

// Writes the strings one after the other into the input buffer; their
// lengths in bytes.
function put(strings) {
  let room = 0;
  for (const string of strings) room += string.length * 3;
  const view = bytesOf(wasm.rfc1738_input(room), room);
  const lengths = [];
  let at = 0;
  for (const string of strings) {
    const { written } = encoder.encodeInto(string, at === 0 ? view : view.subarray(at));
    lengths.push(written);
    at += written;
  }
  return lengths;
}

function output() {
  return decoder.decode(bytesOf(wasm.rfc1738_output(), wasm.rfc1738_output_len()));
}

// The answer of a call: its JSON, or the usage error it reported thrown.
function answer(status) {
  if (status < 0) throw new RangeError(output());
  return JSON.parse(output());
}

function text(value, what) {
  if (typeof value !== "string") throw new TypeError(what + " must be a string");
  return value;
}

function revisionIndex(options) {
  const revision = options && options.revision !== undefined ? options.revision : "rfc1738";
  const index = REVISIONS.indexOf(revision);
  if (index < 0) {
    throw new RangeError("unknown revision " + JSON.stringify(revision) + "; the revisions are " + REVISIONS.join(", "));
  }
  return index;
}

function flags(options) {
  return options && options.strict ? 1 : 0;
}

// ---- the API ----------------------------------------------------------------

/** The four revisions, oldest first. */
export const revisionNames = Object.freeze([...REVISIONS]);

/**
 * Whether all of `input` matches the production `rule` (its BNF name, as
 * `rfc1738 check` takes it): `{ ok: true }`, or `{ ok: false, error }`.
 */
export function check(rule, input, options) {
  const index = revisionIndex(options);
  const [ruleLength, textLength] = put([text(rule, "rule"), text(input, "text")]);
  const status = wasm.rfc1738_check(index, flags(options), ruleLength, textLength);
  return status === 1 ? { ok: true } : answer(status);
}

/**
 * `check` on each string of `texts`, in one call into the module: an array
 * of answers in the same order. The `error` of a string that does not
 * match is computed when it is first read.
 */
export function checkMany(rule, texts, options) {
  const index = revisionIndex(options);
  if (!Array.isArray(texts)) throw new TypeError("texts must be an array of strings");
  text(rule, "rule");
  const count = texts.length;
  for (let i = 0; i < count; i++) text(texts[i], "texts[" + i + "]");
  const joined = texts.join("");
  // All ASCII (a byte per UTF-16 unit): the lengths are the strings'.
  // Otherwise each text is measured as it is written.
  const room = rule.length * 3 + joined.length * 3;
  const input = wasm.rfc1738_input(room);
  const lengthsPointer = wasm.rfc1738_lengths(count);
  const view = bytesOf(input, room);
  const lengths = new Uint32Array(wasm.memory.buffer, lengthsPointer, count);
  const ruleLength = encoder.encodeInto(rule, view).written;
  const { written } = encoder.encodeInto(joined, view.subarray(ruleLength));
  if (written === joined.length) {
    for (let i = 0; i < count; i++) lengths[i] = texts[i].length;
  } else {
    let at = ruleLength;
    for (let i = 0; i < count; i++) {
      const n = encoder.encodeInto(texts[i], view.subarray(at)).written;
      lengths[i] = n;
      at += n;
    }
  }
  const failed = wasm.rfc1738_check_many(index, flags(options), ruleLength, count);
  if (failed < 0) throw new RangeError(output());
  const verdicts = bytesOf(wasm.rfc1738_output(), count).slice();
  const asked = { revision: REVISIONS[index], strict: flags(options) === 1 };
  const results = new Array(count);
  for (let i = 0; i < count; i++) {
    results[i] = verdicts[i] === 1 ? { ok: true } : failure(rule, texts[i], asked);
  }
  return results;
}

// `{ ok: false, error }` whose error is diagnosed when first read (a
// second pass of the grammar that records where and why), as the library
// does: a program that only counts failures never pays for it.
function failure(rule, input, options) {
  const result = { ok: false };
  Object.defineProperty(result, "error", {
    enumerable: true,
    configurable: true,
    get() {
      const { error } = check(rule, input, options);
      Object.defineProperty(result, "error", { value: error, enumerable: true, writable: true, configurable: true });
      return error;
    },
  });
  return result;
}

/**
 * RFC 1738's typed tree of a URL (the scheme and each part with its span,
 * in bytes): `{ ok: true, url }`, or `{ ok: false, error }` as `check`.
 */
export function parse(input, options) {
  const [length] = put([text(input, "text")]);
  return answer(wasm.rfc1738_parse(flags(options), length));
}

/**
 * The derivation `rfc1738 tree` prints, as nodes `{ name, start, end,
 * text, children }`: `{ ok: true, tree }`, or `{ ok: false, error }`.
 */
export function tree(input, options) {
  const index = revisionIndex(options);
  const rule = options && options.rule !== undefined ? options.rule : "url";
  const [ruleLength, textLength] = put([text(rule, "rule"), text(input, "text")]);
  return answer(wasm.rfc1738_tree(index, flags(options), ruleLength, textLength));
}

/**
 * Which of the four revisions accept a URL, and as which production: the
 * object `rfc1738 revisions --format json` prints.
 */
export function revisions(input, options) {
  const [length] = put([text(input, "text")]);
  return answer(wasm.rfc1738_revisions(flags(options), length));
}

/**
 * The findings of `rfc1738 lint --format json` on a file named `path`
 * holding `input` (a string, or its bytes): one object a finding. The file
 * is read as Markdown, HTML or plain text by its name, as the CLI reads
 * it, or as `format` says.
 */
export function lint(input, options) {
  const path = options && options.path !== undefined ? text(options.path, "path") : "<stdin>";
  const formatName = options && options.format;
  let format = 0;
  if (formatName !== undefined) {
    format = FORMATS[formatName];
    if (format === undefined) {
      throw new RangeError("unknown format " + JSON.stringify(formatName) + "; the formats are text, markdown, html");
    }
  }
  let pathLength;
  let bytesLength;
  if (input instanceof Uint8Array) {
    const room = path.length * 3 + input.length;
    const view = bytesOf(wasm.rfc1738_input(room), room);
    pathLength = encoder.encodeInto(path, view).written;
    view.set(input, pathLength);
    bytesLength = input.length;
  } else {
    [pathLength, bytesLength] = put([path, text(input, "text")]);
  }
  const status = wasm.rfc1738_lint(format, pathLength, bytesLength);
  if (status < 0) throw new Error(output());
  const findings = [];
  for (const line of output().split("\n")) {
    if (line) findings.push(JSON.parse(line));
  }
  return findings;
}

/**
 * The explorer's answer for URLs, one a line (the static page of `rfc1738
 * explore --export`); only in the explorer's build of the module.
 */
export function explain(urls, options) {
  if (!wasm.rfc1738_explain) throw new Error("this build of the module has no explorer");
  const index = revisionIndex(options);
  const rule = options && options.rule !== undefined ? options.rule : "url";
  const [ruleLength, urlsLength] = put([text(rule, "rule"), text(urls, "urls")]);
  return answer(wasm.rfc1738_explain(index, flags(options), ruleLength, urlsLength));
}

/**
 * The productions of a revision with their BNF (the explorer's); only in
 * the explorer's build of the module.
 */
export function grammar(revision) {
  if (!wasm.rfc1738_grammar) throw new Error("this build of the module has no explorer");
  return answer(wasm.rfc1738_grammar(revisionIndex({ revision })));
}
