"""The Python API around the answers: bytes or str in, the parser handler,
the line reporter, groups, sitemaps, crawl-delay, the crawler side, errors.
Expected values come from Google's behaviour (robots.cc), RFC 9309 and
Google's documented crawler policy."""

from __future__ import annotations

import pytest

import robotstxt_exact as rx
from robotstxt_exact import (
    CacheEntry,
    Decision,
    Policy,
    Robots,
    RobotsMatcher,
    RobotsParseHandler,
    RobotsParsingReporter,
    RobotsTagName,
    parse_robots_txt,
)

BODY = (
    b"User-agent: FooBot\n"
    b"Disallow: /private\n"
    b"Allow: /private/press\n"
    b"Crawl-delay: 2.5\n"
    b"\n"
    b"User-agent: *\n"
    b"Disallow: /\n"
    b"Sitemap: https://example.com/sitemap.xml\n"
)


def test_bytes_and_str_are_the_same_input():
    for body in (BODY, BODY.decode()):
        robots = Robots(body)
        for agent in ("FooBot", b"FooBot"):
            for url in ("https://example.com/private/x", b"https://example.com/private/x"):
                answer = robots.check(agent, url)
                assert (answer.allowed, answer.matching_line) == (False, 2)


def test_matcher_reads_str_arguments_as_their_utf8_bytes():
    # robots_test.cc, ID_Encoding: a pattern with a non-ASCII character
    # matches the URL with that character percent-encoded.
    body = "User-agent: FooBot\nDisallow: /foo/bar/ツ\n"
    url = "http://foo.bar/foo/bar/%E3%83%84"
    for memo in (True, False):
        matcher = RobotsMatcher(memo=memo)
        assert not matcher.one_agent_allowed_by_robots(body, "FooBot", url)
        assert matcher.matching_line() == 2
        assert not matcher.allowed_by_robots(body, ["FooBot"], url)
        assert matcher.one_agent_allowed_by_robots(body, "FooBot", "http://foo.bar/foo/bar/")
    # A str that has no UTF-8 form (a lone surrogate) is refused as
    # str.encode("utf-8") refuses it.
    with pytest.raises(UnicodeEncodeError):
        RobotsMatcher().one_agent_allowed_by_robots("Disallow: /\udc80\n", "FooBot", url)
    with pytest.raises(UnicodeEncodeError):
        RobotsMatcher().one_agent_allowed_by_robots(body, "FooBot", "http://foo.bar/\udc80")


def test_other_types_are_rejected():
    with pytest.raises(TypeError):
        Robots(123)
    with pytest.raises(TypeError):
        Robots(BODY).check(["FooBot"], 42)
    with pytest.raises(TypeError):
        RobotsMatcher().allowed_by_robots(BODY, [None], "http://x/")
    with pytest.raises(TypeError):
        Robots(BODY).check(7, "http://x/")


def test_answer_fields_follow_googles_matcher():
    robots = Robots(BODY)
    # FooBot has its own group: the global "Disallow: /" never applies.
    a = robots.check(["FooBot"], "https://example.com/private/press/x")
    assert a == robots.check("FooBot", "https://example.com/private/press/x")
    assert a.allowed and a.matching_line == 3 and a.ever_seen_specific_agent
    assert not a.disallow_ignore_global
    assert bool(a) is True
    b = robots.check(["BarBot"], "https://example.com/a")
    assert not b.allowed and b.matching_line == 7 and not b.ever_seen_specific_agent
    # Several agents: the groups naming any of them count.
    c = robots.check(["BarBot", "foobot"], "https://example.com/private")
    assert not c.allowed and c.matching_line == 2 and c.disallow_ignore_global


def test_sitemaps_groups_and_crawl_delay():
    robots = Robots(BODY)
    assert robots.sitemaps() == ["https://example.com/sitemap.xml"]
    groups = robots.groups()
    assert [g.agents for g in groups] == [[("FooBot", 1)], [("*", 6)]]
    assert [(r.kind, r.pattern, r.line) for r in groups[0].rules] == [
        ("disallow", "/private", 2),
        ("allow", "/private/press", 3),
    ]
    assert groups[1].is_global and not groups[0].is_global
    assert groups[0].crawl_delay == 2.5 and groups[1].crawl_delay is None
    assert robots.crawl_delay("FooBot") == 2.5
    assert robots.crawl_delay("Other") is None
    assert robots.heap_bytes() > 0


def test_non_utf8_values_round_trip_through_surrogateescape():
    robots = Robots(b"Sitemap: http://x/\xff\n")
    [sitemap] = robots.sitemaps()
    assert sitemap.encode("utf-8", "surrogateescape") == b"http://x/\xff"


def test_matcher_accessors_describe_the_last_query():
    m = RobotsMatcher()
    assert not m.one_agent_allowed_by_robots(BODY, "FooBot", "http://example.com/private")
    assert m.matching_line() == 2 and m.disallow() and m.ever_seen_specific_agent()
    assert m.allowed_by_robots(BODY, ["BarBot", "FooBot"], "http://example.com/public")
    assert m.matching_line() == 0 and not m.disallow()


class Recorder(RobotsParseHandler):
    def __init__(self):
        self.events = []

    def handle_robots_start(self):
        self.events.append(("start",))

    def handle_robots_end(self):
        self.events.append(("end",))

    def handle_user_agent(self, line_num, value):
        self.events.append(("user-agent", line_num, value))

    def handle_allow(self, line_num, value):
        self.events.append(("allow", line_num, value))

    def handle_disallow(self, line_num, value):
        self.events.append(("disallow", line_num, value))

    def handle_sitemap(self, line_num, value):
        self.events.append(("sitemap", line_num, value))

    def handle_unknown_action(self, line_num, action, value):
        self.events.append(("unknown", line_num, action, value))


def test_parse_handler_gets_googles_events():
    r = Recorder()
    # Google's parser: a typo key counts, a missing colon between two tokens
    # is accepted, non-ASCII in rule values is percent-escaped.
    parse_robots_txt("user-agent FooBot\ndisalow: /ä\nfoo: bar\nSitemap: /s\n", r)
    assert r.events == [
        ("start",),
        ("user-agent", 1, b"FooBot"),
        ("disallow", 2, b"/%C3%A4"),
        ("unknown", 3, b"foo", b"bar"),
        ("sitemap", 4, b"/s"),
        ("end",),
    ]


def test_handler_without_metadata_method_and_exceptions():
    class Partial:
        def __init__(self):
            self.agents = []

        def handle_robots_start(self):
            pass

        def handle_robots_end(self):
            pass

        def handle_user_agent(self, line_num, value):
            self.agents.append(value)
            if value == b"stop":
                raise KeyError("stop")

        def handle_allow(self, line_num, value):
            pass

        handle_disallow = handle_sitemap = handle_allow

        def handle_unknown_action(self, line_num, action, value):
            pass

    p = Partial()
    parse_robots_txt(b"user-agent: a\nuser-agent: b\n", p)
    assert p.agents == [b"a", b"b"]
    p = Partial()
    with pytest.raises(KeyError):
        parse_robots_txt(b"user-agent: a\nuser-agent: stop\nuser-agent: c\n", p)
    # The first exception stops the calls.
    assert p.agents == [b"a", b"stop"]
    with pytest.raises(AttributeError):
        parse_robots_txt(b"user-agent: a\n", object())


def test_reporter_reports_each_line():
    reporter = RobotsParsingReporter()
    parse_robots_txt(b"User-agent: *\nDisalow: /x\nnoindex: /y\nfoo bar\n# c\n", reporter)
    # Google's counts: user-agent and disallow are valid; noindex (a known
    # unused key) and foo (unknown) are unused.
    assert reporter.valid_directives() == 2
    assert reporter.unused_directives() == 2
    assert reporter.last_line_seen() == 6
    lines = reporter.parse_results()
    assert [l.line_num for l in lines] == [1, 2, 3, 4, 5, 6]
    assert [l.tag_name for l in lines] == [
        RobotsTagName.USER_AGENT,
        RobotsTagName.DISALLOW,
        RobotsTagName.UNUSED,
        RobotsTagName.UNKNOWN,
        RobotsTagName.UNKNOWN,
        RobotsTagName.UNKNOWN,
    ]
    assert lines[1].is_typo and lines[1].metadata.is_acceptable_typo
    assert lines[3].metadata.is_missing_colon_separator and lines[3].metadata.has_directive
    assert lines[4].metadata.is_comment and lines[5].metadata.is_empty
    assert int(RobotsTagName.UNUSED) == 5


def test_helpers():
    assert rx.extract_user_agent("Googlebot/2.1") == "Googlebot"
    assert rx.extract_user_agent(b"Scrapy/2.11 (+https://scrapy.org)") == b"Scrapy"
    assert RobotsMatcher.is_valid_user_agent_to_obey("Foo_Bar-baz")
    assert not RobotsMatcher.is_valid_user_agent_to_obey("Foo/1")


def test_crawler_urls():
    assert rx.robots_txt_url("https://Example.COM:443/a/b?c") == "https://example.com/robots.txt"
    assert rx.robots_txt_url("http://example.com:8080/x") == "http://example.com:8080/robots.txt"
    with pytest.raises(ValueError):
        rx.robots_txt_url("mailto:someone@example.com")
    with pytest.raises(ValueError):
        rx.robots_txt_url("not a url")
    assert rx.applies_to("https://example.com/robots.txt", "https://example.com/a")
    assert not rx.applies_to("https://example.com/robots.txt", "http://example.com/a")
    assert not rx.applies_to("https://example.com/robots.txt", "https://www.example.com/a")
    assert rx.is_robots_txt_url("https://example.com/robots.txt")
    assert rx.should_follow_redirect(4) and not rx.should_follow_redirect(5)
    assert rx.MAX_REDIRECT_HOPS == 5
    assert rx.MAX_ROBOTS_TXT_BYTES == 500 * 1024
    assert rx.truncate_body(b"a" * 600_000) == b"a" * 512_000
    assert rx.max_age_from_cache_control("public, Max-Age=3600") == 3600.0
    assert rx.max_age_from_cache_control("no-cache") is None


def test_status_policy():
    # Google: 2xx rules, 4xx allow all, 429 and 5xx and network errors
    # disallow all; RFC 9309 reads 429 as a 4xx.
    g, rfc = Policy.GOOGLE, Policy.RFC9309
    assert g.decide(200) == Decision.USE_RULES
    assert g.decide(404) == Decision.ALLOW_ALL
    assert g.decide(403) == Decision.ALLOW_ALL
    assert g.decide(429) == Decision.DISALLOW_ALL
    assert rfc.decide(429) == Decision.ALLOW_ALL
    assert g.decide(503) == Decision.DISALLOW_ALL
    assert g.decide("network-error") == Decision.DISALLOW_ALL
    assert g.decide("timeout") == Decision.DISALLOW_ALL
    assert g.decide("too-many-redirects") == Decision.ALLOW_ALL
    # The spellings this package took before the names were shared.
    assert g.decide("network_error") == Decision.DISALLOW_ALL
    assert g.decide("too_many_redirects") == Decision.ALLOW_ALL
    assert g.classify(301) == rx.Access.UNAVAILABLE
    with pytest.raises(ValueError):
        g.decide("teapot")


def test_cache_entry_follows_googles_timeline():
    hour = 3600.0
    t0 = 1_700_000_000.0
    e = CacheEntry()
    assert e.policy == Policy.GOOGLE
    assert e.needs_fetch(t0) and e.decide(t0) == Decision.DISALLOW_ALL
    e.record(t0, 200, b"User-agent: *\nDisallow: /x\n", max_age=3600)
    assert e.decide(t0) == Decision.USE_RULES and e.body.startswith(b"User-agent")
    assert e.fresh_until == t0 + hour and not e.needs_fetch(t0 + 10)
    assert e.needs_fetch(t0 + 2 * hour)
    # Unreachable: Google stops crawling for 12 hours, then uses the last
    # good copy up to 30 days.
    e.record(t0 + 2 * hour, 503)
    assert e.unreachable_since == t0 + 2 * hour
    assert e.decide(t0 + 3 * hour) == Decision.DISALLOW_ALL
    assert e.decide(t0 + 20 * hour) == Decision.USE_RULES
    e.record(t0 + 21 * hour, 404)
    assert e.decide(t0 + 21 * hour) == Decision.ALLOW_ALL and e.body is None
    small = CacheEntry(Policy.RFC9309, lifetime=60.0, size_limit=4)
    small.record(t0, 200, b"abcdefgh")
    assert small.body == b"abcd" and small.fresh_until == t0 + 60


def test_agent_view():
    view = Robots(BODY).for_agents(["FooBot"])
    assert view.agents == [b"FooBot"]
    assert not view.allowed("https://example.com/private")
    assert view.check("https://example.com/private/press").matching_line == 3
    assert [a.allowed for a in view.check_many(["https://example.com/", "https://example.com/private"])] == [True, False]


def test_agent_view_allowed_many():
    # FooBot's group: /private disallowed, /private/press allowed (longest
    # match), the rest allowed (no rule); the "*" group does not apply.
    view = Robots(BODY).for_agents("FooBot")
    urls = ["https://example.com/", "https://example.com/private/x", "https://example.com/private/press/1"]
    assert view.allowed_many(urls) == [True, False, True]
    assert view.allowed_many(iter(u.encode() for u in urls)) == [True, False, True]
    assert view.allowed_many([]) == []


def test_allowed_many_past_the_first_batch_answers_as_check():
    # Enough URLs that allowed_many compiles the agents' rules after the
    # first batch of 1,024: the answers stay Google's. BarBot has no group,
    # so "*" applies: "Disallow: /" blocks everything; FooBot's own group
    # blocks only /private, except /private/press.
    robots = Robots(BODY)
    urls = [f"https://example.com/{p}/{i}" for i in range(1500) for p in ("private", "private/press", "a")]
    foobot = [not u.startswith("https://example.com/private/") or "/private/press/" in u for u in urls]
    assert robots.allowed_many("FooBot", urls) == foobot
    assert robots.allowed_many(["BarBot"], urls) == [False] * len(urls)
    assert robots.for_agents("FooBot").allowed_many(urls) == foobot
    assert [a.allowed for a in robots.check_many("FooBot", urls)] == foobot


def test_matcher_memo_is_a_choice_that_never_changes_an_answer():
    # Google's matcher parses the body on every query; ours, by default,
    # parses a body that comes twice in a row once and keeps it (the memo).
    assert RobotsMatcher().memo and not RobotsMatcher(memo=False).memo
    with pytest.raises(TypeError):
        RobotsMatcher(False)  # keyword only
    queries = [
        ("FooBot", "http://example.com/private", False, 2),
        ("FooBot", "http://example.com/private/press", True, 3),
        ("BarBot", "http://example.com/private", False, 7),
        ("FooBot", "http://example.com/public", True, 0),
    ]
    for matcher in (RobotsMatcher(), RobotsMatcher(memo=False)):
        for _ in range(3):  # the same body again and again
            for agent, url, allowed, line in queries:
                assert matcher.one_agent_allowed_by_robots(BODY, agent, url) == allowed
                assert matcher.matching_line() == line
            matcher.clear_memo()
        # Another body in between: the answers follow the body given.
        assert matcher.one_agent_allowed_by_robots(b"User-agent: *\nDisallow: /public\n", "FooBot", "http://example.com/public") is False
        assert matcher.one_agent_allowed_by_robots(BODY, "FooBot", "http://example.com/public") is True
