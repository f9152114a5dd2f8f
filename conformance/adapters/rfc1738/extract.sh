#!/bin/sh
# The project's URL extractor as an extractor under test: `rfc1738
# conformance answer --extract` reads the requests of `rfc1738 conformance
# run --extract` and answers each with the URLs `rfc1738 lint` finds in the
# text (read as a .txt or a .md file). RFC1738 names the binary (default:
# the one on PATH).
exec "${RFC1738:-rfc1738}" conformance answer --extract
