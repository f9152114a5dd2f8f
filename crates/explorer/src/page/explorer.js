// rfc1738 explore: the page's script. No framework and no build step.
// The whole view lives in the address's fragment
// (#urls=...&revision=...&mode=...&rule=...&select=...&production=...),
// so that a link reproduces it; the server computes everything else. In
// the static export (`rfc1738 explore --export`, its page marked
// data-backend="wasm"), the WebAssembly build of the library beside the
// page (rfc1738.js, rfc1738.wasm) answers what the server would, and the
// diagrams are the exported files.
"use strict";

const WASM = document.documentElement.dataset.backend === "wasm";
let wasmModule = null;

function wasm() {
  if (!wasmModule) wasmModule = import("./rfc1738.js");
  return wasmModule;
}

// A production's diagram file, named as the library names its combinator.
function diagramFile(name) {
  return name.replace(/-/g, "_").replace(/\+/g, "_plus");
}

const REVISIONS = ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"];
// Longer URLs are not drawn character by character.
const MAX_DRAWN = 4000;

const state = {
  urls: "",
  revision: "rfc1738",
  mode: "default",
  rule: "url",
  select: "", // "<url index>:<node path>", the path "r", "r.0", "r.0.2"
  production: "", // a production shown without a node
};
let answer = null;
let asked = 0;
const grammars = {};
const diagrams = {};

const $ = (id) => document.getElementById(id);

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, String(value));
    else if (key === "title") node.title = value;
    else node[key] = value;
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// ---- the state and the address --------------------------------------------

function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  state.urls = params.get("urls") || "";
  state.revision = REVISIONS.includes(params.get("revision")) ? params.get("revision") : "rfc1738";
  state.mode = params.get("mode") === "strict" ? "strict" : "default";
  state.rule = params.get("rule") || "url";
  state.select = params.get("select") || "";
  state.production = params.get("production") || "";
}

function address() {
  const params = new URLSearchParams();
  params.set("urls", state.urls);
  params.set("revision", state.revision);
  params.set("mode", state.mode);
  params.set("rule", state.rule);
  if (state.select) params.set("select", state.select);
  if (state.production) params.set("production", state.production);
  return "#" + params.toString();
}

function writeAddress() {
  const hash = address();
  if (location.hash !== hash) history.replaceState(null, "", hash);
  $("share").href = location.href;
}

function showState() {
  $("urls").value = state.urls;
  $("revision").value = state.revision;
  $("mode").value = state.mode;
  $("rule").value = state.rule;
}

// ---- asking the server ------------------------------------------------------

function setStatus(text, error) {
  $("status").textContent = text;
  $("status").classList.toggle("error", !!error);
}

async function grammar(revision) {
  if (!grammars[revision]) {
    if (WASM) {
      grammars[revision] = (await wasm()).grammar(revision);
    } else {
      const response = await fetch("/api/grammar?revision=" + encodeURIComponent(revision));
      grammars[revision] = await response.json();
    }
  }
  return grammars[revision];
}

async function diagram(revision, name) {
  const key = revision + "/" + name;
  if (!(key in diagrams)) {
    const response = WASM
      ? await fetch("diagrams/" + encodeURIComponent(revision) + "/" + encodeURIComponent(diagramFile(name)) + ".svg")
      : await fetch("/diagrams/" + encodeURIComponent(revision) + "/" + encodeURIComponent(name) + ".svg");
    diagrams[key] = response.ok ? await response.text() : null;
  }
  return diagrams[key];
}

async function explainNow() {
  const ticket = ++asked;
  writeAddress();
  if (!state.urls.trim()) {
    answer = null;
    $("results").replaceChildren();
    setStatus("Type a URL above.");
    await showDiagram();
    return;
  }
  setStatus("Reading…");
  if (WASM) {
    let module;
    try {
      module = await wasm();
    } catch (error) {
      if (ticket === asked) setStatus("The WebAssembly module did not load: " + error, true);
      return;
    }
    if (ticket !== asked) return;
    try {
      answer = module.explain(state.urls, { revision: state.revision, rule: state.rule, strict: state.mode === "strict" });
    } catch (error) {
      answer = null;
      $("results").replaceChildren();
      setStatus("400 Bad Request: " + error.message, true);
      return;
    }
    showAnswer();
    await showDiagram();
    return;
  }
  const query = new URLSearchParams({ revision: state.revision, mode: state.mode, rule: state.rule });
  let response;
  try {
    response = await fetch("/api/explain?" + query, {
      method: "POST",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
      body: state.urls,
    });
  } catch (error) {
    if (ticket === asked) setStatus("The server did not answer: " + error, true);
    return;
  }
  if (ticket !== asked) return;
  if (!response.ok) {
    answer = null;
    $("results").replaceChildren();
    setStatus((await response.text()).trim(), true);
    return;
  }
  answer = await response.json();
  if (ticket !== asked) return;
  showAnswer();
  await showDiagram();
}

function showAnswer() {
  const read = answer.urls.length;
  let text = read === 1 ? "1 URL read" : read + " URLs read";
  if (answer.omitted) text += "; " + answer.omitted + " more lines not read";
  setStatus(text + ", by " + answer.revision + " (" + answer.mode + "), as " + answer.rule + ".");
  render();
}

// ---- the URLs ---------------------------------------------------------------

// The characters of a string with the byte offset (UTF-8) of each.
function characters(text) {
  const out = [];
  let byte = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    out.push({ ch, start: byte, end: byte + size });
    byte += size;
  }
  return out;
}

function slice(chars, start, end) {
  let out = "";
  for (const c of chars) if (c.start >= start && c.end <= end) out += c.ch;
  return out;
}

function render() {
  const results = $("results");
  results.replaceChildren();
  answer.urls.forEach((url, index) => results.append(card(url, index)));
  markSelection();
}

function card(url, index) {
  const article = element("article", { class: "url-card", "data-index": index });
  article.append(element("h3", { class: "url-text" }, element("code", {}, url.url)));
  const verdicts = element("ul", { class: "verdicts", "aria-label": "Verdict of each revision" });
  for (const verdict of url.verdicts) {
    const accepted = verdict.accepted;
    let label = (accepted ? "\u2713 " : "\u2717 ") + verdict.revision;
    if (accepted) label += ": " + verdict.accepted_as + " (" + verdict.alternatives.join(", ") + ")";
    const item = element("li", {
      class: "verdict " + (accepted ? "accepted" : "rejected") + (verdict.revision === state.revision ? " current" : ""),
      "data-revision": verdict.revision,
      "data-accepted": accepted,
      title: verdict.text + "\n(click: read by this revision)",
    }, label);
    item.addEventListener("click", () => readAs(verdict.revision, "url"));
    verdicts.append(item);
  }
  article.append(verdicts);
  const command = "rfc1738 check --dialect " + answer.revision + (answer.mode === "strict" ? " --strict " : " ") + answer.rule;
  article.append(element("p", { class: "check", "data-matches": url.check.matches },
    element("code", {}, command), " \u2192 ", url.check.line));
  if (!url.detailed) {
    article.append(element("p", { class: "note" }, "Boxes, description and findings are shown for the first 100 URLs."));
    return article;
  }
  const chars = characters(url.url);
  if (url.tree) {
    article.append(derivation(url, index, chars));
  } else if (url.failure) {
    article.append(failure(url, index, chars));
  }
  if (url.describe) {
    article.append(element("details", { class: "describe" },
      element("summary", {}, "What it means (rfc1738 describe)"),
      element("pre", {}, url.describe.text)));
  } else if (url.bytes > 65536) {
    article.append(element("p", { class: "note" }, "Not described: longer than 64 KiB."));
  }
  article.append(findings(url, chars));
  return article;
}

function derivation(url, index, chars) {
  const holder = element("div", { class: "derivation", "data-nodes": url.nodes });
  if (url.url.length > MAX_DRAWN) {
    holder.append(element("p", { class: "note" },
      "Derived as " + url.tree.name + " (" + url.nodes + " nodes); too long to draw (" + url.bytes + " bytes)."));
    return holder;
  }
  holder.append(box(url.tree, "r", index, chars));
  return holder;
}

function box(node, path, index, chars) {
  const empty = node.start === node.end;
  const element_ = element("div", {
    class: "box" + (empty ? " empty" : ""),
    "data-name": node.name,
    "data-start": node.start,
    "data-end": node.end,
    "data-path": path,
    title: node.name + " " + node.start + ".." + node.end,
  });
  element_.append(element("span", { class: "label" }, node.name));
  const content = element("div", { class: "content" });
  let at = node.start;
  const text = (start, end) => {
    if (end > start) content.append(element("span", { class: "chars" }, slice(chars, start, end)));
  };
  node.children.forEach((child, i) => {
    text(at, child.start);
    content.append(box(child, path + "." + i, index, chars));
    at = child.end;
  });
  text(at, node.end);
  if (node.truncated) content.append(element("span", { class: "note" }, "\u2026"));
  element_.append(content);
  element_.addEventListener("click", (event) => {
    event.stopPropagation();
    state.select = index + ":" + path;
    state.production = "";
    writeAddress();
    markSelection();
    showDiagram();
  });
  return element_;
}

function failure(url, index, chars) {
  const f = url.failure;
  const holder = element("div", { class: "failure", "data-offset": f.offset });
  if (f.offset === undefined) {
    holder.append(element("p", {}, f.message));
    return holder;
  }
  const line = element("div", { class: "failure-string chars" });
  const from = url.url.length > MAX_DRAWN ? Math.max(0, f.offset - 60) : 0;
  const to = url.url.length > MAX_DRAWN ? f.offset + 61 : Infinity;
  if (from > 0) line.append("\u2026");
  line.append(element("span", { class: "read" }, slice(chars, from, f.offset)));
  const here = chars.find((c) => c.start === f.offset);
  if (here) {
    line.append(element("span", { class: "marker", title: "offset " + f.offset + ": found " + f.found }, here.ch));
    line.append(element("span", { class: "unread" }, slice(chars, here.end, to)));
    if (to < url.bytes) line.append("\u2026");
  } else {
    line.append(element("span", { class: "marker eoi", title: "offset " + f.offset + ": end of input" }, "end"));
  }
  holder.append(line);
  holder.append(element("p", { class: "message" }, element("code", {}, "rfc1738 tree"), " \u2192 error: " + f.message));
  holder.append(element("p", {}, "At offset " + f.offset + " (line " + f.line + ", column " + f.column + ") the grammar expected ",
    element("strong", { class: "expected" }, f.expected.join(", ") || "nothing more"), "; found ", element("strong", { class: "found" }, f.found), "."));
  const open = element("p", { class: "open" }, "Productions open: ");
  f.stack.forEach((name, i) => {
    if (i > 0) open.append(" \u203a ");
    const button = element("button", { class: "open-production", type: "button", "data-name": name }, name);
    button.addEventListener("click", () => {
      state.select = index + ":open:" + i;
      state.production = "";
      writeAddress();
      showDiagram();
    });
    open.append(button);
  });
  holder.append(open);
  // The revision may accept the URL as another of its top-level
  // productions (a fragmentaddress, a prefixedurl): offer to derive it so.
  const verdict = url.verdicts.find((v) => v.revision === answer.revision);
  if (verdict && verdict.accepted_as && verdict.accepted_as !== answer.rule) {
    const button = element("button", { class: "derive-as", type: "button", "data-rule": verdict.accepted_as },
      "derive it as " + verdict.accepted_as);
    button.addEventListener("click", () => readAs(answer.revision, verdict.accepted_as));
    holder.append(element("p", { class: "note" }, answer.revision + " accepts it as " + verdict.accepted_as + ": ", button));
  }
  return holder;
}

function findings(url, chars) {
  const holder = element("div", { class: "findings" });
  if (!url.findings.length) {
    holder.append(element("p", { class: "note" }, "The linter finds nothing."));
    return holder;
  }
  const list = element("ul");
  for (const finding of url.findings) {
    const item = element("li", { class: "finding " + finding.severity, "data-code": finding.code },
      element("span", { class: "code" }, finding.code + " " + finding.name), " (" + finding.severity + ") at " +
      finding.start + ".." + finding.end + ": " + finding.message);
    if (finding.fix) {
      item.append(element("span", { class: "fix" }, " \u2014 fix: replace " +
        JSON.stringify(slice(chars, finding.fix.start, finding.fix.end)) + " with " + JSON.stringify(finding.fix.content)));
    }
    list.append(item);
  }
  holder.append(element("h4", {}, "Findings (rfc1738 lint)"), list);
  if (url.more_findings) holder.append(element("p", { class: "note" }, url.more_findings + " more findings not shown."));
  if (url.fixed) holder.append(element("p", { class: "fixed" }, "With the fixes: ", element("code", {}, url.fixed)));
  return holder;
}

// ---- the selection and the diagram -----------------------------------------

function selected() {
  if (!answer || !state.select) return null;
  const [indexText, path, openIndex] = state.select.split(":");
  const url = answer.urls[Number(indexText)];
  if (!url) return null;
  if (path === "open") {
    const stack = url.failure && url.failure.stack;
    const i = Number(openIndex);
    if (!stack || !(i >= 0 && i < stack.length)) return null;
    return { url, open: stack[i], next: stack[i + 1] };
  }
  if (!url.tree || !path || path[0] !== "r") return null;
  let node = url.tree;
  for (const step of path.split(".").slice(1)) {
    node = node.children[Number(step)];
    if (!node) return null;
  }
  return { url, node, index: Number(indexText), path };
}

function markSelection() {
  for (const old of document.querySelectorAll(".box.selected")) old.classList.remove("selected");
  const choice = selected();
  if (!choice || !choice.node) return;
  const card = document.querySelector('.url-card[data-index="' + choice.index + '"]');
  const chosen = card && card.querySelector('.box[data-path="' + choice.path + '"]');
  if (chosen) chosen.classList.add("selected");
}

async function showDiagram() {
  const choice = selected();
  let name = state.production || (choice && (choice.node ? choice.node.name : choice.open)) || state.rule;
  const revision = state.revision;
  const holder = $("diagram");
  $("diagram-title").textContent = name + " (" + revision + ")";
  holder.setAttribute("data-production", name);
  holder.setAttribute("data-revision", revision);
  const rules = await grammar(revision);
  const production = rules.productions.find((p) => p.name === name);
  $("bnf").textContent = production ? production.bnf : "";
  const svg = await diagram(revision, name);
  if (name !== (holder.getAttribute("data-production"))) return;
  holder.innerHTML = svg || "";
  let note = "";
  if (!state.production && choice && choice.node) {
    const node = choice.node;
    const chars = characters(choice.url.url);
    if (node.path) {
      for (const [leaf, start, end] of node.path) {
        const g = holder.querySelector('g[data-leaf="' + leaf + '"]');
        if (!g) continue;
        g.classList.add("taken");
        const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        title.textContent = JSON.stringify(slice(chars, start, end)) + " at " + start + ".." + end;
        g.prepend(title);
      }
      note = "Marked: the boxes " + JSON.stringify(slice(chars, node.start, node.end)) + " went through (" + node.path.length + ").";
    } else {
      note = "The path of " + JSON.stringify(slice(chars, node.start, node.end)) + " through this diagram is not shown (too long, or found by no reading of the text).";
    }
  } else if (!state.production && choice && choice.open) {
    if (choice.next) {
      for (const g of holder.querySelectorAll('g[data-name="' + CSS.escape(choice.next) + '"]')) g.classList.add("open");
      note = "Open when the URL failed, inside " + choice.next + " (marked).";
    } else {
      note = "The innermost production open when the URL failed.";
    }
  }
  $("diagram-note").textContent = note;
  for (const g of holder.querySelectorAll("g[data-name]")) {
    g.addEventListener("click", () => {
      state.production = g.getAttribute("data-name");
      writeAddress();
      showDiagram();
    });
  }
}

// ---- the controls -----------------------------------------------------------

// Reads the URLs again by `revision`, deriving them from `rule`.
function readAs(revision, rule) {
  state.revision = revision;
  state.rule = rule;
  state.select = "";
  state.production = "";
  showState();
  fillProductions();
  explainNow();
}

async function fillProductions() {
  const rules = await grammar(state.revision);
  $("productions").replaceChildren(...rules.productions.map((p) => element("option", { value: p.name })));
}

function start() {
  for (const revision of REVISIONS) $("revision").append(element("option", { value: revision }, revision));
  readAddress();
  showState();
  fillProductions();
  let timer = null;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(explainNow, 300);
  };
  $("urls").addEventListener("input", () => {
    state.urls = $("urls").value;
    state.select = "";
    state.production = "";
    later();
  });
  $("revision").addEventListener("change", () => readAs($("revision").value, "url"));
  $("mode").addEventListener("change", () => {
    state.mode = $("mode").value;
    state.select = "";
    explainNow();
  });
  $("rule").addEventListener("change", () => readAs(state.revision, $("rule").value.trim() || "url"));
  $("explain").addEventListener("click", () => {
    state.urls = $("urls").value;
    explainNow();
  });
  window.addEventListener("hashchange", () => {
    if (location.hash === address()) return;
    readAddress();
    showState();
    fillProductions();
    explainNow();
  });
  explainNow();
}

start();
