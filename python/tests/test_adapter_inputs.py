"""What the drop-ins take from their peers' users: agents without a product
token, URLs that are not percent-encoded, and the methods beside the
verdicts (request-rate, preferred host, ``str()``).

The expected values are the peers' own (Protego's, the standard library's,
from their test suites) where they agree with Google, and Google's (its
test cases, its matcher with the agent ``*``) where they do not.
"""

from __future__ import annotations

import urllib.robotparser
from datetime import time

import pytest

from robotstxt_exact import RobotsMatcher
from robotstxt_exact.protego import Protego as GoogleProtego
from robotstxt_exact.robotparser import RequestRate
from robotstxt_exact.robotparser import RobotFileParser as GoogleRobotFileParser

EMPTY_AGENT_LINE = "User-agent:\nDisallow: /fish/\n\nUser-agent: *\nDisallow: /tmp/\n"


def robotparser(body: str) -> GoogleRobotFileParser:
    rp = GoogleRobotFileParser()
    rp.parse(body.splitlines())
    return rp


def scrapy_parser(body: str):
    pytest.importorskip("scrapy")
    from robotstxt_exact.scrapy import RobotParser

    return RobotParser(body.encode())


@pytest.mark.parametrize("agent", ["*", "", "2bot", "/1.0"])
def test_an_agent_without_a_product_token_gets_the_star_groups(agent):
    # Google's matcher with the agent "*": no group's token is "*", so the
    # `*` group applies and the empty `User-agent:` line's group does not.
    for url, google in (("http://x/fish/", True), ("http://x/tmp/", False)):
        assert RobotsMatcher().one_agent_allowed_by_robots(EMPTY_AGENT_LINE, "*", url) is google
        assert GoogleProtego.parse(EMPTY_AGENT_LINE).can_fetch(url, agent) is google, (agent, url)
        assert robotparser(EMPTY_AGENT_LINE).can_fetch(agent, url) is google, (agent, url)
        assert scrapy_parser(EMPTY_AGENT_LINE).allowed(url, agent) is google, (agent, url)
    protego = pytest.importorskip("protego")
    for url in ("http://x/fish/", "http://x/tmp/"):
        original = protego.Protego.parse(EMPTY_AGENT_LINE).can_fetch(url, agent)
        assert GoogleProtego.parse(EMPTY_AGENT_LINE).can_fetch(url, agent) is original


# Google's ID_Encoding case (robots_test.cc): "Allow: /foo/bar/ツ" is the
# escaped /foo/bar/%E3%83%84. Protego allows the URL however it is written;
# the drop-ins put it in Google's escaped form.
ENCODING = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n"
SPELLINGS = ["/foo/bar/ツ", "/foo/bar/%E3%83%84", "/foo/bar/%e3%83%84"]


@pytest.mark.parametrize("path", SPELLINGS)
def test_a_url_is_escaped_as_google_escapes_rules(path):
    url = f"http://foo.bar{path}"
    assert GoogleProtego.parse(ENCODING).can_fetch(url, "FooBot")
    assert robotparser(ENCODING).can_fetch("FooBot", url)
    assert scrapy_parser(ENCODING).allowed(url, "FooBot")
    assert scrapy_parser(ENCODING).allowed(url.encode(), b"FooBot")
    protego = pytest.importorskip("protego")
    assert protego.Protego.parse(ENCODING).can_fetch(url, "FooBot")
    # Nothing is decoded: /foo/bar/baz is not %62%61%7A (ID_Encoding).
    body = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n"
    assert not GoogleProtego.parse(body).can_fetch("http://foo.bar/foo/bar/baz", "FooBot")
    assert GoogleProtego.parse(body).can_fetch("http://foo.bar/foo/bar/%62%61%7a", "FooBot")


def test_request_rate_as_the_peers_give_it():
    # CPython's DefaultEntryTest.
    body = "User-agent: *\nCrawl-delay: 1\nRequest-rate: 3/15\nDisallow: /cyberworld/map/\n"
    rate = robotparser(body).request_rate("figtree")
    assert rate == RequestRate(3, 15) and isinstance(rate, RequestRate)
    assert GoogleRobotFileParser().request_rate("figtree") is None
    # Protego's test_request_rate, one group: a window in UTC.
    rate = GoogleProtego.parse("User-agent: five\nRequest-rate: 1/10s 1820-1940\n").request_rate("five")
    assert rate is not None
    assert (rate.requests, rate.seconds) == (1, 10)
    assert (rate.start_time, rate.end_time) == (time(18, 20), time(19, 40))
    rate = GoogleProtego.parse("User-agent: *\nRequest-rate: 400/1h\n").request_rate("x")
    assert rate is not None
    assert (rate.requests, rate.seconds, rate.start_time, rate.end_time) == (400, 3600, None, None)
    assert GoogleProtego.parse("User-agent: *\nDisallow: /\n").request_rate("x") is None


def test_preferred_host_is_the_last_host_line():
    # Protego's test_preferred_host_before_user_agent and its last-wins rule.
    body = "Host: www.site.local\nSitemap: https://site.local/sitemap.xml\n"
    assert GoogleProtego.parse(body).preferred_host == "www.site.local"
    two = GoogleProtego.parse(b"Host: a.example\nUser-agent: *\nHost: b.example\n")
    assert two.preferred_host == "b.example"
    assert GoogleProtego.parse("User-agent: *\nDisallow: /\n").preferred_host is None


def test_str_has_the_standard_library_layout():
    # CPython's StringFormattingTest: the `*` entry last, with its
    # crawl-delay and request-rate, comments gone.
    body = (
        "User-agent: *\nCrawl-delay: 1\nRequest-rate: 3/15\n"
        "Disallow: /cyberworld/map/ # This is an infinite virtual URL space\n\n"
        "# Cybermapper knows where to go.\nUser-agent: cybermapper\nDisallow: /some/path\n"
    )
    expected = (
        "User-agent: cybermapper\nDisallow: /some/path\n\n"
        "User-agent: *\nCrawl-delay: 1\nRequest-rate: 3/15\nDisallow: /cyberworld/map/"
    )
    assert str(robotparser(body)) == expected
    original = urllib.robotparser.RobotFileParser()
    original.parse(body.splitlines())
    assert str(original) == expected
