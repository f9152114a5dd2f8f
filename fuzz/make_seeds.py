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

Run from anywhere: python3 fuzz/make_seeds.py
"""
import hashlib
import pathlib
import re

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


if __name__ == "__main__":
    main()
