#!/usr/bin/env python3
"""A reference extractor written apart from the project (no code shared with
it, nothing but Python's standard library), from the rules of
conformance/README.md ("URLs in running text"), over the protocol of
`rfc1738 conformance run --extract`. It is a check on the extraction cases:
written from the same rules by other means, it must agree with every one of
them (CI requires it).

Plain text: the bracketed forms first (`<URL:...>`, and `<scheme:...>` for
`scheme://` or a scheme RFC 1738 names), then bare tokens outside them.
Markdown: a small reader of the parts of CommonMark the rules name (fenced
and indented code, HTML comments and blocks, reference definitions, inline
links and images, autolinks, code spans, HTML attributes), enough for
ordinary documents, not a full CommonMark parser; the prose it leaves is
read by the plain-text rules for bare URLs, backslash escapes decoded and
emphasis markers around a URL dropped.
"""

import json
import re
import sys

# Schemes RFC 1738 names, which angle brackets take without "//".
NAMED = ("ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero")
SCHEME_CHAR = re.compile(r"[A-Za-z0-9+.\-]")
SENTENCE = ".,;:!?'"
BREAK = re.compile(r"[ \t]*\r?\n[ \t]*")


def ends_bare(c):
    return c.isspace() or c in '<>"' or ord(c) > 127


def typed(text):
    """As a reader types it: the white space around line breaks removed."""
    return BREAK.sub("", text)


def found(text, start, end, decode=None):
    """A URL at text[start:end], split at its first "#"."""
    hash_at = text.find("#", start, end)
    url_end = end if hash_at < 0 else hash_at
    url = typed(text[start:url_end])
    if decode:
        url = decode(url)
    return {"url": url, "span": [start, url_end],
            "fragment": None if hash_at < 0 else [hash_at, end]}


def bracketed(text, lo, hi):
    """URLs in <URL:...> and <scheme:...> between lo and hi, and the ranges
    of the brackets taken."""
    urls, taken = [], []
    at = lo
    while True:
        open_at = text.find("<", at, hi)
        if open_at < 0:
            return urls, taken
        close = text.find(">", open_at + 1, hi)
        if close < 0:
            return urls, taken
        if "<" in text[open_at + 1:close]:
            at = open_at + 1
            continue
        start = open_at + 1
        if text.startswith("URL:", start):
            start += 4
        body = text[start:close]
        scheme = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", body)
        # White space only around line breaks.
        solid = BREAK.sub("", body)
        if scheme and not re.search(r"\s", solid) and (
            body[scheme.end():].startswith("//") or scheme.group(1).lower() in NAMED
        ) and len(body) > scheme.end():
            urls.append(found(text, start, close))
            taken.append((open_at, close + 1))
            at = close + 1
        else:
            at = open_at + 1


def trim(text, start, end, markers=""):
    """The end of a bare token once what ends a sentence (and, in
    Markdown, emphasis markers) is dropped."""
    while end > start:
        last = text[end - 1]
        if last in SENTENCE or last in markers:
            end -= 1
        elif last in ")]":
            opener = "(" if last == ")" else "["
            piece = text[start:end]
            if piece.count(last) > piece.count(opener):
                end -= 1
            else:
                break
        else:
            break
    return end


def bare(text, lo, hi, skip=(), markers=""):
    """Bare URLs between lo and hi, outside the ranges in skip."""
    urls = []
    at = lo
    while at < hi:
        if any(a <= at < b for a, b in skip) or ends_bare(text[at]):
            at += 1
            continue
        end = at
        while end < hi and not ends_bare(text[end]) and not any(a <= end < b for a, b in skip):
            end += 1
        urls.extend(in_token(text, at, end, markers))
        at = end
    return urls


def in_token(text, start, end, markers):
    token = text[start:end]
    for match in re.finditer(r"://|(?<![A-Za-z0-9+.\-])(?:mailto|news):", token):
        if match.group(0) == "://":
            first = match.start()
            while first > 0 and SCHEME_CHAR.match(token[first - 1]):
                first -= 1
            if first == match.start():
                continue
            rest = match.end()
        else:
            first, rest = match.start(), match.end()
        url_end = trim(text, start + first, end, markers)
        if url_end <= start + rest:
            return []  # a scheme with nothing after it: a mention
        return [found(text, start + first, url_end)]
    return []


def plain(text):
    urls, taken = bracketed(text, 0, len(text))
    urls += bare(text, 0, len(text), taken)
    return urls


# ------------------------------------------------------------------ Markdown

ESCAPABLE = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"


def unescape(url):
    return re.sub(r"\\([%s])" % re.escape(ESCAPABLE), r"\1", url)


def destination(text, at):
    """The destination starting at text[at] (after "(" or "]: "), as
    (start, end), or None."""
    while at < len(text) and text[at] in " \t":
        at += 1
    if at < len(text) and text[at] == "<":
        close = text.find(">", at)
        return (at + 1, close) if close > 0 else None
    end = at
    while end < len(text) and not text[end].isspace() and text[end] != ")":
        end += 1
    return (at, end) if end > at else None


def has_scheme(text, start, end):
    return re.match(r"[A-Za-z][A-Za-z0-9+.\-]*:", text[start:end]) is not None


def markdown(text):
    urls = []
    masked = []  # ranges that are not prose
    lines = []
    at = 0
    for line in text.split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    # Block level: fenced and indented code, HTML comments and blocks,
    # reference definitions.
    definitions = {}
    index, blank_before = 0, True
    while index < len(lines):
        start, end = lines[index]
        line = text[start:end]
        if line.startswith("```"):
            close = index + 1
            while close < len(lines) and not text[lines[close][0]:lines[close][1]].startswith("```"):
                close += 1
            masked.append((start, lines[min(close, len(lines) - 1)][1]))
            index = close + 1
            blank_before = False
            continue
        if blank_before and line.startswith("    ") and line.strip():
            masked.append((start, end))
            index += 1
            continue
        if line.startswith("<!--"):
            close = text.find("-->", start)
            masked.append((start, close + 3))
            while index < len(lines) and lines[index][0] < close:
                index += 1
            continue
        if re.match(r"<(div|p|table|pre|section)\b", line):
            block_end = end
            while index + 1 < len(lines) and text[lines[index + 1][0]:lines[index + 1][1]].strip():
                index += 1
                block_end = lines[index][1]
            urls += attributes(text, start, block_end)
            masked.append((start, block_end))
            index += 1
            continue
        definition = re.match(r"\[([^\]]+)\]:[ \t]*", line)
        if definition:
            span = destination(text, start + definition.end())
            if span:
                definitions[definition.group(1).lower()] = span
            masked.append((start, end))
            index += 1
            continue
        blank_before = not line.strip()
        index += 1
    # Inline level, outside what is masked.
    prose = [(a, b) for a, b in lines]
    for pattern in (r"`[^`\n]+`",):
        for match in re.finditer(pattern, text):
            if not inside(match.start(), masked):
                masked.append(match.span())
    used = set()
    for match in re.finditer(r"\]\(", text):
        if inside(match.start(), masked):
            continue
        span = destination(text, match.end())
        if span:
            if has_scheme(text, *span):
                urls.append(found(text, span[0], span[1], unescape))
            close = text.find(")", span[1])
            masked.append((match.start(), close + 1))
    for match in re.finditer(r"\[([^\]\[]+)\](?:\[([^\]]*)\])?", text):
        if inside(match.start(), masked):
            continue
        label = (match.group(2) or match.group(1)).lower()
        if label in definitions:
            used.add(label)
            if match.group(2):
                masked.append((match.start(2), match.end(2)))
    for label in used:
        span = definitions[label]
        if has_scheme(text, *span):
            urls.append(found(text, span[0], span[1], unescape))
    for match in re.finditer(r"<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^<>\s]*)>", text):
        if not inside(match.start(), masked):
            urls.append(found(text, match.start(1), match.end(1)))
            masked.append(match.span())
    for match in re.finditer(r"</?[A-Za-z][^<>]*>", text):
        if not inside(match.start(), masked):
            urls += attributes(text, match.start(), match.end())
            masked.append(match.span())
    for a, b in prose:
        for url in bare_markdown(text, a, b, masked):
            urls.append(url)
    return sorted(urls, key=lambda u: u["span"])


def inside(at, ranges):
    return any(a <= at < b for a, b in ranges)


def attributes(text, start, end):
    urls = []
    for match in re.finditer(r"\b(?:href|src)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')", text[start:end], re.I):
        group = 1 if match.group(1) is not None else 2
        a, b = start + match.start(group), start + match.end(group)
        if has_scheme(text, a, b):
            urls.append(found(text, a, b))
    return urls


def bare_markdown(text, lo, hi, masked):
    """Bare URLs of prose: tokens with backslash escapes kept in the span
    and decoded in the string, emphasis markers dropped at their ends."""
    urls = []
    for url in bare(text, lo, hi, masked, markers="*_"):
        start = url["span"][0]
        end = (url["fragment"] or url["span"])[1]
        # Leading emphasis markers are no scheme characters: the token
        # already starts at the scheme.
        urls.append(found(text, start, end, unescape))
    return urls


def main():
    for line in sys.stdin:
        request = json.loads(line)
        text = request["text"]
        urls = plain(text) if request["kind"] == "plain" else markdown(text)
        print(json.dumps({"urls": urls}), flush=True)


if __name__ == "__main__":
    main()
