"""Shared fixtures: the corpus, its queries, and the Rust core's answers.

The corpus is ``../shared/corpus`` next to the repository (or
``$ROBOTSTXT_CORPUS``): 1,613 real robots.txt files and the URLs seen on
those sites, collected for a public parser benchmark
(github.com/anubhavp28/robotstxt-parser-benchmark). Without it the corpus
tests are skipped with a loud message, each skip is appended to
``$ROBOTSTXT_SKIP_LOG`` when that names a file (``scripts/test-all.sh``
counts them in its closing line), and ``ROBOTSTXT_REQUIRE_CORPUS=1`` turns
the skips into failures. The Rust answers come from
``examples/corpus_answers.rs`` of the core crate, built and run with cargo
when the tests start.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("ROBOTSTXT_CORPUS", REPO.parent / "shared" / "corpus"))

#: The agent lists every corpus URL is checked for.
AGENT_SETS = (("Googlebot",), ("Bingbot",), ("Googlebot-Image", "Googlebot"))


@dataclass(frozen=True)
class Query:
    site: str
    agents: tuple[str, ...]
    url: bytes


@dataclass(frozen=True)
class RustAnswer:
    allowed: bool
    matching_line: int
    ever_seen_specific_agent: bool
    disallow_ignore_global: bool


#: What every corpus skip's reason starts with; the report hook below finds
#: the skips by it.
NO_CORPUS = "no corpus at"


def corpus_or_skip() -> Path:
    if not (CORPUS / "robotfiles").is_dir():
        msg = f"{NO_CORPUS} {CORPUS} (see the README, \"The corpus\")"
        if os.environ.get("ROBOTSTXT_REQUIRE_CORPUS") == "1":
            pytest.fail(f"{msg}, and ROBOTSTXT_REQUIRE_CORPUS=1 requires it")
        print(f"\n*** SKIPPED: {msg} ***", file=sys.stderr)
        pytest.skip(msg)
    return CORPUS


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Appends each test skipped for want of the corpus to
    ``$ROBOTSTXT_SKIP_LOG``: a session-scoped fixture skips once, then every
    test that uses it is skipped from the cache, and each must be counted."""
    log = os.environ.get("ROBOTSTXT_SKIP_LOG")
    if not log or not report.skipped or not isinstance(report.longrepr, tuple):
        return
    reason = str(report.longrepr[2]).removeprefix("Skipped: ")
    if reason.startswith(NO_CORPUS):
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"python\t{report.nodeid}\t{reason}\n")


def robot_files() -> dict[str, bytes]:
    corpus = corpus_or_skip()
    return {p.name: p.read_bytes() for p in sorted((corpus / "robotfiles").iterdir())}


def corpus_links() -> dict[str, list[bytes]]:
    """The URLs of each site that has a robots.txt, in file order."""
    corpus = corpus_or_skip()
    files = robot_files()
    links = {}
    for p in sorted((corpus / "links").iterdir()):
        if p.name in files:
            urls = [u.rstrip(b"\r") for u in p.read_bytes().split(b"\n")]
            links[p.name] = [u for u in urls if u and b"\t" not in u]
    return links


@pytest.fixture(scope="session")
def bodies() -> dict[str, bytes]:
    return robot_files()


@pytest.fixture(scope="session")
def links() -> dict[str, list[bytes]]:
    return corpus_links()


@pytest.fixture(scope="session")
def queries(links) -> list[Query]:
    return [
        Query(site, agents, url)
        for site, urls in links.items()
        for url in urls
        for agents in AGENT_SETS
    ]


def rust_answers_for(queries: list[Query]) -> list[RustAnswer]:
    """Google's answers from the Rust core's RobotsMatcher, by a Rust program."""
    cargo = os.environ.get("CARGO") or shutil.which("cargo")
    if cargo is None:
        pytest.fail("cargo not found: the differential tests need the Rust toolchain")
    build = subprocess.run(
        [cargo, "build", "--quiet", "--example", "corpus_answers",
         "--manifest-path", str(REPO / "Cargo.toml"), "--message-format", "json"],
        check=True, capture_output=True, text=True,
    )
    exe = None
    import json

    for line in build.stdout.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == "corpus_answers":
            exe = msg.get("executable")
    assert exe, "cargo built no corpus_answers executable"
    stdin = b"".join(
        q.site.encode() + b"\t" + ",".join(q.agents).encode() + b"\t" + q.url + b"\n"
        for q in queries
    )
    run = subprocess.run([exe, str(CORPUS / "robotfiles")], input=stdin,
                         check=True, capture_output=True)
    answers = []
    for line in run.stdout.decode().splitlines():
        a, line_no, seen, dig = line.split()
        answers.append(RustAnswer(a == "1", int(line_no), seen == "1", dig == "1"))
    assert len(answers) == len(queries)
    return answers


@pytest.fixture(scope="session")
def rust_answers(queries) -> list[RustAnswer]:
    return rust_answers_for(queries)


@pytest.fixture(scope="session")
def spark():
    """One local SparkSession (local[2]) for every Spark test: starting one
    takes seconds."""
    pytest.importorskip("pyspark")
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("robotstxt-exact-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def pytest_terminal_summary(terminalreporter) -> None:
    """The count of shared cases run (test_spec.py), as every runner of
    spec/cases/ prints it."""
    from test_spec import COUNTS

    if COUNTS["cases"]:
        terminalreporter.write_line(
            f"spec: {COUNTS['checks']} checks in {COUNTS['cases']} cases through the Python API"
        )
