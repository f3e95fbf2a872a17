"""The corpus queries through RobotsMatcher, Robots, the batch calls and the
per-agent view equal the Rust core's answers (Google's, through the Rust
RobotsMatcher): 0 differences on every field."""

from __future__ import annotations

from collections import defaultdict

from robotstxt_exact import Robots, RobotsMatcher


def as_tuple(a) -> tuple:
    return (a.allowed, a.matching_line, a.ever_seen_specific_agent, a.disallow_ignore_global)


def report(diffs: list, total: int) -> str:
    head = "\n".join(f"  {d}" for d in diffs[:20])
    return f"{len(diffs)} of {total} queries differ from the Rust answers:\n{head}"


def test_corpus_is_large_enough(queries, bodies):
    # 1,225 sites with URLs, 111,215 URLs, three agent lists each.
    assert len(bodies) == 1613
    assert len(queries) >= 3 * 111_000


def test_robots_matcher_equals_rust(queries, bodies, rust_answers):
    matcher = RobotsMatcher()
    diffs = []
    for q, want in zip(queries, rust_answers):
        allowed = matcher.allowed_by_robots(bodies[q.site], list(q.agents), q.url)
        got = (allowed, matcher.matching_line(), matcher.ever_seen_specific_agent(),
               matcher.disallow_ignore_global())
        if got != as_tuple(want):
            diffs.append((q, got, want))
    assert not diffs, report(diffs, len(queries))


def test_one_agent_allowed_by_robots_equals_rust(queries, bodies, rust_answers):
    matcher = RobotsMatcher()
    diffs = [
        q for q, want in zip(queries, rust_answers)
        if len(q.agents) == 1
        and matcher.one_agent_allowed_by_robots(bodies[q.site], q.agents[0], q.url) != want.allowed
    ]
    assert not diffs, report(diffs, len(queries))


def test_robots_check_equals_rust(queries, bodies, rust_answers):
    parsed = {site: Robots(body) for site, body in bodies.items()}
    diffs = []
    for q, want in zip(queries, rust_answers):
        got = parsed[q.site].check(list(q.agents), q.url)
        if as_tuple(got) != as_tuple(want):
            diffs.append((q, got, want))
        if len(q.agents) == 1 and parsed[q.site].allowed(q.agents[0], q.url) != want.allowed:
            diffs.append((q, "allowed()", want))
    assert not diffs, report(diffs, len(queries))


def grouped(queries, rust_answers):
    """(site, agents) -> ([urls], [rust answers]), in query order."""
    groups = defaultdict(lambda: ([], []))
    for q, want in zip(queries, rust_answers):
        urls, answers = groups[(q.site, q.agents)]
        urls.append(q.url)
        answers.append(want)
    return groups


def test_batch_calls_equal_rust(queries, bodies, rust_answers):
    diffs = []
    for (site, agents), (urls, wants) in grouped(queries, rust_answers).items():
        robots = Robots(bodies[site])
        got = robots.check_many(list(agents), urls)
        allowed = robots.allowed_many(list(agents), urls)
        for url, g, a, want in zip(urls, got, allowed, wants):
            if as_tuple(g) != as_tuple(want) or a != want.allowed:
                diffs.append((site, agents, url, g, a, want))
    assert not diffs, report(diffs, len(queries))


def test_agent_view_equals_rust(queries, bodies, rust_answers):
    diffs = []
    for (site, agents), (urls, wants) in grouped(queries, rust_answers).items():
        view = Robots(bodies[site]).for_agents(list(agents))
        for url, g, want in zip(urls, view.check_many(urls), wants):
            if as_tuple(g) != as_tuple(want) or view.allowed(url) != want.allowed:
                diffs.append((site, agents, url, g, want))
    assert not diffs, report(diffs, len(queries))


def test_str_and_bytes_give_the_same_answers(queries, bodies, rust_answers):
    # A str is its UTF-8 bytes: the answers for decodable bodies and URLs
    # must not change when they are given as str.
    matcher = RobotsMatcher()
    checked = 0
    for q, want in zip(queries[::7], rust_answers[::7]):
        try:
            body, url = bodies[q.site].decode("utf-8"), q.url.decode("utf-8")
        except UnicodeDecodeError:
            continue
        checked += 1
        assert matcher.allowed_by_robots(body, list(q.agents), url) == want.allowed, q
        assert matcher.matching_line() == want.matching_line, q
    assert checked > 30_000
