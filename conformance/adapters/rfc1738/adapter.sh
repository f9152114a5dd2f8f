#!/bin/sh
# The project itself as an implementation under test: `rfc1738 conformance
# answer` reads the requests of `rfc1738 conformance run` and answers each
# with the library's verdict and, for an invalid string, the error's offset.
# RFC1738 names the binary (default: the one on PATH).
exec "${RFC1738:-rfc1738}" conformance answer
