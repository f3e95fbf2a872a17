"""RobotFileParser.read(): fetches with the standard library from a local
server and applies Google's status policy ("How Google interprets the
robots.txt specification": 2xx parsed, 3xx past 5 hops and 4xx "as if there
is no robots.txt", 429 and 5xx and network errors "as a complete disallow").
"""

from __future__ import annotations

import http.server
import socket
import threading

import pytest

from robotstxt_exact.robotparser import RobotFileParser

BODY = b"User-agent: *\nDisallow: /private\n"


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path
        if path == "/ok/robots.txt":
            self.reply(200, BODY)
        elif path.startswith("/status/"):
            self.reply(int(path.split("/")[2]), b"User-agent: *\nDisallow: /\n")
        elif path.startswith("/hop/"):
            # /hop/N/robots.txt redirects N more times, then serves BODY.
            n = int(path.split("/")[2])
            if n == 0:
                self.reply(200, BODY)
            else:
                self.send_response(301)
                self.send_header("Location", f"/hop/{n - 1}/robots.txt")
                self.send_header("Content-Length", "0")
                self.end_headers()
        elif path == "/binary/robots.txt":
            self.reply(200, b"User-agent: *\nDisallow: /\xff\xfe/\nDisallow: /private\n")
        else:
            self.reply(404, b"")

    def reply(self, status, body):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def base():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def read(url):
    rp = RobotFileParser(url, timeout=10)
    rp.read()
    return rp


def test_200_is_parsed(base):
    rp = read(base + "/ok/robots.txt")
    assert rp.mtime() > 0
    assert not rp.can_fetch("FooBot", base + "/private/x")
    assert rp.can_fetch("FooBot", base + "/public")


@pytest.mark.parametrize("status", [400, 401, 403, 404, 410])
def test_4xx_allows_everything(base, status):
    # The standard library disallows everything on 401 and 403; Google does not.
    rp = read(f"{base}/status/{status}/robots.txt")
    assert rp.allow_all and rp.can_fetch("FooBot", base + "/private/x")


@pytest.mark.parametrize("status", [429, 500, 503])
def test_429_and_5xx_disallow_everything(base, status):
    rp = read(f"{base}/status/{status}/robots.txt")
    assert rp.disallow_all and not rp.can_fetch("FooBot", base + "/anything")


def test_five_redirects_are_followed(base):
    rp = read(base + "/hop/5/robots.txt")
    assert not rp.can_fetch("FooBot", base + "/private/x")
    assert rp.can_fetch("FooBot", base + "/public")


def test_more_than_five_redirects_count_as_404(base):
    rp = read(base + "/hop/6/robots.txt")
    assert rp.allow_all and rp.can_fetch("FooBot", base + "/private/x")


def test_network_error_disallows_everything():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Nothing listens on the port any more: connection refused.
    rp = read(f"http://127.0.0.1:{port}/robots.txt")
    assert rp.disallow_all and not rp.can_fetch("FooBot", f"http://127.0.0.1:{port}/")


def test_invalid_utf8_body_is_parsed_as_bytes(base):
    # The standard library raises UnicodeDecodeError on this body.
    rp = read(base + "/binary/robots.txt")
    assert not rp.can_fetch("FooBot", base + "/private/x")
    assert rp.can_fetch("FooBot", base + "/public")
