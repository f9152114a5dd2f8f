#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus and dictionary from the repository.

fuzz/seeds/: every URL of the five source documents
(tests/fixtures/seeds/*.txt): `<URL:...>` forms with their line breaks
removed, and bare `scheme:...` strings of the schemes the documents discuss.
Each seed is one file named after the SHA-1 of its content, as libFuzzer
names corpus entries.

fuzz/rfc1738.dict: every quoted terminal of grammar/rfc1738.bnf (the
scheme literals, `;type=`, `%09`, the characters of the classes), read from
the grammar text, plus `<">`, which the BNF writes in RFC 822 notation.

fuzz/corpora/<target>/: the seed corpus of each target that reads files
or messages rather than URLs (the linter's readers, --fix, the language
server, the explorer's server, the configuration and the baseline), from
the project's fixtures: the seed documents cut into pieces, the extraction
cases of the conformance suite, the repository's Markdown and HTML, the
configurations of the tests; and for each reader inputs of deep
repetition (HOSTILE: nested brackets, thousands of openers, one URL of
thousands of findings), at SEED_SIZE bytes.

fuzz/dicts/<target>.dict: the grammar's terminals and the tokens of what
the target reads (Markdown, HTML, LSP, HTTP, TOML).

`--hostile DIR [BYTES]` writes instead the same repetitions at BYTES
(default a megabyte) under DIR/<target>/, for fuzz/hostile.sh: each must
stay within a second and 64 MB.

Run from anywhere: python3 fuzz/make_seeds.py
"""
import hashlib
import pathlib
import re
import struct
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "fuzz" / "seeds"
DICT = ROOT / "fuzz" / "rfc1738.dict"

SCHEMES = "http|ftp|news|nntp|telnet|gopher|wais|mailto|file|prospero|afs|mid|cid|x-[a-z]+"
BARE = re.compile(r"\b(?:%s):[^\s<>\"'()\[\]{}|\\^`]+" % SCHEMES, re.IGNORECASE)
# The schemes the documents describe without a complete example URL.
EXTRA = [
    "mailto:mjones@host.dom",
    "news:comp.infosystems.www.misc",
    "news:12345@host.dom",
    "nntp://news.host.dom:119/comp.infosystems.www/12345",
    "telnet://user:password@host.dom:23/",
    "gopher://host.dom:70/1selector%09search%09gopher+",
    "wais://host.dom/database/wtype/wpath",
    "prospero://host.dom:1525/pros/name;type=file;ver=2",
    "x-scheme+1.0://user@128.9.160.20:8080/path?query",
]
ANGLED = re.compile(r"<URL:([^>]*)>", re.DOTALL)


def urls(text):
    found = []
    for match in ANGLED.finditer(text):
        found.append(re.sub(r"\s+", "", match.group(1)))
    for match in BARE.finditer(ANGLED.sub(" ", text)):
        found.append(match.group(0).rstrip(".,;:"))
    return found


def main():
    SEEDS.mkdir(exist_ok=True)
    for old in SEEDS.iterdir():
        old.unlink()
    seen = set()
    for document in sorted((ROOT / "tests" / "fixtures" / "seeds").glob("*.txt")):
        for url in urls(document.read_text(encoding="utf-8", errors="replace")):
            if url and url not in seen and len(url) < 300:
                seen.add(url)
    seen.update(EXTRA)
    for url in sorted(seen):
        data = url.encode("utf-8")
        (SEEDS / hashlib.sha1(data).hexdigest()).write_bytes(data)

    grammar = (ROOT / "grammar" / "rfc1738.bnf").read_text(encoding="utf-8")
    terminals = set()
    for line in grammar.splitlines():
        if line.lstrip().startswith(";"):
            continue
        terminals.update(re.findall(r'"([^"]+)"', line))
    terminals.add('"')
    terminals.update(["%09", "%25", "%2F", "%", "://", "//"])
    lines = ["# The terminals of RFC 1738 section 5 (written by fuzz/make_seeds.py)."]
    for terminal in sorted(terminals):
        escaped = terminal.replace("\\", "\\\\").replace('"', '\\"')
        lines.append('"%s"' % escaped)
    DICT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("%d seeds, %d dictionary entries" % (len(seen), len(terminals)))
    corpora(terminals)


# ------------------------------------------------------------ the readers

CORPORA = ROOT / "fuzz" / "corpora"
DICTS = ROOT / "fuzz" / "dicts"
# The size of a seed of deep repetition in the corpora.
SEED_SIZE = 4096
# The longest piece of a document taken as one seed.
PIECE = 2048

# Deep repetition, by target: (name, prefix, repeated, suffix).
HOSTILE = {
    "lint_text": [
        ("wrappers", b"", b"<URL:", b""),
        ("angles", b"", b"<", b"http://a.b/>"),
        ("unsafe", b"http://a.b/", b"~", b""),
        ("percents", b"http://a.b/", b"%", b""),
        ("schemes", b"", b"http://", b""),
        ("wrapped-lines", b"<URL:http://a.b/", b"x\n  ", b">"),
        ("suppressions", b"", b"http://a.b/~ # rfc1738-ignore: U003 U999\n", b""),
        ("invalid", b"http://a.b/", b"\xff\xfe~", b""),
        ("parens", b"", b"(", b"http://a.b/"),
        ("braces", b"http://a.b/", b"{", b""),
        ("non-ascii", b"http://a.b/", "\u00e9".encode(), b""),
        ("mailto", b"", b"mailto:a@", b""),
    ],
    "lint_markdown": [
        ("brackets", b"", b"[", b"](http://a.b/)"),
        ("images", b"", b"![", b"](http://a.b/)"),
        ("links-open", b"", b"[a](", b"http://a.b/"),
        ("angles", b"", b"<", b"http://a.b/>"),
        ("backticks", b"", b"`", b"http://a.b/"),
        ("quotes", b"", b"> ", b"http://a.b/~"),
        ("lists", b"", b"- ", b"[a](http://a.b/~)"),
        ("definitions", b"", b"[r]: http://a.b/~\n[r]\n", b""),
        ("escapes", b"[a](http://a.b/", b"\\~", b")"),
        ("entities", b"[a](http://a.b/", b"&amp;", b")"),
        ("emphasis", b"", b"*_", b"http://a.b/"),
        ("inline-html", b"", b"<a href=\"", b"http://a.b/\">"),
        ("fences", b"", b"```\nhttp://a.b/~\n", b""),
        ("unsafe", b"[a](<http://a.b/", b"~ ", b">)"),
    ],
    "lint_html": [
        ("anchors", b"", b"<a href=\"", b"http://a.b/\">"),
        ("angles", b"", b"<", b""),
        ("comments", b"", b"<!--", b""),
        ("entities", b"<a href=\"http://a.b/", b"&amp;", b"\">"),
        ("attributes", b"<a ", b"href=http://a.b/~ ", b">"),
        ("srcset", b"<img srcset=\"", b"http://a.b/~ 1x, ", b"\">"),
        ("scripts", b"", b"<script>", b""),
        ("unterminated", b"<a href=\"http://a.b/", b"~", b""),
        ("tags", b"", b"<a", b""),
    ],
    "explorer": [
        ("urls", b"POST /api/explain HTTP/1.1\r\nHost: 127.0.0.1:1738\r\nContent-Length: {len}\r\n\r\n", b"http://a.b/~\n", b""),
        ("one-url", b"POST /api/explain HTTP/1.1\r\nHost: 127.0.0.1:1738\r\nContent-Length: {len}\r\n\r\nhttp://a.b/", b"~", b""),
        ("headers", b"GET / HTTP/1.1\r\nHost: 127.0.0.1:1738\r\n", b"X: y\r\n", b"\r\n"),
        ("query", b"GET /api/explain?urls=", b"http%3A%2F%2Fa.b%2F%7E%0A", b" HTTP/1.1\r\nHost: 127.0.0.1:1738\r\n\r\n"),
    ],
    "config": [
        ("select", b"select = [", b"\"U001\", ", b"]\n"),
        ("arrays", b"x = ", b"[", b""),
        ("tables", b"", b"[per-file-ignores]\n\"**\" = [\"ALL\"]\n", b""),
        ("globs", b"exclude = [\"", b"{a,", b"\"]\n"),
    ],
    "baseline": [
        ("entries", b"version = 1\nfindings = [\n", b"  [\"a\", \"U003\", \"http://a.b/~\", 4294967295],\n", b"]\n"),
        ("arrays", b"version = 1\nfindings = ", b"[", b""),
    ],
}
# The readers of main's later readers: source code, man pages, reST and
# AsciiDoc, each a few documents of its own and deep repetition.
OTHER_READERS = {
    "lint_python": [
        b'# See http://a.b/~x and <URL:ftp://c.d/e;type=A>\nurl = "HTTP://g.h/~y"\nfmt = "http://h/%s?q=%d" % (a, b)\n',
        b'"""Docs: https://docs.example/~x\n"""\nx = f"http://a.b/{name}/~"\ny = \'gopher://g/1 x\'\n',
        b'#!/usr/bin/env python3\n# rfc1738-ignore-next-line: U003\nURL = r"http://a.b/\\~"\n',
    ],
    "lint_javascript": [
        b'// http://a.b/~x\nconst u = "HTTP://c.d/~e";\nconst t = `http://e.f/${x}/~`;\n/* ftp://g.h/i;type=A */\n',
        b"fetch('http://a.b/api?x=1&y=~');\nlet re = /http:\\/\\/x/;\n",
    ],
    "lint_roff": [
        b'.TH BREW 1\n.SH SEE ALSO\nDocs at \\fBhttps://docs\\.brew\\.sh\\fP and\n\\fIhttps://a\\-b.c/x~\\fR.\n',
        b'.UR http://a.b/~x\nthe page\n.UE\n.\\" http://comment/\n\\(em \\[u00E9] http://c.d/\n',
    ],
    "lint_rst": [
        b"See `Flask <https://flask.x/~>`_ and ``http://localhost:5000/~x``, `http://u@h/`.\n\n.. _home: https://a.b/c\n\nExample::\n\n    curl http://in.block/~x\n",
        b".. code-block:: sh\n\n   curl http://a.b/~\n\nHTTP://c.d/~e\n",
    ],
    "lint_asciidoc": [
        b"See https://a.b/~x[the docs] and link:http://c.d/e[e], `http://mono/~` and +http://pass/+.\n\n----\nhttp://listing/~\n----\n",
        b"= Title\n:url: http://a.b/~\n\nhttp://c.d/{url}[x] mailto:a@b.c[mail]\n",
    ],
}
OTHER_HOSTILE = {
    "lint_python": [("strings", b"", b'"http://a.b/~" ', b""), ("escapes", b'"http://a.b/', b"\\x7e", b'"')],
    "lint_javascript": [("templates", b"`http://a.b/", b"${x}~", b"`"), ("comments", b"", b"/* http://a.b/~ ", b"")],
    "lint_roff": [("escapes", b"http://a.b/", b"\\(em~", b""), ("fonts", b"", b"\\fB", b"http://a.b/")],
    "lint_rst": [("literals", b"", b"``", b"http://a.b/"), ("links", b"", b"`a <http://a.b/~>`_ ", b"")],
    "lint_asciidoc": [("monospace", b"", b"`", b"http://a.b/"), ("links", b"", b"link:http://a.b/~[", b"]")],
}
for target, patterns in OTHER_HOSTILE.items():
    HOSTILE[target] = patterns

# `fix` reads as the readers do: its first byte picks the reader (0 text,
# 1 Markdown, 2 HTML; 0x80 also reads Markdown code).
FIX_READER = {"lint_text": b"\x00", "lint_markdown": b"\x01", "lint_html": b"\x02",
              "lint_python": b"\x03", "lint_javascript": b"\x04", "lint_roff": b"\x05",
              "lint_rst": b"\x06", "lint_asciidoc": b"\x07"}


def repeated(prefix, unit, suffix, size):
    count = max(1, (size - len(prefix) - len(suffix)) // len(unit))
    body = prefix + unit * count + suffix
    if b"{len}" in body:
        head, _, rest = body.partition(b"\r\n\r\n")
        body = head.replace(b"{len}", str(len(rest)).encode()) + b"\r\n\r\n" + rest
    return body


def write_corpus(target, seeds):
    directory = CORPORA / target
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.iterdir():
        old.unlink()
    for data in seeds:
        if data:
            (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)
    return len(list(directory.iterdir()))


def pieces(text, size=PIECE):
    """`text` cut at line ends into pieces of about `size` bytes."""
    out, piece = [], ""
    for line in text.splitlines(keepends=True):
        if len(piece) + len(line) > size and piece:
            out.append(piece)
            piece = ""
        piece += line
    if piece:
        out.append(piece)
    return [p.encode("utf-8") for p in out]


def extraction_cases():
    cases = tomllib.loads((ROOT / "crates/conformance/src/extract_cases.toml").read_text("utf-8"))
    by_kind = {}
    for case in cases["case"]:
        text = re.sub("[\u27e6\u27e7\u27ea\u27eb]", "", case["text"])
        by_kind.setdefault(case["kind"], []).append(text.encode("utf-8"))
    return by_kind


def session(utf8, ops):
    """A session of the `server` target, as fuzz/src/server.rs reads it."""
    def text(value):
        data = value.encode("utf-8")[:65535]
        if len(data) < 255:
            return bytes([len(data)]) + data
        return b"\xff" + struct.pack("<H", len(data)) + data
    out = bytes([1 if utf8 else 0])
    for op in ops:
        kind, doc = op[0], op[1]
        if kind == "open":
            out += bytes([0, doc]) + text(op[2]) + bytes([1])
        elif kind == "change":
            out += bytes([2, doc, len(op[2]) - 1])
            for place, new in op[2]:
                if place is None:
                    out += bytes([0]) + text(new)
                else:
                    out += bytes([1]) + text(new) + bytes(place)
        elif kind == "hover":
            out += bytes([4, doc]) + bytes(op[2])
        elif kind == "action":
            out += bytes([5, doc]) + bytes(op[2]) + bytes([op[3]])
        elif kind == "close":
            out += bytes([6, doc])
        elif kind == "raw":
            out += bytes([7, doc, len(op[2])]) + op[2]
    return out


def server_seeds(texts):
    seeds = []
    notes = "see http://a.b/~x and <URL:ftp://c.d/e;type=A>\r\n\U0001d11e HTTP://g.h/ \u00e9\n"
    readme = "[a](http://a.b/~x) <http://c.d/{y}> `http://e.f/ g`\n\n[r]: HTTP://h.i/\n"
    page = "<a href=\"http://a.b/~x&amp;y\">x</a><!-- http://no/ --><img src='FTP://c/d;type=I'>"
    for utf8 in (False, True):
        seeds.append(session(utf8, [
            ("open", 0, notes), ("hover", 0, [0, 7]), ("action", 0, [0, 0, 3, 0], 3),
            ("change", 0, [([0, 5, 0, 5], "\U0001d11e"), ([2, 1, 2, 0], "x"), ([0, 255, 1, 2], "~")]),
            ("action", 0, [0, 0, 255, 255], 1), ("close", 0),
        ]))
        seeds.append(session(utf8, [
            ("open", 1, readme), ("change", 1, [(None, readme + "<http://x/ y>")]),
            ("hover", 1, [0, 4]), ("action", 1, [0, 0, 9, 9], 0), ("open", 2, page),
            ("change", 2, [([0, 9, 0, 12], "FTP")]), ("action", 2, [0, 0, 0, 80], 3),
            ("raw", 0, b'{"jsonrpc":"2.0","id":"x","method":"textDocument/hover","params":{}}'),
            ("raw", 0, b"{not json"), ("close", 1), ("close", 2),
        ]))
    for index, text in enumerate(texts[:24]):
        doc = index % 3
        seeds.append(session(index % 2 == 1, [
            ("open", doc, text.decode("utf-8", "replace")[:1500]), ("hover", doc, [1, 3]),
            ("change", doc, [([1, 0, 1, 4], "\U0001d11e~"), ([0, 1, 0, 1], "\r")]),
            ("action", doc, [0, 0, 40, 0], 3),
        ]))
    return seeds


def explorer_seeds():
    host = b"Host: 127.0.0.1:1738\r\n"

    def post(body, target=b"/api/explain"):
        length = b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n"
        return b"POST " + target + b" HTTP/1.1\r\n" + host + length + body

    return [
        b"GET / HTTP/1.1\r\n" + host + b"\r\n",
        b"HEAD /explorer.js HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /api/grammar?revision=draft-oct93 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /api/explain?revision=draft-03&urls=URL%3Ahttp%3A%2F%2Fh%2F&rule=prefixedurl HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /api/explain?mode=strict&urls=HTTP%3A%2F%2Fa.b%2F%7E HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /diagrams/rfc1738/gopher%2B_string.svg HTTP/1.1\r\n" + host + b"\r\n",
        post(b"http://a.b/~c\nftp://d/e;type=X\nmailto:x\n"),
        post(b"http://a.b/", b"/"),
        b"GET / HTTP/1.1\r\nHost: evil.example:1738\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"Origin: http://evil\r\n\r\n",
        b"POST /api/explain HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        b"POST /api/explain HTTP/1.1\r\n" + host + b"Content-Length: 99999999\r\n\r\n",
        b"DELETE / HTTP/1.1\r\n" + host + b"\r\n",
        b"GET / HTTP/1.1\r\n" + host,
    ]


def config_seeds():
    seeds = [(ROOT / "cli/tests/fixtures/server/rfc1738.toml").read_bytes()]
    doc = (ROOT / "crates/linter/src/config.rs").read_text("utf-8")
    example = re.search(r"//! ```toml\n(.*?)//! ```", doc, re.DOTALL)
    if example:
        seeds.append("".join(line[4:] + "\n" for line in example.group(1).splitlines()).encode())
    seeds += [
        b"[tool.rfc1738]\nselect = [\"U001\"]\nlevel = \"error\"\n",
        b"[tool.other]\nx = 1\n",
        b"select = [\"nothing\"]\n",
        b"level = \"loud\"\n",
        b"exclude = [\"[\"]\n",
        b"[severity]\nALL = \"info\"\nU021 = \"error\"\n",
        b"unknown-key = 1\n",
        b"markdown-code = \"yes\"\n",
        b"baseline = \"b.toml\"\nextend-select = [\"U019\", \"U020\"]\n",
        b"# \xff\n",
    ]
    return seeds


def baseline_seeds():
    return [
        b"version = 1\nfindings = [\n    [\"docs/a.md\", \"U003\", \"http://a.b/~joe\", 2],\n]\n",
        b"# rfc1738 lint baseline\nversion = 1\nfindings = [\n"
        b"    [\"z.txt\", \"U003\", \"http://h/\\\"q\\\\\\u007F\\u0009\", 2],\n"
        b"    [\"z.txt\", \"U005\", \"HTTP://h/\", 1],\n]\n",
        b"version = 2\n",
        b"version = 1\nfindings = [[\"a\", \"U999\", \"u\", 1]]\n",
        b"version = 1\nfindings = [[\"a\", \"U003\"]]\n",
        b"version = 1\nfindings = [[\"a\", \"U003\", \"u\", 4294967295], [\"a\", \"U003\", \"u\", 4294967295]]\n",
        b"version = 1\n# \xff\n",
    ]


# The tokens of what each target reads, on top of the grammar's terminals.
MARKDOWN_TOKENS = ["[", "](", "![", "<", ">", "`", "```", "~~~", "\\", "&amp;", "&#x7E;", "&#126;",
                   "[r]: ", "[r]", "<!--", "-->", "> ", "- ", "1. ", "    ", "\n\n", "*", "_",
                   "<a href=\"", "\"", "'", "(", ")", "{x}", "#"]
HTML_TOKENS = ["<a href=\"", "<img src=\"", "srcset=\"", " 1x, ", "<form action=", "<!--", "-->",
               "<script>", "</script>", "<style>", "</style>", "&amp;", "&#", "&#x", "&quot;",
               "&colon;", "<", ">", "=", "\"", "'", "<![CDATA[", "<!DOCTYPE html>"]
TEXT_TOKENS = ["<URL:", "<", ">", "\n   ", "rfc1738-ignore: ", "rfc1738-ignore-next-line: ",
               "rfc1738-ignore-file: ", "U001", "U003", "U019", "unsafe-character", "#", "{x}",
               "\r\n", "\u00e9", "\U0001d11e"]
OTHER_TOKENS = ["\"", "'", "`", "${x}", "%s", "\\x7e", "\\", "#", "//", "/*", "*/", '"""',
                "\\fB", "\\fP", "\\(em", "\\-", ".UR ", ".UE", ".TH ", "``", "`_", "<", ">",
                ".. _r: ", "::\n\n    ", "link:", "[x]", "+", "----\n", ":url: "]
HTTP_TOKENS = ["GET ", "POST ", "HEAD ", " HTTP/1.1\r\n", "Host: 127.0.0.1:1738\r\n",
               "Host: localhost:1738\r\n", "Content-Length: ", "\r\n\r\n", "\r\n",
               "Origin: http://127.0.0.1:1738\r\n", "Transfer-Encoding: chunked\r\n",
               "/api/explain?", "/api/grammar?", "urls=", "revision=", "rule=", "mode=strict",
               "draft-oct93", "draft-03", "/diagrams/rfc1738/", ".svg", "%0A", "%3A%2F%2F", "&"]
TOML_TOKENS = ["select = [", "extend-select = [", "ignore = [", "level = ", "\"error\"",
               "\"info\"", "exclude = [", "extend-exclude = [", "markdown-code = true",
               "baseline = ", "[per-file-ignores]", "[severity]", "[tool.rfc1738]", "\"U001\"",
               "\"ALL\"", "\"**\"", "{a,b}", "[!x]", "\"\"\"", "'''", "version = 1",
               "findings = [", "4294967295", "\"U003\"", "=", "[", "]", ",", "\n"]


def dict_entry(entry):
    """An entry of a libFuzzer dictionary: printable ASCII as is (but `"`
    and `\\`), every other byte as `\\xNN`."""
    out = ""
    for byte in entry.encode("utf-8"):
        char = chr(byte)
        if char in "\"\\":
            out += "\\" + char
        elif 0x20 <= byte < 0x7F:
            out += char
        else:
            out += "\\x%02X" % byte
    return '"%s"' % out


def write_dict(target, terminals, tokens):
    DICTS.mkdir(parents=True, exist_ok=True)
    lines = ["# The grammar's terminals and the tokens %s reads (written by fuzz/make_seeds.py)." % target]
    lines += [dict_entry(entry) for entry in sorted(set(terminals) | set(tokens))]
    (DICTS / ("%s.dict" % target)).write_text("\n".join(lines) + "\n", encoding="utf-8")


def hostile(target, size):
    return [repeated(prefix, unit, suffix, size) for _, prefix, unit, suffix in HOSTILE.get(target, [])]


def corpora(terminals):
    documents = sorted((ROOT / "tests" / "fixtures" / "seeds").glob("*.txt"))
    texts = [piece for document in documents for piece in pieces(document.read_text("utf-8", "replace"))]
    cases = extraction_cases()
    markdown = []
    for path in ["README.md", "ARCHITECTURE.md", "cli/EDITORS.md", "grammar/README.md"]:
        markdown += pieces((ROOT / path).read_text("utf-8"))[:12]
    for path in sorted((ROOT / "cli/tests/fixtures").rglob("*.md")):
        markdown += pieces(path.read_text("utf-8"))
    html = pieces((ROOT / "crates/explorer/src/page/index.html").read_text("utf-8"))
    html += [path.read_bytes() for path in sorted((ROOT / "cli/tests/fixtures").rglob("*.html"))]
    # HTML written from the extraction cases' Markdown links.
    for case in cases.get("markdown", []):
        for url in re.findall(rb"\]\(<?([^)> ]+)", case):
            html.append(b'<p><a href="' + url.replace(b"&", b"&amp;") + b'">x</a></p>\n')
    urls = [path.read_bytes() for path in sorted((ROOT / "fuzz" / "seeds").iterdir())][:40]
    readers = {
        "lint_text": texts + cases.get("plain", []) + urls + hostile("lint_text", SEED_SIZE),
        "lint_markdown": markdown + cases.get("markdown", []) + hostile("lint_markdown", SEED_SIZE),
        "lint_html": html + hostile("lint_html", SEED_SIZE),
    }
    for target, documents in OTHER_READERS.items():
        readers[target] = documents + texts[:20] + hostile(target, SEED_SIZE)
    counts = {}
    for target, seeds in readers.items():
        counts[target] = write_corpus(target, seeds)
    fix = []
    for target, seeds in readers.items():
        if target in FIX_READER:
            fix += [FIX_READER[target] + seed for seed in seeds]
        else:
            fix += [FIX_READER[target] + seed for seed in seeds[: len(OTHER_READERS[target])]]
    fix += [b"\x81" + seed for seed in readers["lint_markdown"][:20]]
    counts["fix"] = write_corpus("fix", fix)
    documents = texts[:8] + cases.get("markdown", [])[:8] + html[:8]
    counts["server"] = write_corpus("server", server_seeds(documents))
    counts["explorer"] = write_corpus("explorer", explorer_seeds() + hostile("explorer", SEED_SIZE))
    counts["config"] = write_corpus("config", config_seeds() + hostile("config", SEED_SIZE))
    counts["baseline"] = write_corpus("baseline", baseline_seeds() + hostile("baseline", SEED_SIZE))
    write_dict("lint_text", terminals, TEXT_TOKENS)
    write_dict("lint_markdown", terminals, MARKDOWN_TOKENS + TEXT_TOKENS)
    write_dict("lint_html", terminals, HTML_TOKENS + TEXT_TOKENS)
    for target in OTHER_READERS:
        write_dict(target, terminals, TEXT_TOKENS + OTHER_TOKENS)
    write_dict("fix", terminals, MARKDOWN_TOKENS + HTML_TOKENS + TEXT_TOKENS)
    write_dict("server", terminals, MARKDOWN_TOKENS + HTML_TOKENS + ["\r\n", "\U0001d11e", "\u00e9"])
    write_dict("explorer", terminals, HTTP_TOKENS)
    write_dict("config", [], TOML_TOKENS)
    write_dict("baseline", [], TOML_TOKENS + ["http://a.b/~"])
    print("seed corpora: " + ", ".join("%s %d" % item for item in counts.items()))


def write_hostile(directory, size):
    """The inputs of deep repetition at `size` bytes, a directory a target."""
    directory = pathlib.Path(directory)
    for target, patterns in HOSTILE.items():
        out = directory / target
        out.mkdir(parents=True, exist_ok=True)
        for name, prefix, unit, suffix in patterns:
            (out / name).write_bytes(repeated(prefix, unit, suffix, size))
        if target in FIX_READER:
            fix = directory / "fix"
            fix.mkdir(parents=True, exist_ok=True)
            for name, prefix, unit, suffix in patterns:
                data = FIX_READER[target] + repeated(prefix, unit, suffix, size)
                (fix / ("%s-%s" % (target, name))).write_bytes(data)
    # The server: a document of 64 KB (the most a session opens) of each
    # reader's repetitions, changed, asked for its actions and hovered.
    out = directory / "server"
    out.mkdir(parents=True, exist_ok=True)
    for doc, target in enumerate(["lint_text", "lint_markdown", "lint_html"]):
        for name, prefix, unit, suffix in HOSTILE[target]:
            text = repeated(prefix, unit, suffix, 65000).decode("utf-8", "replace")
            data = session(False, [("open", doc, text), ("change", doc, [([0, 3, 0, 3], "~")]),
                                   ("action", doc, [0, 0, 255, 255], 3), ("hover", doc, [0, 20])])
            (out / ("%s-%s" % (target, name))).write_bytes(data)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--hostile":
        write_hostile(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1 << 20)
    else:
        main()
