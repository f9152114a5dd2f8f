#!/usr/bin/env python3
"""Serves a directory over HTTP on 127.0.0.1, as a release's download host,
for the tests of the installer and the GitHub Action.

Usage: serve.py DIR PORT_FILE

It binds a free port, writes it to PORT_FILE once it accepts connections
(the caller waits for that file), and serves until it is killed. Missing
files answer 404, which the installer takes as "no such release".
"""

import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("serve.py: " + (format % args) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    directory, port_file = sys.argv[1], sys.argv[2]
    if not os.path.isdir(directory):
        sys.exit(f"serve.py: {directory} is not a directory")
    handler = functools.partial(Handler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    # Written then renamed, so that the caller never reads half a number.
    with open(port_file + ".partial", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".partial", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
