#!/usr/bin/env python3
"""urlextract (PyPI) as a URL extractor over the protocol of `rfc1738
conformance run --extract`: `URLExtract().find_urls(text,
get_indices=True)` on the text as it is (a Markdown text too: urlextract
reads no Markdown), with its default options and the list of top-level
domains the package ships (it is never updated here: no network). Each URL
is split at its first "#" into the URL and the fragment, the protocol's
reading; Python counts code points, the protocol bytes: the offsets are
converted here.
"""

import json
import sys

from urlextract import URLExtract


def main():
    extractor = URLExtract()
    for line in sys.stdin:
        text = json.loads(line)["text"]
        urls = []
        for found, (start, end) in extractor.find_urls(text, get_indices=True):
            raw = text[start:end]
            hash_at = raw.find("#")
            url_end = end if hash_at < 0 else start + hash_at
            byte = lambda at: len(text[:at].encode("utf-8"))
            urls.append({
                "url": text[start:url_end],
                "span": [byte(start), byte(url_end)],
                "fragment": None if hash_at < 0 else [byte(url_end), byte(end)],
            })
        print(json.dumps({"urls": urls}), flush=True)


if __name__ == "__main__":
    main()
