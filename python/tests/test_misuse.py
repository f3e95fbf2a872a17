"""Misuse from Python is an ordinary exception, never a Rust panic: the
objects that change on each call (``RobotsMatcher``,
``RobotsParsingReporter``, ``CacheEntry``) raise ``RuntimeError`` when a
second thread, or a callback of the call itself, uses one that is busy
(docs/PYTHON.md: use one per thread). A ``pyo3_runtime.PanicException`` is a
``BaseException``: ``except Exception`` would miss it, so every test here
catches ``BaseException`` and checks the type."""

from __future__ import annotations

import threading

import robotstxt_exact as rx

BIG = b"User-agent: *\nDisallow: /x\n" * 2_000_000


def meet(first, probe, second, attempts: int = 50) -> list[BaseException]:
    """Runs `first` in a thread; as soon as `probe` raises RuntimeError
    (the other thread is inside the native call), runs `second` here.
    Returns what `second` raised, over attempts until it met the first
    call at least once; `first` must never fail."""
    raised: list[BaseException] = []
    for _ in range(attempts):
        errors: list[BaseException] = []

        def run():
            try:
                first()
            except BaseException as e:  # noqa: BLE001 - the type is the point
                errors.append(e)

        t = threading.Thread(target=run)
        t.start()
        inside = False
        while t.is_alive() and not inside:
            try:
                probe()
            except RuntimeError:
                inside = True
        if inside:
            try:
                second()
            except BaseException as e:  # noqa: BLE001
                raised.append(e)
        t.join()
        assert not errors, f"the first call failed: {errors!r}"
        if raised:
            break
    return raised


def test_two_threads_parsing_into_one_reporter():
    rep = rx.RobotsParsingReporter()
    raised = meet(
        lambda: rx.parse_robots_txt(BIG, rep),
        rep.valid_directives,
        lambda: rx.parse_robots_txt(b"User-agent: *\n", rep),
    )
    assert raised, "the second parse never met the first one"
    assert [type(e) for e in raised] == [RuntimeError], raised
    # The reporter is whole afterwards: the first parse's report, then a new one.
    assert rep.valid_directives() == 4_000_000
    rx.parse_robots_txt(b"User-agent: *\nDisalow: /x\n", rep)
    assert rep.valid_directives() == 2


def test_two_threads_on_one_matcher():
    m = rx.RobotsMatcher()
    raised = meet(
        lambda: m.allowed_by_robots(BIG, ["Googlebot"], "https://example.com/x"),
        m.matching_line,
        lambda: m.allowed_by_robots(b"", ["Googlebot"], "https://example.com/x"),
    )
    assert raised, "the second query never met the first one"
    assert [type(e) for e in raised] == [RuntimeError], raised
    # The first query's answer stands: of equal matches the first line
    # decides (Google's Match::Set only on a higher priority).
    assert m.matching_line() == 2
    assert m.disallow()


def test_a_matcher_used_by_its_own_agent_iterator():
    m = rx.RobotsMatcher()

    def agents():
        yield "Googlebot"
        m.matching_line()  # the matcher is busy with this very call

    try:
        m.allowed_by_robots(b"User-agent: *\nDisallow: /x\n", agents(), "https://example.com/x")
        raised = None
    except BaseException as e:  # noqa: BLE001
        raised = e
    assert type(raised) is RuntimeError, raised
    assert m.allowed_by_robots(b"User-agent: *\nDisallow: /x\n", "Googlebot", "https://example.com/y")


def test_a_cache_entry_used_by_its_own_outcome():
    entry = rx.CacheEntry()

    class Status:
        def __index__(self):
            entry.decide(0.0)  # the entry is busy recording
            return 200

    try:
        entry.record(0.0, Status(), b"User-agent: *\nDisallow: /\n")
        raised = None
    except BaseException as e:  # noqa: BLE001
        raised = e
    assert type(raised) is RuntimeError, raised
    # Nothing was recorded: with no result yet the entry needs a fetch.
    assert entry.needs_fetch(0.0)
    entry.record(0.0, 200, b"User-agent: *\nDisallow: /\n")
    assert entry.decide(1.0) == rx.Decision.USE_RULES


def test_a_handler_that_parses_into_a_reporter_from_its_callback():
    # A Python handler's callback may use the binding freely: nothing of
    # the outer parse is held while it runs.
    rep = rx.RobotsParsingReporter()
    seen = []

    class Nested(rx.RobotsParseHandler):
        def handle_allow(self, line, value):
            rx.parse_robots_txt(b"User-agent: *\nAllow: /a\nAllow: /b\n", rep)
            seen.append((line, value, rep.valid_directives()))

    rx.parse_robots_txt(b"allow: /x\nallow: /y\n", Nested())
    assert seen == [(1, b"/x", 3), (2, b"/y", 3)]
