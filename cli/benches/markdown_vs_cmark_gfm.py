#!/usr/bin/env python3
"""What `rfc1738 lint --format urls` finds in Markdown files against what
GitHub's own renderer, cmark-gfm (the `cmarkgfm` package: `pip install
cmarkgfm`), links: the `href` of every `<a>` and the `src` of every `<img>`
of the rendered HTML (raw HTML kept), with a scheme. Links the source does
not write with a scheme (`www.` and e-mail autolinks) are left out.

    python3 cli/benches/markdown_vs_cmark_gfm.py target/release/rfc1738 FILE.md...

Prints, over the distinct URLs of each file: found (the renderer's URLs the
linter reports) and linked (the linter's URLs the renderer links), each
compared after percent-decoding, since cmark-gfm percent-encodes what it
puts in an href; then the differences.
"""

import html.parser
import re
import subprocess
import sys
import urllib.parse

import cmarkgfm
from cmarkgfm.cmark import Options

SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and ((tag == "a" and name == "href") or (tag == "img" and name == "src")):
                self.urls.add(value.strip())


def rendered(text):
    out = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    parser = Links()
    parser.feed(out)
    urls = set()
    for url in parser.urls:
        if not SCHEME.match(url):
            continue
        written = url
        if url.startswith("mailto:") and url not in text:
            continue  # an e-mail autolink: the source has no scheme
        if url.startswith("http://www.") and url not in text and url[7:] in text:
            continue  # a www. autolink
        urls.add(urllib.parse.unquote(written))
    return urls


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    found = {f: set() for f in files}
    for start in range(0, len(files), 200):
        chunk = files[start:start + 200]
        out = subprocess.run([binary, "lint", "--isolated", "--format", "urls", *chunk],
                             capture_output=True, text=True, errors="replace").stdout
        for line in out.splitlines():
            for f in chunk:
                if line.startswith(f + ":"):
                    url = line[len(f) + 1:].split(": ", 1)[1]
                    found[f].add(urllib.parse.unquote(url))
                    break
    total_rendered = total_extracted = hit_found = hit_linked = 0
    misses = []
    for f in files:
        text = open(f, encoding="utf-8", errors="replace").read()
        theirs = rendered(text)
        mine = found[f]
        total_rendered += len(theirs)
        total_extracted += len(mine)
        hit_found += len(theirs & mine)
        hit_linked += len(mine & theirs)
        misses += [f"{f}: not found: {u}" for u in sorted(theirs - mine)]
        misses += [f"{f}: not a link: {u}" for u in sorted(mine - theirs)]
    pct = lambda a, b: 100.0 * a / b if b else 100.0
    print(f"{len(files)} files, {total_rendered} URLs rendered, {total_extracted} extracted: "
          f"found {pct(hit_found, total_rendered):.2f}%, linked {pct(hit_linked, total_extracted):.2f}%")
    print("\n".join(misses))


if __name__ == "__main__":
    main()
