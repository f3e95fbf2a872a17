"""The shared cases of ``spec/cases/`` (see ``spec/README.md``) through the
Python API, one pytest test per case, named ``<suite>.<name>``.

Each matcher query is asked of ``RobotsMatcher`` (Google's API), of
``Robots.check``, and of a ``for_agents`` view, which must agree; the body is
passed as bytes, and as ``str`` too where it is UTF-8. The count of checks
run is printed at the end of the session (``conftest.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from robotstxt_exact import (
    Robots,
    RobotsMatcher,
    RobotsParseHandler,
    RobotsParsingReporter,
    get_path_params_query,
    maybe_escape_pattern,
    parse_robots_txt,
)

CASES = Path(__file__).resolve().parents[2] / "spec" / "cases"
TAGS = ("unknown", "user-agent", "allow", "disallow", "sitemap", "unused")
FLAGS = (
    "is_empty", "has_comment", "is_comment", "has_directive", "is_acceptable_typo",
    "is_line_too_long", "is_missing_colon_separator",
)

#: Checks and cases run, for the summary line.
COUNTS = {"checks": 0, "cases": 0}


def as_bytes(value) -> bytes:
    """A bytes value: a string, or a list of strings, {"hex"} and
    {"repeat", "times"} segments."""
    if isinstance(value, str):
        return value.encode("utf-8")
    out = bytearray()
    for segment in value:
        if isinstance(segment, str):
            out += segment.encode("utf-8")
        elif set(segment) == {"hex"}:
            out += bytes.fromhex(segment["hex"])
        elif set(segment) == {"repeat", "times"}:
            out += as_bytes(segment["repeat"]) * segment["times"]
        else:
            raise ValueError(f"not a segment: {segment!r}")
    return bytes(out)


def load_cases():
    cases = []
    for path in sorted(CASES.rglob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for test in doc["tests"]:
            cases.append(pytest.param(test, id=f"{doc['suite']}.{test['name']}"))
    return cases


class Recorder(RobotsParseHandler):
    """Every callback, as (line, kind, key, value)."""

    def __init__(self):
        self.events = []

    def handle_robots_start(self):
        pass

    def handle_robots_end(self):
        pass

    def handle_user_agent(self, line_num, value):
        self.events.append((line_num, "user-agent", b"", value))

    def handle_allow(self, line_num, value):
        self.events.append((line_num, "allow", b"", value))

    def handle_disallow(self, line_num, value):
        self.events.append((line_num, "disallow", b"", value))

    def handle_sitemap(self, line_num, value):
        self.events.append((line_num, "sitemap", b"", value))

    def handle_unknown_action(self, line_num, action, value):
        self.events.append((line_num, "unknown", action, value))


def parse(robots: bytes):
    recorder = Recorder()
    parse_robots_txt(robots, recorder)
    return recorder.events


def allowed(robots: bytes, agent: bytes, url: bytes):
    matcher = RobotsMatcher()
    verdict = matcher.one_agent_allowed_by_robots(robots, agent, url)
    answer = (verdict, matcher.matching_line(), matcher.ever_seen_specific_agent())
    parsed = Robots(robots)
    check = parsed.check([agent], url)
    assert (check.allowed, check.matching_line, check.ever_seen_specific_agent) == answer, (
        "Robots.check differs from RobotsMatcher")
    assert parsed.for_agents([agent]).allowed(url) == verdict, "the for_agents view differs"
    try:
        text = robots.decode("utf-8")
    except UnicodeDecodeError:
        return answer
    assert RobotsMatcher(memo=False).one_agent_allowed_by_robots(text, agent, url) == verdict, (
        "the body as str differs from the body as bytes")
    return answer


def run_check(check) -> int:
    kind = check["kind"]
    if kind == "allowed":
        robots = as_bytes(check["robots"])
        for q in check["queries"]:
            agent, url = as_bytes(q["agent"]), as_bytes(q["url"])
            verdict, line, specific = allowed(robots, agent, url)
            what = f"agent {agent!r}, url {url[:120]!r}"
            assert verdict == q["allowed"], what
            if "line" in q:
                assert line == q["line"], f"{what}: matching line"
            if "specific" in q:
                assert specific == q["specific"], f"{what}: ever seen specific agent"
        return len(check["queries"])
    if kind == "valid_agent":
        agent = b"" if check["agent"] is None else as_bytes(check["agent"])
        assert RobotsMatcher.is_valid_user_agent_to_obey(agent) == check["valid"], agent
    elif kind == "events":
        want = []
        for e in check["events"]:
            values = [as_bytes(v) for v in e[2:]]
            key, value = (values[0], values[1]) if len(values) == 2 else (b"", values[0])
            want.append((e[0], e[1], key, value))
        assert parse(as_bytes(check["robots"])) == want
    elif kind == "parse_stats":
        # The handler of Google's robots_test.cc, over the callbacks.
        events = parse(as_bytes(check["robots"]))
        unknown = sum(1 for e in events if e[1] == "unknown")
        got = {
            "valid_directives": len(events) - unknown,
            "unknown_directives": unknown,
            "last_line_seen": events[-1][0] if events else 0,
            "sitemap": b"".join(e[3] for e in events if e[1] == "sitemap"),
        }
        for key, value in got.items():
            if key in check:
                want = as_bytes(check[key]) if key == "sitemap" else check[key]
                assert value == want, key
    elif kind == "report":
        reporter = RobotsParsingReporter()
        parse_robots_txt(as_bytes(check["robots"]), reporter)
        results = reporter.parse_results()
        got = {
            "valid_directives": reporter.valid_directives(),
            "last_line_seen": reporter.last_line_seen(),
            "results_count": len(results),
        }
        for key, value in got.items():
            if key in check:
                assert value == check[key], key
        for want in check.get("lines", []):
            n = want["line"]
            assert 1 <= n <= len(results), f"line {n}: not reported"
            line = results[n - 1]
            assert line.line_num == n
            if "tag" in want:
                assert TAGS[int(line.tag_name)] == want["tag"], f"line {n}: tag"
            if "typo" in want:
                assert line.is_typo == want["typo"], f"line {n}: typo"
            if "flags" in want:
                flags = {f for f in FLAGS if getattr(line.metadata, f)}
                assert flags == set(want["flags"]), f"line {n}: flags"
    elif kind == "path":
        url = as_bytes(check["url"])
        assert get_path_params_query(url) == as_bytes(check["path"]), url
    elif kind == "escape":
        pattern = as_bytes(check["pattern"])
        assert maybe_escape_pattern(pattern) == as_bytes(check["escaped"]), pattern
    else:
        pytest.fail(f"unknown check kind {kind!r}: a runner runs every kind")
    return 1


@pytest.mark.parametrize("test", load_cases())
def test_spec(test):
    COUNTS["cases"] += 1
    for i, check in enumerate(test["checks"], 1):
        try:
            COUNTS["checks"] += run_check(check)
        except AssertionError as e:
            raise AssertionError(f"check {i}: {e}") from e
