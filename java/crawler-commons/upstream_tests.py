#!/usr/bin/env python3
"""Runs crawler-commons' own robots.txt tests against the adapter.

    upstream_tests.py CRAWLER_COMMONS_SRC CRAWLER_COMMONS_JAR ROBOTSTXT_JAR ADAPTER_JAR WORK

takes GoogleRobotsTxtTest and SimpleRobotRulesParserTest from a checkout of
crawler-commons (never part of this repository), points them at
ExactRobotRulesParser instead of SimpleRobotRulesParser, compiles them and
runs them with JUnit 5's console launcher, and compares each test's outcome
with upstream-differences.tsv beside this file: a test listed there must fail
(its line says why Google reads that file otherwise), any other must pass.

The rewrite, stated so a reader can judge what ran:
- the identifiers SimpleRobotRulesParser and SimpleRobotRules become
  ExactRobotRulesParser and ExactRobotRules (the tests' helpers make every
  parser, so every test runs the adapter);
- `setExactUserAgentMatching(...)` calls are dropped: the adapter always
  matches names as Google does (the product token, case-insensitively);
- a test method that does not compile against the adapter uses
  SimpleRobotRules' own API (its rule list, warning counts, extensions, the
  maximum crawl delay): it is left out, and listed with javac's reason.

Exit status 0 when every outcome is as upstream-differences.tsv says.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = ("GoogleRobotsTxtTest", "SimpleRobotRulesParserTest")
PACKAGE = Path("crawlercommons/robots")
JUNIT = Path("/usr/share/java/junit-platform-console-standalone.jar")


def rewrite(source: str) -> str:
    source = re.sub(r"\bSimpleRobotRulesParser\b", "ExactRobotRulesParser", source)
    source = re.sub(r"\bSimpleRobotRules\b", "ExactRobotRules", source)
    source = re.sub(r"^\s*\w+\.setExactUserAgentMatching\([^;]*\);\s*$\n", "", source, flags=re.M)
    imports = (
        "import robotstxt.exact.crawlercommons.ExactRobotRulesParser;\n"
        "import robotstxt.exact.crawlercommons.ExactRobotRules;\n"
    )
    return re.sub(r"^(package [^;]+;\n)", r"\1" + imports, source, count=1, flags=re.M)


def code_mask(source: str) -> str:
    """The source with string, char literals and comments blanked out, so
    braces can be counted (same length, line ends kept)."""
    out = list(source)
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        two = source[i : i + 2]
        if two == "//":
            j = source.find("\n", i)
            j = n if j < 0 else j
        elif two == "/*":
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


def members(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of each method of the top-level class,
    1-based; the first line includes its javadoc and annotations."""
    lines = code_mask(source).split("\n")
    depth = 0
    spans = []
    start = None
    pending = None
    for number, line in enumerate(lines, 1):
        if depth == 1 and start is None and line.strip():
            start = pending or number
        if depth == 1 and line.strip().startswith("@") and pending is None:
            pending = number
        for ch in line:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 1 and start is not None:
                    header = " ".join(lines[start - 1 : number])
                    m = re.search(r"(\w+)\s*\(", header)
                    spans.append((start, number, m.group(1) if m else "?"))
                    start = pending = None
        if depth == 1 and start is not None and line.rstrip().endswith(";"):
            start = pending = None  # a field
    # Javadoc above a member: take it along.
    raw = source.split("\n")
    out = []
    for first, last, name in spans:
        while first > 1 and raw[first - 2].strip().startswith(("*", "/**", "@")):
            first -= 1
        out.append((first, last, name))
    return out


def compile_pruned(files: dict[str, Path], classpath: str, classes: Path) -> list[tuple[str, str, str]]:
    """Compiles the test files, leaving out each test method javac rejects;
    returns (class, method, javac's message) for each left out."""
    left_out = []
    for _ in range(50):
        run = subprocess.run(
            ["javac", "--release", "11", "-nowarn", "-encoding", "UTF-8", "-cp", classpath,
             "-d", str(classes), *map(str, files.values())],
            capture_output=True, text=True,
        )
        if run.returncode == 0:
            return left_out
        text = run.stdout + run.stderr
        errors = []
        for m in re.finditer(r"^(.*?\.java):(\d+): error: (.*)$", text, re.M):
            # javac names the missing symbol a few lines below.
            symbol = re.search(r"^\s*symbol:\s*(.*)$", text[m.end():m.end() + 400], re.M)
            message = m.group(3) + (f" ({symbol.group(1).strip()})" if symbol else "")
            errors.append((m.group(1), m.group(2), message))
        if not errors:
            sys.exit(f"javac failed without a located error:\n{run.stderr}")
        pruned = False
        for path, line, message in errors:
            path = Path(path)
            source = path.read_text(encoding="utf-8")
            for first, last, name in members(source):
                if first <= int(line) <= last:
                    body = source.split("\n")
                    if not any("@Test" in l or "@ParameterizedTest" in l for l in body[first - 1 : last]):
                        sys.exit(f"{path.name}:{line}: a helper does not compile: {message}")
                    del body[first - 1 : last]
                    path.write_text("\n".join(body), encoding="utf-8")
                    left_out.append((path.stem, name, message))
                    pruned = True
                    break
            if pruned:
                break  # line numbers moved: compile again
        if not pruned:
            sys.exit(f"javac error outside any method:\n{run.stderr}")
    sys.exit("too many rounds of pruning")


def main() -> int:
    src, cc_jar, robots_jar, adapter_jar, work = map(Path, sys.argv[1:6])
    expected = {}
    for line in (HERE / "upstream-differences.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, why = line.split("\t", 1)
            expected[name] = why
    shutil.rmtree(work, ignore_errors=True)
    test_src = work / "src" / PACKAGE
    test_src.mkdir(parents=True)
    files = {}
    for name in TESTS:
        original = src / "src/test/java" / PACKAGE / f"{name}.java"
        target = test_src / f"{name}.java"
        target.write_text(rewrite(original.read_text(encoding="utf-8")), encoding="utf-8")
        files[name] = target
    classes = work / "classes"
    classes.mkdir()
    resources = src / "src/test/resources"
    if resources.is_dir():
        shutil.copytree(resources, classes, dirs_exist_ok=True)
    classpath = ":".join(
        str(p) for p in (JUNIT, cc_jar, robots_jar, adapter_jar,
                         Path("/usr/share/java/slf4j-api.jar"), Path("/usr/share/java/commons-io.jar"))
    )
    left_out = compile_pruned(files, classpath, classes)
    reports = work / "reports"
    subprocess.run(
        ["java", "-cp", f"{classpath}:{classes}", "org.junit.platform.console.ConsoleLauncher",
         "--disable-banner", "--details=none", "--reports-dir", str(reports),
         *[f"--select-class=crawlercommons.robots.{n}" for n in TESTS]],
        check=False,
    )
    outcomes = {}
    for report in reports.glob("*.xml"):
        for case in ET.parse(report).getroot().iter("testcase"):
            cls = case.get("classname", "").rsplit(".", 1)[-1]
            name = re.sub(r"\(.*", "", case.get("name", ""))
            key = f"{cls}.{name}"
            failed = case.find("failure") is not None or case.find("error") is not None
            skipped = case.find("skipped") is not None
            state = "failed" if failed else "skipped" if skipped else "passed"
            # A parameterized test is one row per invocation: failed if any is.
            if outcomes.get(key) != "failed":
                outcomes[key] = state
    passed = sorted(k for k, v in outcomes.items() if v == "passed")
    failed = sorted(k for k, v in outcomes.items() if v == "failed")
    print(f"\ncrawler-commons' tests against the adapter ({src}):")
    for name in TESTS:
        p = sum(1 for k in passed if k.startswith(name + "."))
        f = sum(1 for k in failed if k.startswith(name + "."))
        o = sum(1 for c, _, _ in left_out if c == name)
        print(f"  {name}: {p} passed, {f} failed (each listed below), {o} left out (SimpleRobotRules' own API)")
    for c, m, why in left_out:
        print(f"  left out {c}.{m}: {why}")
    bad = 0
    for key in failed:
        if key in expected:
            print(f"  differs as expected {key}: {expected[key]}")
        else:
            print(f"  UNEXPECTED FAILURE {key}")
            bad += 1
    for key in sorted(expected):
        if outcomes.get(key) == "passed":
            print(f"  UNEXPECTED PASS {key} (listed in upstream-differences.tsv)")
            bad += 1
        elif key not in outcomes and not any(f"{c}.{m}" == key for c, m, _ in left_out):
            print(f"  NOT RUN {key} (listed in upstream-differences.tsv)")
            bad += 1
    print(f"crawler-commons' tests against the adapter: {len(passed)} pass; {len(failed)} fail,"
          f" {len(failed) - bad} of them as upstream-differences.tsv expects (Google reads the file otherwise)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
