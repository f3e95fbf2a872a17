"""Usage preferences, Request-rate and the audit from Python.

Expected values come from draft-ietf-aipref-attach-05 §3.4 (its example and
its table), the Content Signals Policy's example, the 1996 Request-rate
proposal ("10/10m - no more than 10 documents per 10 mins"), and, for the
audit, Google's rules applied by hand (see the comments)."""

from __future__ import annotations

import pytest

from robotstxt_exact import (
    Robots,
    Stated,
    audit,
    known_crawlers,
    parse_crawler_list,
)

ATTACH_EXAMPLE = """User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y
Content-Signal: ai-train=no, search=yes, ai-input=yes
Request-rate: 10/10m

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
"""


def test_attach_example_table():
    robots = Robots(ATTACH_EXAMPLE)
    test = robots.preferences("OtherBot", "https://example.com/test")
    assert test.allowed
    assert set(test.usage) == {"train-ai"}
    assert isinstance(test.usage["train-ai"], Stated)
    assert (test.usage["train-ai"].allowed, test.usage["train-ai"].line) == (False, 4)
    ok = robots.preferences("OtherBot", "https://example.com/ai-ok/test")
    assert (ok.usage["train-ai"].allowed, ok.usage["train-ai"].line) == (True, 5)
    never = robots.preferences("OtherBot", "https://example.com/never/test")
    assert not never.allowed
    assert never.usage == {} and never.signals == {}
    example = robots.preferences(["ExampleBot"], b"https://example.com/never/test")
    assert example.allowed
    assert (example.usage["train-ai"].allowed, example.usage["train-ai"].line) == (True, 11)


def test_content_signals_and_request_rate():
    robots = Robots(ATTACH_EXAMPLE)
    signals = robots.preferences("OtherBot", "https://example.com/").signals
    assert {name: (s.allowed, s.line) for name, s in signals.items()} == {
        "search": (True, 6),
        "ai-input": (True, 6),
        "ai-train": (False, 6),
    }
    assert not signals["ai-train"]
    rate = robots.request_rate("OtherBot")
    assert (rate.requests, rate.seconds, rate.window) == (10, 600, None)
    assert robots.request_rate("ExampleBot") is None
    group = robots.groups()[0]
    assert group.request_rate == rate
    lines = [(p.kind, p.path, p.line, p.values) for p in group.preference_lines]
    assert lines == [
        ("content-usage", "", 4, {"train-ai": False}),
        ("content-usage", "/ai-ok/", 5, {"train-ai": True}),
        ("content-signal", "", 6, {"search": True, "ai-input": True, "ai-train": False}),
    ]


def test_wrong_argument_types():
    robots = Robots(ATTACH_EXAMPLE)
    with pytest.raises(TypeError):
        robots.preferences("OtherBot", 5)
    with pytest.raises(TypeError):
        robots.request_rate(None)
    with pytest.raises(ValueError):
        parse_crawler_list("FooBot no-such-category\n")
    # A str is not a list of paths, nor a number a crawler.
    with pytest.raises(TypeError):
        audit(robots, paths="/x")
    with pytest.raises(TypeError):
        audit(robots, crawlers=[5])


def test_audit_by_hand():
    body = (
        "User-agent: GPTBot\nDisallow: /\n\n"
        "User-agent: archive.org_bot\nDisallow: /\n\n"
        "User-agent: *\nDisallow: /admin/\nContent-Signal: ai-train=no\n"
    )
    report = audit(body, paths=["/admin/x"])
    by_token = {a.crawler.token: a for a in report.crawlers}
    # GPTBot: its own group, `Disallow: /` (line 2) everywhere.
    gpt = by_token["GPTBot"]
    assert [(p.allowed, p.line) for p in gpt.paths] == [(False, 2), (False, 2)]
    assert gpt.specific and gpt.groups == [1]
    # archive.org_bot is matched as `archive`, as its group's line is read.
    archive = by_token["archive.org_bot"]
    assert archive.matched_as == "archive"
    assert not archive.root_allowed()
    # Everyone else: the `*` group (line 7); /admin/x hits line 8; at / the
    # Content-Signal of line 9 applies.
    claude = by_token["ClaudeBot"]
    assert [(p.allowed, p.line) for p in claude.paths] == [(True, 0), (False, 8)]
    assert claude.paths[0].preferences.signals["ai-train"].line == 9
    ai_total = sum(1 for c in known_crawlers() if c.category.startswith("ai-"))
    assert report.ai_blocked == (1, ai_total)
    assert report.summary.startswith(f"blocks 1 of {ai_total} AI crawlers from /")
    assert report.categories["archiver"][0] == 1


def test_audit_own_list_and_parsed_robots():
    robots = Robots("User-agent: FooBot\nDisallow: /\n")
    own = parse_crawler_list("Baz ai-search\n")
    report = audit(robots, crawlers=["FooBot", b"BarBot"] + own)
    assert [a.root_allowed() for a in report.crawlers] == [False, True, True]
    assert report.ai_blocked == (0, 1)
    # A Crawler given comes back as it was; a token becomes one.
    assert report.crawlers[2].crawler is own[0]
    assert (report.crawlers[1].crawler.token, report.crawlers[1].crawler.category) == (
        "BarBot",
        "other",
    )


def test_known_crawlers_have_sources():
    crawlers = known_crawlers()
    assert len([c for c in crawlers if c.category.startswith("ai-")]) >= 30
    assert all(c.source and len(c.checked) == 10 for c in crawlers)
