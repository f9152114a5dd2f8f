#!/usr/bin/env node
// linkify-it (npm), the link finder of markdown-it, as a URL extractor over
// the protocol of `rfc1738 conformance run --extract`: its matches in the
// text as it is (a Markdown text too: linkify-it reads no Markdown), with
// its default options (fuzzy links and e-mail addresses on). Each match's
// `raw` text is split at its first "#" into the URL and the fragment, the
// protocol's reading; JavaScript counts UTF-16 units, the protocol bytes:
// the offsets are converted here.
'use strict';
const readline = require('readline');
const linkify = require('linkify-it')();

/** UTF-8 bytes of the first `units` UTF-16 units of `text`. */
function bytes(text, units) {
  return Buffer.byteLength(text.slice(0, units), 'utf8');
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  const { text } = JSON.parse(line);
  const urls = (linkify.match(text) || []).map((match) => {
    const hash = match.raw.indexOf('#');
    const urlEnd = hash < 0 ? match.lastIndex : match.index + hash;
    const start = bytes(text, match.index);
    const end = bytes(text, urlEnd);
    return {
      url: text.slice(match.index, urlEnd),
      span: [start, end],
      fragment: hash < 0 ? null : [end, bytes(text, match.lastIndex)],
    };
  });
  process.stdout.write(JSON.stringify({ urls }) + '\n');
});
