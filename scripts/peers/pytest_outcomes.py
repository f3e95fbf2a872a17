"""A pytest plugin that writes each test's outcome, one line per test.

Loaded by scripts/test-peers.sh (``-p pytest_outcomes``) into a peer's own
test suite, run against a drop-in adapter. A test is ``failed`` when any of
its reports failed (setup, call, teardown or a subtest), ``skipped`` when it
was skipped and nothing failed, ``passed`` otherwise. The file is
``$PEER_OUTCOMES``: ``<node id>\t<outcome>`` lines, for compare.py.
"""

from __future__ import annotations

import os

_outcomes: dict[str, str] = {}
_RANK = {"passed": 0, "skipped": 1, "failed": 2}


def pytest_runtest_logreport(report) -> None:
    if report.failed:
        outcome = "failed"
    elif report.skipped:
        outcome = "skipped"
    else:
        outcome = "passed"
    seen = _outcomes.get(report.nodeid, "passed")
    _outcomes[report.nodeid] = max(seen, outcome, key=_RANK.__getitem__)


def pytest_sessionfinish(session, exitstatus) -> None:
    with open(os.environ["PEER_OUTCOMES"], "w", encoding="utf-8") as out:
        for nodeid, outcome in _outcomes.items():
            out.write(f"{nodeid}\t{outcome}\n")
