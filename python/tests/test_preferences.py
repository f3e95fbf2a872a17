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


# An excerpt of ai.robots.txt's robots.json as published (MIT; see NOTICE).
ROBOTS_JSON = """{
    "AI2Bot": {
        "operator": "[Ai2](https://allenai.org/crawler)",
        "respect": "Yes",
        "function": "Content is used to train open language models.",
        "frequency": "No information provided.",
        "description": "Explores 'certain domains' to find web content."
    },
    "ChatGPT Agent": {
        "operator": "[OpenAI](https://openai.com)",
        "respect": "Unclear at this time.",
        "function": "AI Agents",
        "frequency": "Unclear at this time.",
        "description": "ChatGPT Agent is an AI agent."
    }
}"""

# RSL 1.0 ("License: [absoluteURL]", "not tied to any specific user
# agent"), a policy-token group (draft-kelley-aipref-training-preference-
# signal-00, written as draft-kelley-rep-namespaces-00 writes labels) and
# draft-ietf-aipref-vocab-08's ai-use label.
DRAFTS = """License: https://example.com/license.xml
User-agent: *
Allow: /
Content-Usage: ai-use=n, search=y
Content-Signal: search=yes, use=reference
LLM-Policy: /llms.txt

User-agent: __usage_ai-training
Disallow: /
Allow: /blog/
"""


def test_vocab_08_license_llm_policy_and_policy_tokens() -> None:
    robots = Robots(DRAFTS)
    p = robots.preferences("AnyBot", "https://example.com/page")
    assert {k: (s.allowed, s.line) for k, s in p.usage.items()} == {
        "ai-use": (False, 4),
        "search": (True, 4),
    }
    # vocab-08 §4.3: within a search application, search=y overrides.
    assert p.usage_in_search["ai-use"].allowed is True
    assert p.content_use == ("reference", 5)
    assert robots.licenses() == [("https://example.com/license.xml", 1)]
    assert robots.llm_policies() == [("/llms.txt", 6)]
    assert robots.policy_tokens() == [("__usage_ai-training", 8)]
    blocked = robots.policy("__usage_ai-training", "https://example.com/x")
    assert blocked is not None and (blocked.allowed, blocked.matching_line) == (False, 9)
    blog = robots.policy("__usage_ai-training", "https://example.com/blog/a")
    assert blog is not None and (blog.allowed, blog.matching_line) == (True, 10)
    assert robots.policy("__usage_other", "https://example.com/") is None
    # Extensions never change a verdict.
    assert robots.allowed("AnyBot", "https://example.com/x")


def test_audit_with_robots_json_license_policy_token_and_ai_use() -> None:
    crawlers = parse_crawler_list(ROBOTS_JSON)
    assert [(c.token, c.category, c.function) for c in crawlers] == [
        ("AI2Bot", "ai", "Content is used to train open language models."),
        ("ChatGPT Agent", "ai-assistant", "AI Agents"),
    ]
    report = audit(DRAFTS, paths=["/blog/a"], crawlers=crawlers)
    assert [(c.crawler.token, c.matched_as) for c in report.crawlers] == [
        ("AI2Bot", "AI"),
        ("ChatGPT Agent", "ChatGPT"),
    ]
    assert report.crawlers[0].crawler.operator == "[Ai2](https://allenai.org/crawler)"
    for c in report.crawlers:
        # The `*` group: Allow: / (line 3); ai-use=n from line 4.
        assert [(v.allowed, v.line) for v in c.paths] == [(True, 3), (True, 3)]
        assert c.paths[0].preferences.usage["ai-use"].allowed is False
    assert report.licenses == [("https://example.com/license.xml", 1)]
    assert report.llm_policies == [("/llms.txt", 6)]
    [policy] = report.policies
    assert (policy.token, policy.known, policy.line) == ("__usage_ai-training", True, 8)
    assert policy.paths == [("/", False, 9), ("/blog/a", True, 10)]


def test_audit_report_does_not_grow_with_the_groups() -> None:
    # 100,000 one-rule `*` groups: the first 16 group lines and the count,
    # where every crawler once listed them all (26.7 s and 5.2 GB for
    # 100 MB).
    body = "User-agent: *\nDisallow: /x\n" * 100_000
    report = audit(body, crawlers=["FooBot", "BarBot"])
    for c in report.crawlers:
        assert len(c.groups) == 16 and c.group_count == 100_000
        assert c.groups[:3] == [1, 3, 5]
