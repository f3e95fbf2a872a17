"""Scrapy: the parser through Scrapy's RobotParser interface, Scrapy's own
robots.txt parser test cases, and a real crawl of a local site.

The parser test cases are those of Scrapy's tests/test_robotstxt_interface.py
(github.com/scrapy/scrapy, BSD-3-Clause), carried over as facts. Where
Scrapy's expectation and Google's reading disagree, the test asserts Google's
answer and says why:

- test_order_based_precedence (Scrapy runs it only for order-based parsers):
  Google takes the longest match, so "Allow: /page" beats "Disallow: /".

The raw URL "https://site.local/wiki/Käyttäjä:" of
test_unicode_url_and_useragent is escaped as Google escapes the rules
before it is matched, so it is disallowed, as Scrapy expects.
"""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
from pathlib import Path

import pytest

scrapy = pytest.importorskip("scrapy")

from scrapy.robotstxt import RobotParser as ScrapyRobotParser  # noqa: E402
from scrapy.utils.misc import build_from_crawler  # noqa: E402

from robotstxt_exact.scrapy import RobotParser  # noqa: E402


def parse(body: bytes) -> RobotParser:
    # The parser only uses the crawler to find the spider, as Scrapy's tests.
    return build_from_crawler(RobotParser, None, body)


def test_is_a_scrapy_robot_parser():
    assert issubclass(RobotParser, ScrapyRobotParser)
    rp = parse(b"User-agent: *\nDisallow: /x\n")
    assert rp.allowed(b"https://a.local/y", b"Foo") and not rp.allowed("https://a.local/x", "Foo")


# --- Scrapy's BaseRobotParserTest cases ----------------------------------------


def test_allowed():
    rp = parse(b"User-agent: * \nDisallow: /disallowed \nAllow: /allowed \nCrawl-delay: 10")
    assert rp.allowed("https://www.site.local/allowed", "*")
    assert not rp.allowed("https://www.site.local/disallowed", "*")


def test_allowed_wildcards():
    rp = parse(b"""User-agent: first
                                Disallow: /disallowed/*/end$

                                User-agent: second
                                Allow: /*allowed
                                Disallow: /
                                """)
    assert rp.allowed("https://www.site.local/disallowed", "first")
    assert not rp.allowed("https://www.site.local/disallowed/xyz/end", "first")
    assert not rp.allowed("https://www.site.local/disallowed/abc/end", "first")
    assert rp.allowed("https://www.site.local/disallowed/xyz/endinglater", "first")
    assert rp.allowed("https://www.site.local/allowed", "second")
    assert rp.allowed("https://www.site.local/is_still_allowed", "second")
    assert rp.allowed("https://www.site.local/is_allowed_too", "second")


def test_length_based_precedence():
    rp = parse(b"User-agent: * \nDisallow: / \nAllow: /page")
    assert rp.allowed("https://www.site.local/page", "*")


def test_order_based_precedence_is_not_googles():
    # Scrapy expects "not allowed" from order-based parsers; Google's longest
    # match allows it (see the module's documentation).
    rp = parse(b"User-agent: * \nDisallow: / \nAllow: /page")
    assert rp.allowed("https://www.site.local/page", "*")


def test_empty_response():
    rp = parse(b"")
    assert rp.allowed("https://site.local/", "*")
    assert rp.allowed("https://site.local/", "chrome")
    assert rp.allowed("https://site.local/index.html", "*")
    assert rp.allowed("https://site.local/disallowed", "*")


def test_garbage_response():
    rp = parse(b"GIF89a\xd3\x00\xfe\x00\xa2")
    assert rp.allowed("https://site.local/", "*")
    assert rp.allowed("https://site.local/", "chrome")
    assert rp.allowed("https://site.local/index.html", "*")
    assert rp.allowed("https://site.local/disallowed", "*")


def test_crawl_delay():
    rp = parse(b"User-agent: *\nDisallow: /private\nCrawl-delay: 10\n")
    assert rp.crawl_delay("*") == 10.0


def test_crawl_delay_unset():
    rp = parse(b"User-agent: *\nDisallow: /private\n")
    assert rp.crawl_delay("*") is None


def test_unicode_url_and_useragent():
    rp = parse("""
        User-Agent: *
        Disallow: /admin/
        Disallow: /static/
        # taken from https://en.wikipedia.org/robots.txt
        Disallow: /wiki/K%C3%A4ytt%C3%A4j%C3%A4:
        Disallow: /wiki/Käyttäjä:

        User-Agent: UnicödeBöt
        Disallow: /some/randome/page.html""".encode())
    assert rp.allowed("https://site.local/", "*")
    assert not rp.allowed("https://site.local/admin/", "*")
    assert not rp.allowed("https://site.local/static/", "*")
    assert rp.allowed("https://site.local/admin/", "UnicödeBöt")
    assert not rp.allowed("https://site.local/wiki/K%C3%A4ytt%C3%A4j%C3%A4:", "*")
    # The raw URL is escaped as Google escapes the rules, so it matches the
    # escaped rule, as Scrapy expects.
    assert not rp.allowed("https://site.local/wiki/Käyttäjä:", "*")
    assert rp.allowed("https://site.local/some/randome/page.html", "*")
    assert not rp.allowed("https://site.local/some/randome/page.html", "UnicödeBöt")


# --- A real crawl ----------------------------------------------------------------

ROBOTS_TXT = b"""User-agent: *
Disallow: /

User-agent: examplebot
Disallow: /private/
Allow: /private/open
Disalow: /typo/
Disallow: /*.pdf$
Disallow: /*|
"""

PAGES = [
    "/",
    "/a.html",
    "/private/secret.html",
    "/private/open.html",
    "/typo/page.html",
    "/files/doc.pdf",
    "/files/doc.pdf.html",
    "/pipe/a%7Cb.html",
]

# Google's reading of ROBOTS_TXT for ExampleBot: its own group (the agent is
# matched case-insensitively), the longest match wins (Allow: /private/open
# over Disallow: /private/), the typo "Disalow" counts, "$" anchors the end,
# and a percent-escape in the URL is not decoded: "%7C" is not "|".
ALLOWED = {"/", "/a.html", "/private/open.html", "/files/doc.pdf.html", "/pipe/a%7Cb.html"}


class Site(http.server.ThreadingHTTPServer):
    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.log: list[str] = []


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.log.append(self.path)
        if self.path == "/robots.txt":
            body, kind = ROBOTS_TXT, "text/plain"
        elif self.path in PAGES:
            # Every page but the start page, which Scrapy fetches once.
            links = "".join(f'<a href="{p}">{p}</a>\n' for p in PAGES if p != "/")
            body, kind = f"<html><body>{links}</body></html>".encode(), "text/html"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def site():
    server = Site()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def crawl(site: Site, *parser: str) -> list[str]:
    host, port = site.server_address[:2]
    script = Path(__file__).with_name("scrapy_crawl.py")
    run = subprocess.run(
        [sys.executable, str(script), f"http://{host}:{port}/", "ExampleBot", *parser],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return list(site.log)


def test_crawl_fetches_exactly_the_allowed_pages(site):
    log = crawl(site, "robotstxt_exact.scrapy.RobotParser")
    assert log.count("/robots.txt") == 1 and log[0] == "/robots.txt"
    pages = [p for p in log if p != "/robots.txt"]
    assert sorted(pages) == sorted(ALLOWED), log


def test_crawl_with_scrapys_default_parser_differs(site):
    # The setting matters: Protego decodes "%7C" to "|" and matches
    # "Disallow: /*|", so Scrapy's default skips a page Google allows.
    log = crawl(site)
    assert "/pipe/a%7Cb.html" not in log
    assert "/private/open.html" in log and "/private/secret.html" not in log
