"""The Spark recipe on a local SparkSession (local[2]), with ANSI mode on
(Spark 4's default) and off: every corpus URL gets its host from
``with_host`` and a verdict from ``check_urls``, and the verdicts and
deciding lines equal the Rust core's answers."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

pyspark = pytest.importorskip("pyspark")
# Installed with PySpark by the `spark` extra, which the test command uses:
# without them the recipe fails, so the tests must too.
import pandas as pd  # noqa: E402
import pyarrow  # noqa: E402, F401

from robotstxt_exact import robots_txt_url  # noqa: E402
from robotstxt_exact.spark import check_urls, with_host  # noqa: E402


def test_the_spark_extra_installs_what_the_recipe_imports():
    from importlib.metadata import requires

    extra = {
        re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower()
        for r in requires("robotstxt-exact") or []
        if re.search(r"""extra\s*==\s*["']spark["']""", r)
    }
    # pyspark.sql's mapInArrow imports pyarrow, and pandas on PySpark 4.
    assert {"pyspark", "pyarrow", "pandas"} <= extra


@pytest.fixture(params=["true", "false"], ids=["ansi-on", "ansi-off"])
def ansi(spark, request):
    """ANSI mode on (the default since Spark 4, where ``parse_url`` raises on
    URLs it cannot read) and off (the default of Spark 3)."""
    spark.conf.set("spark.sql.ansi.enabled", request.param)
    yield request.param == "true"
    spark.conf.unset("spark.sql.ansi.enabled")


def test_every_corpus_url_gets_its_host_and_the_rust_verdict(spark, ansi, bodies, queries, rust_answers):
    from pyspark.sql import functions as F

    picked = [(q, a) for q, a in zip(queries, rust_answers) if q.agents == ("Googlebot",)]
    # Every URL of the corpus with a robots.txt, once.
    assert len(picked) > 100_000
    urls = spark.createDataFrame(pd.DataFrame({
        "id": range(len(picked)),
        "url": [q.url.decode("utf-8", "surrogateescape") for q, _ in picked],
    }))
    if not ansi:
        # What the host column once came from: parse_url finds no host in
        # some corpus URLs (and raises on them under ANSI), so this test
        # covers the URLs that broke it.
        unread = urls.where(F.expr("parse_url(url, 'HOST')").isNull()).count()
        assert unread > 0
    sites = sorted({q.site for q, _ in picked})
    robots = spark.createDataFrame(pd.DataFrame({
        "host": sites,
        "body": [bodies[s] for s in sites],
    }))
    out = check_urls(with_host(urls), robots, "Googlebot", num_partitions=4)
    assert out.columns == ["id", "url", "host", "allowed", "matching_line", "reason"]
    rows = out.select("id", "host", "allowed", "matching_line", "reason").toPandas()
    assert len(rows) == len(picked)
    rows = rows.sort_values("id")
    diffs = []
    for (q, want), host, got_allowed, got_line, reason in zip(
        picked, rows["host"], rows["allowed"], rows["matching_line"], rows["reason"]
    ):
        # links/<site> holds URLs seen on <site>: each URL's host is its site.
        if host != q.site:
            diffs.append((q, "host", host))
        elif got_allowed is None or pd.isna(got_allowed):
            diffs.append((q, "no verdict", reason))
        elif (bool(got_allowed), int(got_line)) != (want.allowed, want.matching_line):
            diffs.append((q, got_allowed, got_line, want))
        elif want.matching_line == 0 and reason != "no rule matched":
            diffs.append((q, reason))
        elif want.matching_line and not reason.startswith(f"line {want.matching_line}: "):
            diffs.append((q, reason))
    assert not diffs, f"{len(diffs)} differences, first: {diffs[:5]}"


def test_corpus_urls_are_on_the_hosts_a_crawler_fetches_their_robots_txt_from(links):
    # The site each corpus URL was seen on, which the test above expects of
    # with_host, is also the host of the robots.txt a crawler fetches for it
    # (robots_txt_url: WHATWG parsing in the Rust core).
    wrong = [
        (site, url)
        for site, urls in links.items()
        for url in urls
        if urlsplit(robots_txt_url(url.decode())).hostname != site
    ]
    assert not wrong, f"{len(wrong)} URLs elsewhere, first: {wrong[:5]}"


# Each URL and the host Google's matcher reads in it (GetPathParamsQuery:
# the authority ends at the first '/', '?' or ';'; '#' ends the URL; a
# "//" start and a "scheme://" are skipped), without user info and port.
HOSTS = [
    ("https://Example.COM/x", "example.com"),
    ("http://user:pw@example.com:8080/x", "example.com"),
    ("http://a@b@example.com/x", "example.com"),
    ("//example.com/x", "example.com"),
    ("example.com/x", "example.com"),
    ("example.com", "example.com"),
    ("https://a.example/p|q", "a.example"),
    ("https://a.example/a b^c{d}", "a.example"),
    ("https://a.example/%zz", "a.example"),
    ("https://a.example?q=1", "a.example"),
    ("https://a.example;p", "a.example"),
    ("https://a.example#frag", "a.example"),
    ("https://a.example:/x", "a.example"),
    ("http://[2001:db8::1]:8080/x", "[2001:db8::1]"),
    ("http://[2001:db8::1]/x", "[2001:db8::1]"),
    ("/relative/path", None),
    ("?q", None),
    ("", None),
    (None, None),
]


def test_with_host_reads_the_host_as_google_does(spark, ansi):
    from pyspark.sql import types as T

    schema = T.StructType([T.StructField("id", T.IntegerType()), T.StructField("url", T.StringType())])
    urls = spark.createDataFrame([(i, u) for i, (u, _) in enumerate(HOSTS)], schema)
    got = {r["id"]: r["host"] for r in with_host(urls).collect()}
    assert [(u, got[i]) for i, (u, _) in enumerate(HOSTS)] == HOSTS


def test_spark_status_policy_and_missing_hosts(spark):
    urls = with_host(spark.createDataFrame(pd.DataFrame({"url": [
        "https://ok.example/private/x",
        "https://ok.example/public",
        "https://Gone.example/anything",
        "https://down.example/anything",
        "https://busy.example/anything",
        "https://unknown.example/anything",
    ]})))
    robots = spark.createDataFrame(pd.DataFrame({
        "host": ["ok.example", "gone.example", "down.example", "busy.example"],
        "body": [b"User-agent: *\nDisallow: /private\n", b"", b"", b""],
        "status": [200, 404, 503, 429],
    }))
    got = {
        r["url"]: (r["allowed"], r["matching_line"], r["reason"])
        for r in check_urls(urls, robots, ["FooBot"], status_col="status").collect()
    }
    # Google's policy: 404 allows all, 503 and 429 disallow all; no row for a
    # host gives no verdict.
    assert got == {
        "https://ok.example/private/x": (False, 2, "line 2: disallow /private"),
        "https://ok.example/public": (True, 0, "no rule matched"),
        "https://Gone.example/anything": (True, 0, "robots.txt status 404: allow all"),
        "https://down.example/anything": (False, 0, "robots.txt status 503: disallow all"),
        "https://busy.example/anything": (False, 0, "robots.txt status 429: disallow all"),
        "https://unknown.example/anything": (None, 0, "no robots.txt for host"),
    }


def test_guide_spark_example(spark):
    from test_readme import GUIDE, python_blocks

    [block] = [b for b in python_blocks(GUIDE) if "robotstxt_exact.spark" in b]
    urls_df = spark.createDataFrame(pd.DataFrame({"url": ["https://a.example/x", "https://a.example/y"]}))
    robots_df = spark.createDataFrame(pd.DataFrame({
        "host": ["a.example"], "body": [b"User-agent: *\nDisallow: /x\n"], "status": [200],
    }))
    scope = {"urls_df": urls_df, "robots_df": robots_df}
    exec(compile(block, "docs/PYTHON.md", "exec"), scope)
    got = sorted((r["url"], r["allowed"]) for r in scope["checked"].collect())
    assert got == [("https://a.example/x", False), ("https://a.example/y", True)]
