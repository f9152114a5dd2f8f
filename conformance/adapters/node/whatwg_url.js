#!/usr/bin/env node
// Node's WHATWG URL parser (the global `URL`, the URL Standard) on whole
// URLs, over the protocol of `rfc1738 conformance run`. A string is valid
// when `new URL(input)` does not throw and, for a scheme's production
// (httpurl, ftpurl, ...), its scheme is that one; url, genericurl and
// otherurl take any scheme.
'use strict';
const readline = require('readline');

const SCHEME = {
  httpurl: 'http', ftpurl: 'ftp', fileurl: 'file', gopherurl: 'gopher',
  mailtourl: 'mailto', newsurl: 'news', nntpurl: 'nntp', telneturl: 'telnet',
  waisurl: 'wais', waisdatabase: 'wais', waisindex: 'wais', waisdoc: 'wais',
  prosperourl: 'prospero',
};
const ANY = new Set(['url', 'genericurl', 'otherurl']);

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  const request = JSON.parse(line);
  const rule = request.rule;
  if (request.revision !== 'rfc1738' || !(ANY.has(rule) || rule in SCHEME)) {
    process.stderr.write(`whatwg_url.js: ${request.revision} ${rule} is no whole URL\n`);
    process.exit(2);
  }
  let valid = false;
  try {
    const scheme = new URL(request.input).protocol.slice(0, -1);
    valid = ANY.has(rule) || scheme.toLowerCase() === SCHEME[rule];
  } catch (error) {
    valid = false;
  }
  process.stdout.write(JSON.stringify({ valid }) + '\n');
});
