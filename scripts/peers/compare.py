"""Compares a peer suite's outcomes with the failures it is expected to have.

    python3 compare.py SUITE OUTCOMES EXPECTED DOC

SUITE names the suite in EXPECTED (scripts/peers/expected.tsv: ``suite``,
``test``, ``kind`` columns, ``#`` comments). OUTCOMES is what the run left:
mocha's JSON reporter output (``*.json``) or pytest_outcomes.py's lines.
Every test expected to fail must fail, and every other test must pass (or
be skipped by the suite itself): a new failure, a newly passing test and a
listed test that did not run are all errors, so that a change on either
side is noticed. DOC is the adapter's documentation, whose table of
differences must name every expected failure. Prints one line of counts
(and the errors); exits 1 on an error.
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

KINDS = {
    "google": "Google's reading",
    "gap": "an API the peer's users do not call",
    "addition": "an addition of the adapter",
    "private": "a private attribute of the peer",
}


def outcomes_of(path: Path) -> dict[str, str]:
    """test -> passed, failed or skipped."""
    if path.suffix == ".json":
        report = json.loads(path.read_text(encoding="utf-8"))
        out = {test["fullTitle"]: "failed" if test.get("err") else "passed" for test in report["tests"]}
        for test in report.get("pending", []):
            out[test["fullTitle"]] = "skipped"
        return out
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        test, outcome = line.rsplit("\t", 1)
        out[test] = outcome
    return out


def expected_of(path: Path, suite: str) -> dict[str, str]:
    """test -> kind, for the suite."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, test, kind = line.split("\t")
        if kind not in KINDS:
            raise SystemExit(f"compare: unknown kind {kind!r} in {path}: {line}")
        if name == suite:
            out[test] = kind
    return out


def main(suite: str, outcomes_path: str, expected_path: str, doc_path: str) -> int:
    outcomes = outcomes_of(Path(outcomes_path))
    expected = expected_of(Path(expected_path), suite)
    doc = Path(doc_path).read_text(encoding="utf-8")
    errors = []
    for test, outcome in sorted(outcomes.items()):
        if outcome == "failed" and test not in expected:
            errors.append(f"NEW FAILURE: {test}")
        elif outcome == "passed" and test in expected:
            errors.append(f"NOW PASSES (take it off {expected_path} and {doc_path}): {test}")
    for test in sorted(expected):
        if test not in outcomes:
            errors.append(f"LISTED BUT NOT RUN: {test}")
        if f"`{test}`" not in doc:
            errors.append(f"NOT IN THE TABLE OF {doc_path}: {test}")
    counts = collections.Counter(outcomes.values())
    kinds = collections.Counter(kind for test, kind in expected.items() if outcomes.get(test) == "failed")
    listed = ", ".join(f"{n} {KINDS[k]}" for k, n in sorted(kinds.items()))
    print(
        f"{suite}: {len(outcomes)} tests, {counts['passed']} passed, {counts['failed']} failed"
        + (f" ({listed})" if listed else "")
        + (f", {counts['skipped']} skipped by the suite" if counts["skipped"] else "")
    )
    for error in errors:
        print(f"  {error}")
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    sys.exit(main(*sys.argv[1:]))
