#!/usr/bin/env python3
"""Python URL parsers on whole URLs, over the protocol of `rfc1738
conformance run`: `adapter.py urllib` or `adapter.py rfc3986`.

urllib: urllib.parse.urlsplit (standard library) accepts a string when it
raises no ValueError, the port can be read, and a scheme is found.
rfc3986: the rfc3986 package (PyPI) accepts a string when its Validator,
with a scheme required, finds every component valid.

For a scheme's production (httpurl, ftpurl, ...) the scheme must also be
that one; url, genericurl and otherurl take any scheme.
"""

import json
import sys

SCHEME = {
    "httpurl": "http", "ftpurl": "ftp", "fileurl": "file",
    "gopherurl": "gopher", "mailtourl": "mailto", "newsurl": "news",
    "nntpurl": "nntp", "telneturl": "telnet", "waisurl": "wais",
    "waisdatabase": "wais", "waisindex": "wais", "waisdoc": "wais",
    "prosperourl": "prospero",
}
ANY = {"url", "genericurl", "otherurl"}


def urllib_scheme(text):
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        parts.port
    except ValueError:
        return None
    return parts.scheme or None


def rfc3986_scheme(text):
    import rfc3986
    from rfc3986 import exceptions, validators

    validator = (
        validators.Validator()
        .require_presence_of("scheme")
        .check_validity_of(
            "scheme", "userinfo", "host", "port", "path", "query", "fragment"
        )
    )
    try:
        uri = rfc3986.uri_reference(text)
        validator.validate(uri)
    except (exceptions.RFC3986Exception, ValueError):
        return None
    return uri.scheme


def main():
    parsers = {"urllib": urllib_scheme, "rfc3986": rfc3986_scheme}
    if len(sys.argv) != 2 or sys.argv[1] not in parsers:
        sys.exit("usage: adapter.py urllib|rfc3986")
    scheme_of = parsers[sys.argv[1]]
    for line in sys.stdin:
        request = json.loads(line)
        rule = request["rule"]
        if request["revision"] != "rfc1738" or not (rule in ANY or rule in SCHEME):
            sys.exit(f"adapter.py: {request['revision']} {rule} is no whole URL")
        scheme = scheme_of(request["input"])
        valid = scheme is not None and (
            rule in ANY or scheme.lower() == SCHEME[rule]
        )
        print(json.dumps({"valid": valid}), flush=True)


if __name__ == "__main__":
    main()
