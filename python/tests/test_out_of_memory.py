"""Running out of memory in any entry point is ``MemoryError``, and the
process goes on: each case runs in a child interpreter that builds its input,
then caps its own address space (``RLIMIT_AS``) a little above what it uses,
makes the call that needs more, and then answers a normal query. Before the
binding made these allocations fallible, the calls aborted the interpreter
("memory allocation of N bytes failed"), raised
``pyo3_runtime.PanicException`` (a ``BaseException``), or, for a ``str``
argument copied into Rust memory, aborted where Python's own copy fitted.

Expected answers after the failure are Google's: a ``Disallow: /x`` in the
``*`` group disallows ``/x`` and allows ``/y`` (robots.cc), and
``MaybeEscapePattern`` writes a high byte as an upper-case ``%XX``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"),
    reason="needs Linux: /proc/self/status and RLIMIT_AS",
)

MB = 1 << 20

#: Room left above what the child uses: enough for a small query, far
#: less than the failing call needs.
MARGIN = 32 * MB

CHILD = """
import resource, sys
import robotstxt_exact as rx

def used():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize")

{setup}
resource.setrlimit(resource.RLIMIT_AS, (used() + {margin}, resource.RLIM_INFINITY))
try:
    {call}
except MemoryError:
    print("MemoryError")
else:
    print("completed")
{after}
"""

SMALL = b"User-agent: *\nDisallow: /x\n"


def capped(setup: str, call: str, after: str, margin: int = MARGIN) -> list[str]:
    """Runs `setup`, caps the address space at what is used plus `margin`,
    runs `call` (expected to raise MemoryError), then `after`; returns the
    child's output lines."""
    code = CHILD.format(
        setup=textwrap.dedent(setup), call=call, after=textwrap.dedent(after), margin=margin
    )
    # Without RUST_BACKTRACE: a panic's backtrace, symbolised with no
    # memory left, can deadlock in Rust's standard library, and a failure
    # must show as a failure, not as a hang.
    env = {
        k: v for k, v in os.environ.items() if k not in ("RUST_BACKTRACE", "RUST_LIB_BACKTRACE")
    }
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert p.returncode == 0, f"child died with {p.returncode}:\n{p.stderr[-3000:]}"
    return p.stdout.split()


def test_escaping_a_huge_pattern_raises_memory_error():
    # 50 MB of high bytes escape to 150 MB.
    out = capped(
        "pattern = b'\\xff' * 50_000_000",
        "rx.maybe_escape_pattern(pattern)",
        "print(rx.maybe_escape_pattern(b'/\\xff') == b'/%FF')",
    )
    assert out == ["MemoryError", "True"]


def test_parsing_the_worst_layout_raises_memory_error():
    # Every 18 bytes a group: the parsed form is several times the body.
    out = capped(
        "body = b'useragent:\\nallow:\\n' * 5_000_000",
        "rx.Robots(body)",
        f"r = rx.Robots({SMALL!r}); print(r.allowed('Googlebot', 'https://example.com/x'), "
        "r.allowed('Googlebot', 'https://example.com/y'))",
    )
    assert out == ["MemoryError", "False", "True"]


def test_a_query_whose_long_path_needs_a_copy_raises_memory_error():
    # A path that starts with '?' is matched with a '/' in front: a copy.
    out = capped(
        f"r = rx.Robots({SMALL!r}); url = b'https://example.com?' + b'a' * 50_000_000",
        "r.check('Googlebot', url)",
        "print(r.check('Googlebot', 'https://example.com/x').allowed, "
        "r.check('Googlebot', 'https://example.com/y').allowed)",
    )
    assert out == ["MemoryError", "False", "True"]


@pytest.mark.parametrize(
    "call",
    [
        "r.check_many('Googlebot', urls)",
        "r.allowed_many('Googlebot', urls)",
        "r.for_agents('Googlebot').check_many(urls)",
        "r.for_agents('Googlebot').allowed_many(urls)",
    ],
)
def test_checking_a_huge_list_of_urls_raises_memory_error(call):
    # 8 million URLs: the answers alone take 64 MB of list.
    out = capped(
        f"r = rx.Robots({SMALL!r}); urls = [b'https://example.com/x'] * 8_000_000",
        call,
        "print(*[a.allowed for a in r.check_many('Googlebot', "
        "['https://example.com/x', 'https://example.com/y'])])",
    )
    assert out == ["MemoryError", "False", "True"]


def test_listing_a_million_groups_raises_memory_error():
    out = capped(
        "r = rx.Robots(b'user-agent: a\\nallow: /b\\n' * 1_000_000)",
        "r.groups()",
        f"s = rx.Robots({SMALL!r}); print(len(s.groups()), s.groups()[0].rules[0].line)",
    )
    assert out == ["MemoryError", "1", "2"]


def test_listing_a_million_sitemaps_raises_memory_error():
    out = capped(
        "r = rx.Robots(b'sitemap: https://example.com/sitemap.xml\\n' * 1_000_000)",
        "r.sitemaps()",
        "print(rx.Robots(b'Sitemap: https://example.com/s.xml\\n').sitemaps() == "
        "['https://example.com/s.xml'])",
    )
    assert out == ["MemoryError", "True"]


def test_reporting_twenty_million_lines_raises_memory_error():
    # Eight bytes of report per line: 160 MB.
    out = capped(
        "rep = rx.RobotsParsingReporter(); body = b'\\n' * 20_000_000",
        "rx.parse_robots_txt(body, rep)",
        "rx.parse_robots_txt(b'User-agent: *\\nDisalow: /x\\n', rep)\n"
        "print(rep.valid_directives(), rep.last_line_seen(), "
        "[l.is_typo for l in rep.parse_results()])",
    )
    assert out == ["MemoryError", "2", "3", "[False,", "True,", "False]"]


def test_values_for_a_python_handler_raise_memory_error():
    # The handler keeps every value: 6,000 values of 16,000 bytes.
    out = capped(
        """
        class Keep(rx.RobotsParseHandler):
            def __init__(self):
                self.values = []
            def handle_allow(self, line, value):
                self.values.append((line, value))
        body = (b'allow: /' + b'a' * 16_000 + b'\\n') * 6_000
        """,
        "rx.parse_robots_txt(body, Keep())",
        "k = Keep(); rx.parse_robots_txt(b'allow: /x\\n', k); print(k.values == [(1, b'/x')])",
    )
    assert out == ["MemoryError", "True"]


def test_the_matcher_raises_memory_error_for_a_huge_url():
    out = capped(
        "m = rx.RobotsMatcher(); url = b'https://example.com?' + b'a' * 50_000_000",
        f"m.allowed_by_robots({SMALL!r}, ['Googlebot'], url)",
        f"print(m.allowed_by_robots({SMALL!r}, ['Googlebot'], 'https://example.com/x'), "
        "m.matching_line())",
    )
    assert out == ["MemoryError", "False", "2"]


def test_a_cache_entry_without_size_limit_raises_memory_error_for_a_huge_body():
    out = capped(
        "e = rx.CacheEntry(size_limit=None); body = b'#' * 100_000_000",
        "e.record(0.0, 200, body)",
        f"e.record(0.0, 200, {SMALL!r}); print(e.body == {SMALL!r}, e.decide(1.0))",
    )
    assert out == ["MemoryError", "True", "Decision.USE_RULES"]


def test_a_str_url_costs_one_encoding_not_a_second_copy():
    # The cap leaves room for Python's UTF-8 encoding of the URL (50 MB)
    # but not for a copy of it in Rust memory too.
    out = capped(
        f"r = rx.Robots({SMALL!r}); url = 'https://example.com/' + 'a' * 50_000_000",
        "print(r.allowed('Googlebot', url), r.check(['Googlebot'], url).allowed)",
        "",
        margin=75 * MB,
    )
    assert out == ["True", "True", "completed"]


def test_a_str_url_whose_path_needs_a_copy_raises_memory_error():
    # Room for the encoding but not for the path's copy on top of it.
    out = capped(
        "url = 'https://example.com?' + 'a' * 50_000_000",
        "rx.get_path_params_query(url)",
        "print(rx.get_path_params_query('https://example.com?a=1#f') == '/?a=1')",
        margin=75 * MB,
    )
    assert out == ["MemoryError", "True"]


PREFERENCES = b"User-agent: *\nDisallow: /x\nContent-Usage: train-ai=n\n"


def test_preferences_for_a_url_whose_path_needs_a_copy_raise_memory_error():
    # The verdict and the preferences both need the path, copied with a
    # '/' in front. `train-ai=n` is "disallowed" (draft-ietf-aipref-vocab).
    out = capped(
        f"r = rx.Robots({PREFERENCES!r}); url = b'https://example.com?' + b'a' * 50_000_000",
        "r.preferences('Googlebot', url)",
        "p = r.preferences('Googlebot', 'https://example.com/y'); "
        "print(p.allowed, p.usage['train-ai'].allowed, p.usage['train-ai'].line, "
        "r.preferences('Googlebot', 'https://example.com/x').usage)",
    )
    assert out == ["MemoryError", "True", "False", "3", "{}"]


def test_an_audit_of_many_paths_raises_memory_error():
    # A verdict per crawler and path: 200,000 paths for each of the
    # shipped crawlers.
    out = capped(
        "paths = ['/p'] * 200_000",
        f"rx.audit({SMALL!r}, paths)",
        f"a = rx.audit({SMALL!r}, ['/x'], crawlers=['Googlebot']).crawlers[0]; "
        "print(*[(p.path, p.allowed, p.line) for p in a.paths])",
    )
    assert out == ["MemoryError", "('/',", "True,", "0)", "('/x',", "False,", "2)"]


def test_reading_a_huge_crawler_list_raises_memory_error():
    # Two million crawlers, each a token and six empty fields: far more
    # than the text (14 MB), whose UTF-8 form fits under the cap.
    out = capped(
        "text = 'FooBot\\n' * 2_000_000",
        "rx.parse_crawler_list(text)",
        "c = rx.parse_crawler_list('FooBot ai-training\\n')[0]; print(c.token, c.category)",
    )
    assert out == ["MemoryError", "FooBot", "ai-training"]


def test_listing_long_preference_lines_raises_memory_error():
    # 10,000 lines, each with a path of 10,000 bytes: 100 MB of paths.
    out = capped(
        "r = rx.Robots(b'user-agent: a\\n' + "
        "(b'content-signal: /' + b'p' * 10_000 + b' search=yes\\n') * 10_000)",
        "r.groups()",
        f"s = rx.Robots({PREFERENCES!r}); "
        "print(*[(p.kind, p.line, p.values) for p in s.groups()[0].preference_lines])",
    )
    assert out == ["MemoryError", "('content-usage',", "3,", "{'train-ai':", "False})"]
