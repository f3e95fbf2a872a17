"""RobotFileParser.read(): fetches with the standard library from a local
server and applies Google's status policy ("How Google interprets the
robots.txt specification": 2xx parsed, 3xx past 5 hops and 4xx "as if there
is no robots.txt", 429 and 5xx and network errors "as a complete disallow").
"""

from __future__ import annotations

import gzip
import http.server
import socket
import threading
import time

import zlib

import pytest

from robotstxt_exact.robotparser import RobotFileParser

BODY = b"User-agent: *\nDisallow: /private\n"


def coded(body, times):
    for _ in range(times):
        body = gzip.compress(body)
    return body


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
        elif path.startswith("/hostile/"):
            self.hostile(path.split("/")[2])
        elif path.startswith("/slow/"):
            try:
                self.slow(path.split("/")[2])
            except OSError:
                pass  # The client gave up, as it should.
        else:
            self.reply(404, b"")

    def hostile(self, kind):
        # Sites that send what the bounds of read() are for.
        if kind == "gzip4":
            self.reply(200, coded(BODY, 4), [("Content-Encoding", "gzip, x-gzip,gzip , gzip")])
        elif kind == "gzip5":
            self.reply(200, coded(BODY, 5), [("Content-Encoding", "gzip, gzip, gzip, gzip, gzip")])
        elif kind == "stack":
            self.reply(200, b"\x1f\x8b", [("Content-Encoding", ",".join(["gzip"] * 12_500))])
        elif kind == "deflate":
            raw = zlib.compressobj(wbits=-15)
            body = raw.compress(BODY) + raw.flush()
            self.reply(200, body, [("Content-Encoding", "deflate")])
        elif kind == "br":
            self.reply(200, BODY, [("Content-Encoding", "br")])
        elif kind == "two-fields":
            fields = [("Content-Encoding", "identity"), ("Content-Encoding", "gzip")]
            self.reply(200, coded(b"User-agent: *\nDisallow: /\n", 1), fields)
        elif kind == "te-gzip":
            body = coded(b"User-agent: *\nDisallow: /\n", 1)
            self.send_response(200)
            self.send_header("Transfer-Encoding", "gzip, chunked")
            self.end_headers()
            self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        elif kind == "empty-blocks":
            # 20 MB of empty deflate blocks (no output), gzipped to 20 KB.
            blocks = gzip.compress(bytes([0, 0, 0, 0xFF, 0xFF]) * (4 << 20))
            self.reply(200, blocks, [("Content-Encoding", "deflate, gzip")])
        elif kind == "fields":
            self.reply(200, BODY, [(f"X-{n}", "v") for n in range(150)])
        elif kind == "endless":
            # A body that never ends: read() stops past 500 KiB.
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"User-agent: *\nDisallow: /private\n")
            try:
                while True:
                    self.wfile.write(b"#" * 65536)
            except OSError:
                pass
        elif kind == "drip":
            # One byte every 0.2 s, for ever: each read is within the
            # socket's timeout, the whole is not.
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            try:
                while True:
                    self.wfile.write(b"#")
                    self.wfile.flush()
                    time.sleep(0.2)
            except OSError:
                pass

    def slow(self, kind):
        # Sites that answer within the socket's timeout at each read but
        # not in all: each ends, after about 5 s, in an empty robots.txt
        # (allow everything), so only a timeout disallows everything.
        if kind == "status":
            # The status line a byte every 0.1 s.
            for byte in b"HTTP/1.1 200 " + b"O" * 40:
                self.drip(bytes([byte]), 0.1)
            self.drip(b"\r\nContent-Length: 0\r\n\r\n", 0)
        elif kind == "headers":
            # A header line every 0.2 s.
            self.drip(b"HTTP/1.1 200 OK\r\n", 0)
            for n in range(25):
                self.drip(b"X-Drip-%d: v\r\n" % n, 0.2)
            self.drip(b"Content-Length: 0\r\n\r\n", 0)
        elif kind.startswith("hop"):
            # /slow/hopN/robots.txt: each answer 0.8 s late, N more
            # redirects (5 are followed), then an empty robots.txt.
            n = int(kind[3:])
            time.sleep(0.8)
            if n == 0:
                self.reply(200, b"")
            else:
                self.send_response(301)
                self.send_header("Location", f"/slow/hop{n - 1}/robots.txt")
                self.send_header("Content-Length", "0")
                self.end_headers()

    def drip(self, data, pause):
        self.wfile.write(data)
        self.wfile.flush()
        time.sleep(pause)

    def reply(self, status, body, fields=()):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        for name, value in fields:
            self.send_header(name, value)
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


# The bounds of read() (docs/LIMITS.md, "Fetching"): what Google's crawlers
# undo (gzip, deflate), at most 4 codings in one field; a body that cannot
# be read as sent is a network error (Google: "unreachable", disallow all).


@pytest.mark.parametrize("kind", ["gzip4", "deflate"])
def test_gzip_and_deflate_are_undone(base, kind):
    rp = read(f"{base}/hostile/{kind}/robots.txt")
    assert not rp.disallow_all and not rp.allow_all
    assert not rp.can_fetch("FooBot", base + "/private/x")
    assert rp.can_fetch("FooBot", base + "/public")


@pytest.mark.parametrize(
    "kind", ["gzip5", "stack", "br", "two-fields", "te-gzip", "empty-blocks", "fields"]
)
def test_a_body_that_cannot_be_read_as_sent_is_a_network_error(base, kind):
    # Before: a fifth coding, br, a second field and a gzip transfer
    # coding left coded bytes to be parsed as rules (allowing everything);
    # more than 100 header fields raised http.client's exception.
    rp = read(f"{base}/hostile/{kind}/robots.txt")
    assert rp.disallow_all and not rp.can_fetch("FooBot", base + "/public")


def test_an_endless_body_is_read_to_its_first_500_kib(base):
    rp = read(base + "/hostile/endless/robots.txt")
    assert not rp.can_fetch("FooBot", base + "/private/x")
    assert rp.can_fetch("FooBot", base + "/public")


def test_a_body_that_drips_for_ever_ends_at_the_timeout(base):
    rp = RobotFileParser(base + "/hostile/drip/robots.txt", timeout=1)
    started = time.monotonic()
    rp.read()
    # Google's reading of a timeout: unreachable, disallow all.
    assert rp.disallow_all
    assert time.monotonic() - started < 5


# read() ends by its timeout in all, whatever part of the fetch is slow: the
# status line, the header fields, each of several redirects (before, each
# read within the socket's timeout let these hold read() for about 5 s).


@pytest.mark.parametrize("kind", ["status", "headers", "hop5"])
def test_a_slow_answer_ends_at_the_timeout(base, monkeypatch, kind):
    outcomes = []
    apply = RobotFileParser._apply

    def spy(self, outcome, body):
        outcomes.append(outcome)
        apply(self, outcome, body)

    monkeypatch.setattr(RobotFileParser, "_apply", spy)
    rp = RobotFileParser(f"{base}/slow/{kind}/robots.txt", timeout=1.0)
    started = time.monotonic()
    rp.read()
    elapsed = time.monotonic() - started
    # Google's reading of a timeout: unreachable, disallow all.
    assert elapsed < 2.5, f"read() took {elapsed:.1f} s with a 1 s timeout"
    assert outcomes == ["timeout"]
    assert rp.disallow_all and not rp.can_fetch("FooBot", base + "/public")
