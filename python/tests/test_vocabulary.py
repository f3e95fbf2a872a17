"""The Python API's enums and names are those of ``spec/vocabulary.json``,
and so are the type stubs (``_native.pyi``) that declare them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import robotstxt_exact as rx

REPO = Path(__file__).resolve().parents[2]
VOCABULARY = json.loads((REPO / "spec" / "vocabulary.json").read_text(encoding="utf-8"))
STUBS = (REPO / "python" / "python" / "robotstxt_exact" / "_native.pyi").read_text(encoding="utf-8")


def values(which):
    return [(v["name"], v["code"]) for v in VOCABULARY["enums"][which]["values"]]


def member(name: str) -> str:
    """A vocabulary name as a Python enum member: upper snake case."""
    return name.upper().replace("-", "_")


@pytest.mark.parametrize(
    "which, cls",
    [("policy", rx.Policy), ("access", rx.Access), ("decision", rx.Decision), ("tag-name", rx.RobotsTagName)],
)
def test_enum_members_and_their_ints(which, cls):
    expected = [(member(name), code) for name, code in values(which)]
    got = [(name, int(getattr(cls, name))) for name, _ in expected]
    assert got == expected
    # The stubs declare the same members, in order.
    body = re.search(rf"class {cls.__name__}:\n((?:    .*\n)+)", STUBS)
    assert body, f"{cls.__name__} is not in _native.pyi"
    declared = re.findall(rf"^    ([A-Z0-9_]+): {cls.__name__}$", body.group(1), re.M)
    assert declared == [m for m, _ in expected]


def test_fetch_outcomes_by_name_and_by_the_older_spelling():
    google = rx.Policy.GOOGLE
    named = [v for v in VOCABULARY["enums"]["fetch-outcome"]["values"] if v["name"] != "status"]
    assert [v["name"] for v in named] == ["network-error", "timeout", "too-many-redirects"]
    for v in named:
        also = v.get("also_accepted", {}).get("python", [])
        for spelling in [v["name"], *also]:
            # Each is read as that outcome: all three are failures to fetch
            # that the two policies read alike, so compare with the name's.
            assert google.classify(spelling) == google.classify(v["name"]), spelling
            assert f'"{spelling}"' in STUBS, f"{spelling} is not in the stubs' _Outcome"
    with pytest.raises(ValueError, match="network-error"):
        google.classify("status")


def test_limits():
    limits = {name: v["value"] for name, v in VOCABULARY["limits"].items()}
    assert len(rx.truncate_body(b"x" * (limits["max-robots-txt-bytes"] + 1))) == limits["max-robots-txt-bytes"]
    assert rx.should_follow_redirect(limits["max-redirect-hops"] - 1)
    assert not rx.should_follow_redirect(limits["max-redirect-hops"])
