#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""HTTP server for the full-system tests (bind 127.0.0.1 only).

GET /NAME      serves DIR/NAME.
POST /upload   reads the body (Content-Length bytes), decodes it as
               base64 (whitespace ignored) and answers "sha256=<hex>
               size=<bytes>" of the decoded data, so the guest's upload can
               be checked byte for byte against the original file.  (Base64
               because busybox wget sends --post-file as a C string.)

Usage: http_server.py DIR PORT
"""
import base64
import binascii
import hashlib
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/upload":
            self.send_error(404)
            return
        n = int(self.headers.get("Content-Length", "0"))
        data = bytearray()
        while len(data) < n:
            chunk = self.rfile.read(min(65536, n - len(data)))
            if not chunk:
                break
            data += chunk
        try:
            raw = base64.b64decode(b"".join(bytes(data).split()),
                                   validate=True)
            body = "sha256=%s size=%d" % (hashlib.sha256(raw).hexdigest(),
                                          len(raw))
        except (binascii.Error, ValueError) as e:
            body = "bad-base64 received=%d (%s)" % (len(data), e)
        body = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    os.chdir(sys.argv[1])
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])),
                                          Handler)
    srv.serve_forever()


if __name__ == "__main__":
    main()
