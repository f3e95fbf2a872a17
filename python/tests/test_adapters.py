"""The drop-in adapters against the originals on the corpus.

``robotstxt_exact.robotparser.RobotFileParser`` is compared with the standard
library's ``urllib.robotparser.RobotFileParser`` and
``robotstxt_exact.protego.Protego`` with Protego, for Googlebot on every
corpus URL. Every difference must be explained by a documented point where
Google's reading differs; the table of explanations is printed (run pytest
with -s to see it) and an unexplained difference fails the test. With
ROBOTSTXT_ADAPTER_DIFFS=DIR set, every difference is also written, one per
line with its explanation, to DIR/urllib.tsv and DIR/protego.tsv. The
adapters' own verdicts must equal the Rust core's answers for the URL in
the form Google's parser puts rules in (MaybeEscapePattern), which the
adapters give the matcher.
"""

from __future__ import annotations

import collections
import os
import urllib.parse
from pathlib import Path
import urllib.robotparser

import pytest

from robotstxt_exact import (
    Robots,
    RobotsParsingReporter,
    extract_user_agent,
    maybe_escape_pattern,
    parse_robots_txt,
)
from robotstxt_exact.protego import Protego as GoogleProtego
from robotstxt_exact.robotparser import RobotFileParser as GoogleRobotFileParser

AGENT = "Googlebot"

EXPLANATIONS = {
    "agent": "a different group applies: Google matches the product token exactly and "
    "merges every group naming it; the original matches substrings or takes one group",
    "parsing": "the deciding line is one the original does not read: Google accepts "
    "typos of keys (disalow) and a missing colon",
    "wildcard": "the deciding rule has '*' or '$', which Google reads as patterns",
    "precedence": "both read the same plain rules; Google takes the longest match "
    "(allow on a tie), the original the first in file order",
    "escaping": "percent-escapes: Google compares them as written (upper-casing hex "
    "digits, escaping non-ASCII bytes of rules and, in the adapters, of URLs), the "
    "original decodes them",
    "index.html": "Google's 'allow: /x/index.html' also allows '/x/'",
    "group": "the original lacks Google's deciding rule for this agent: it ends a group "
    "at a blank line (and drops a user-agent line followed by one); Google keeps a group "
    "until a user-agent line that follows rules",
    "rule-rewrite": "the original rewrote the deciding rule's value (urllib passes it "
    "through urlparse/urlunparse, which drops an empty '?' query: 'Disallow: /e?' "
    "becomes '/e'); Google matches the value as written",
}


def decodable(bodies, links):
    """Sites whose body and URLs are UTF-8 (the originals take str)."""
    for site, urls in links.items():
        try:
            text = bodies[site].decode("utf-8")
        except UnicodeDecodeError:
            continue
        strs = []
        for u in urls:
            try:
                strs.append(u.decode("utf-8"))
            except UnicodeDecodeError:
                pass
        yield site, text, strs


class GoogleTrace:
    """What decided Google's answer: the selected groups and the rule."""

    def __init__(self, body: bytes):
        self.robots = Robots(body)
        self.groups = self.robots.groups()
        self.rules = {r.line: r for g in self.groups for r in g.rules}
        reporter = RobotsParsingReporter()
        parse_robots_txt(body, reporter)
        self.lines = {l.line_num: l for l in reporter.parse_results()}

    def specific_groups(self):
        return [
            g for g in self.groups
            if any(extract_user_agent(a).lower() == AGENT.lower() for a, _ in g.agents)
        ]

    def rule(self, url):
        answer = self.robots.check([AGENT], maybe_escape_pattern(url))
        return answer, self.rules.get(answer.matching_line)

    def odd_line(self, line_num) -> bool:
        l = self.lines.get(line_num)
        return bool(l and (l.is_typo or l.metadata.is_missing_colon_separator))


def has_pattern_chars(p: str | None) -> bool:
    return p is not None and ("*" in p or "$" in p)


def classify(g: GoogleTrace, url: str, orig_agent_ok: bool, orig_rule: tuple | None,
             orig_rules: list, reads_wildcards: bool) -> str:
    """Why Google's answer differs from the original's (see EXPLANATIONS)."""
    answer, rule = g.rule(url)
    if not orig_agent_ok:
        return "agent"
    if rule is not None and g.odd_line(rule.line):
        return "parsing"
    if not reads_wildcards and (
        has_pattern_chars(rule.pattern if rule else None)
        or has_pattern_chars(orig_rule[1] if orig_rule else None)
    ):
        return "wildcard"
    if rule is not None and rule.kind == "allow" and rule.pattern.endswith("/index.html"):
        return "index.html"
    if rule is not None and (rule.kind, urllib.parse.unquote(rule.pattern)) not in orig_rules:
        return "group"
    selected = g.specific_groups() or [x for x in g.groups if x.is_global]
    google_rules = {(r.kind, urllib.parse.unquote(r.pattern)) for x in selected for r in x.rules}
    if orig_rule is not None and (orig_rule[0], urllib.parse.unquote(orig_rule[1])) not in google_rules:
        return "rule-rewrite"
    if "%" in url or any("%" in r[1] for r in (rule and (rule.kind, rule.pattern), orig_rule) if r):
        return "escaping"
    if rule is not None and orig_rule is not None:
        return "precedence"
    return "unexplained"


def urllib_trace(rp: urllib.robotparser.RobotFileParser, url: str):
    """The standard library's decision, step by step as its can_fetch."""
    parsed = urllib.parse.urlparse(urllib.parse.unquote(url))
    u = urllib.parse.urlunparse(("", "", parsed.path, parsed.params, parsed.query, parsed.fragment))
    u = urllib.parse.quote(u) or "/"
    entry = next((e for e in rp.entries if e.applies_to(AGENT)), None)
    if entry is None:
        entry = rp.default_entry
    if entry is None:
        return None, None, []
    rules = [("allow" if l.allowance else "disallow", urllib.parse.unquote(l.path))
             for l in entry.rulelines]
    for l in entry.rulelines:
        if l.applies_to(u):
            return entry, ("allow" if l.allowance else "disallow", l.path), rules
    return entry, None, rules


def protego_trace(p, url: str):
    """Protego's decision (through its private rule sets, protego 0.7)."""
    from protego._utils import _quote_path

    rs = p._get_matching_rule_set(AGENT)
    if rs is None:
        return None, None, []
    q = _quote_path(url)
    rules = [(r.field, urllib.parse.unquote(r.value._pattern)) for r in rs._rules]
    for r in rs._rules:
        if r.value.match(q):
            return rs, (r.field, r.value._pattern), rules
    return rs, None, rules


def write_list(name: str, diffs: list) -> None:
    out = os.environ.get("ROBOTSTXT_ADAPTER_DIFFS")
    if not out:
        return
    Path(out).mkdir(parents=True, exist_ok=True)
    with open(Path(out) / f"{name}.tsv", "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("site\turl\toriginal\tgoogle\texplanation\n")
        for kind, site, url, orig, ours in diffs:
            f.write(f"{site}\t{url}\t{orig}\t{ours}\t{kind}: {EXPLANATIONS.get(kind, 'NOT EXPLAINED')}\n")


def summarise(name: str, diffs: list, total: int) -> str:
    counts = collections.Counter(kind for kind, *_ in diffs)
    lines = [f"{name}: {len(diffs)} of {total} answers differ for {AGENT}"]
    for kind, n in counts.most_common():
        lines.append(f"  {n:6d}  {kind}: {EXPLANATIONS.get(kind, 'NOT EXPLAINED')}")
    for kind, site, url, orig, ours in diffs:
        if kind == "unexplained":
            lines.append(f"  unexplained: {site} {url} original={orig} google={ours}")
    return "\n".join(lines)


def test_robotparser_adapter_against_urllib(bodies, links, capsys):
    diffs, total = [], 0
    for site, text, urls in decodable(bodies, links):
        original = urllib.robotparser.RobotFileParser()
        original.parse(text.splitlines())
        ours = GoogleRobotFileParser()
        ours.parse(text.splitlines())
        trace = None
        for url in urls:
            total += 1
            escaped = maybe_escape_pattern(url)
            want = Robots(bodies[site]).allowed(AGENT, escaped) if trace is None else trace.robots.allowed(AGENT, escaped)
            got = ours.can_fetch(AGENT, url)
            assert got == want, (site, url)
            orig = original.can_fetch(AGENT, url)
            if orig == got:
                continue
            trace = trace or GoogleTrace(bodies[site])
            entry, orig_rule, orig_rules = urllib_trace(original, url)
            specific = trace.specific_groups()
            if specific:
                agent_ok = entry is not None and entry is not original.default_entry and any(
                    a.lower() == AGENT.lower() for a in entry.useragents) and len(specific) == 1
            else:
                agent_ok = entry is None or entry is original.default_entry
            kind = classify(trace, url, agent_ok, orig_rule, orig_rules, False)
            diffs.append((kind, site, url, orig, got))
    write_list("urllib", diffs)
    report = summarise("urllib.robotparser", diffs, total)
    with capsys.disabled():
        print("\n" + report)
    assert total > 100_000
    assert not [d for d in diffs if d[0] == "unexplained"], report


def test_protego_adapter_against_protego(bodies, links, capsys):
    protego = pytest.importorskip("protego")
    diffs, total = [], 0
    for site, text, urls in decodable(bodies, links):
        original = protego.Protego.parse(text)
        ours = GoogleProtego.parse(bodies[site])
        trace = None
        for url in urls:
            total += 1
            got = ours.can_fetch(url, AGENT)
            assert got == ours.robots.allowed(AGENT, maybe_escape_pattern(url))
            orig = original.can_fetch(url, AGENT)
            if orig == got:
                continue
            trace = trace or GoogleTrace(bodies[site])
            rs, orig_rule, orig_rules = protego_trace(original, url)
            specific = trace.specific_groups()
            if specific:
                agent_ok = rs is not None and rs.user_agent == AGENT.lower() and len(specific) == 1
            else:
                agent_ok = rs is None or rs.user_agent == "*"
            kind = classify(trace, url, agent_ok, orig_rule, orig_rules, True)
            diffs.append((kind, site, url, orig, got))
    write_list("protego", diffs)
    report = summarise("protego", diffs, total)
    with capsys.disabled():
        print("\n" + report)
    assert total > 100_000
    assert not [d for d in diffs if d[0] == "unexplained"], report


def test_adapter_methods_match_the_originals_where_google_agrees():
    body = (
        "User-agent: FooBot\nDisallow: /private\nCrawl-delay: 3\n\n"
        "User-agent: *\nDisallow: /tmp/\nSitemap: https://example.com/a.xml\n"
    )
    lines = body.splitlines()
    orig = urllib.robotparser.RobotFileParser()
    orig.parse(lines)
    ours = GoogleRobotFileParser()
    ours.parse(lines)
    for agent in ("FooBot", "FooBot/1.0", "Other"):
        for url in ("http://example.com/private/x", "http://example.com/tmp/", "http://example.com/"):
            assert ours.can_fetch(agent, url) == orig.can_fetch(agent, url), (agent, url)
        assert ours.crawl_delay(agent) == orig.crawl_delay(agent)
    assert ours.site_maps() == orig.site_maps() == ["https://example.com/a.xml"]
    assert ours.mtime() > 0 and ours.request_rate("FooBot") is None
    empty = GoogleRobotFileParser()
    assert empty.site_maps() is None and not empty.can_fetch("FooBot", "http://example.com/")
    protego = pytest.importorskip("protego")
    p0, p1 = protego.Protego.parse(body), GoogleProtego.parse(body)
    for agent in ("FooBot", "Other"):
        for url in ("http://example.com/private/x", "http://example.com/tmp/", "http://example.com/"):
            assert p1.can_fetch(url, agent) == p0.can_fetch(url, agent)
        assert p1.crawl_delay(agent) == p0.crawl_delay(agent)
    assert list(p1.sitemaps) == list(p0.sitemaps)


def test_documented_differences_hold():
    # Each point of the adapters' documentation, on a small file.
    body = "User-agent: *\nDisallow: /\nAllow: /public\nDisallow: /*/secret*.pdf$\n"
    orig = urllib.robotparser.RobotFileParser()
    orig.parse(body.splitlines())
    ours = GoogleRobotFileParser()
    ours.parse(body.splitlines())
    # Longest match: /public is allowed by Google, first match disallows it.
    assert ours.can_fetch("a", "http://x/public") and not orig.can_fetch("a", "http://x/public")
    # Wildcards: '/*/secret*.pdf$' is a pattern, longer than '/public'.
    assert not ours.can_fetch("a", "http://x/public/secret-1.pdf")
    assert ours.can_fetch("a", "http://x/public/secret-1.pdf?x")
    # Substring agents: 'User-agent: bot' applies to Googlebot in the original.
    body = "User-agent: bot\nDisallow: /\n"
    orig.parse(body.splitlines())
    ours.parse(body.splitlines())
    assert not orig.can_fetch("Googlebot", "http://x/a") and ours.can_fetch("Googlebot", "http://x/a")
    # Typos count for Google.
    ours.parse(["User-agent: *", "Disalow: /"])
    assert not ours.can_fetch("a", "http://x/a")
    # Protego allows /robots.txt implicitly, Google does not.
    assert not GoogleProtego.parse("User-agent: *\nDisallow: /\n").can_fetch("http://x/robots.txt", "a")
