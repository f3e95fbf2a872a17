"""The Spark recipe on a local SparkSession (local[2]): 100,000 corpus URLs
joined with the corpus robots.txt files by host; the verdicts and deciding
lines equal the Rust core's answers."""

from __future__ import annotations

import os
import sys

import pytest

pyspark = pytest.importorskip("pyspark")
pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from robotstxt_exact.spark import check_urls, with_host  # noqa: E402

N_URLS = 100_000


@pytest.fixture(scope="module")
def spark():
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


def test_spark_verdicts_equal_rust(spark, bodies, queries, rust_answers):
    picked = [(q, a) for q, a in zip(queries, rust_answers) if q.agents == ("Googlebot",)]
    picked = picked[:N_URLS]
    assert len(picked) == N_URLS
    urls = spark.createDataFrame(pd.DataFrame({
        "id": range(N_URLS),
        "url": [q.url.decode("utf-8", "surrogateescape") for q, _ in picked],
        "host": [q.site for q, _ in picked],
    }))
    sites = sorted({q.site for q, _ in picked})
    robots = spark.createDataFrame(pd.DataFrame({
        "host": sites,
        "body": [bodies[s] for s in sites],
    }))
    out = check_urls(urls, robots, "Googlebot", num_partitions=4)
    assert out.columns == ["id", "url", "host", "allowed", "matching_line", "reason"]
    rows = out.select("id", "allowed", "matching_line", "reason").toPandas()
    assert len(rows) == N_URLS
    rows = rows.sort_values("id")
    diffs = []
    for (q, want), got_allowed, got_line, reason in zip(
        picked, rows["allowed"], rows["matching_line"], rows["reason"]
    ):
        if (bool(got_allowed), int(got_line)) != (want.allowed, want.matching_line):
            diffs.append((q, got_allowed, got_line, want))
        elif want.matching_line == 0 and reason != "no rule matched":
            diffs.append((q, reason))
        elif want.matching_line and not reason.startswith(f"line {want.matching_line}: "):
            diffs.append((q, reason))
    assert not diffs, f"{len(diffs)} differences, first: {diffs[:5]}"


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


def test_readme_spark_example(spark):
    from test_readme import python_blocks

    [block] = [b for b in python_blocks() if "robotstxt_exact.spark" in b]
    urls_df = spark.createDataFrame(pd.DataFrame({"url": ["https://a.example/x", "https://a.example/y"]}))
    robots_df = spark.createDataFrame(pd.DataFrame({
        "host": ["a.example"], "body": [b"User-agent: *\nDisallow: /x\n"], "status": [200],
    }))
    scope = {"urls_df": urls_df, "robots_df": robots_df}
    exec(compile(block, "README.md", "exec"), scope)
    got = sorted((r["url"], r["allowed"]) for r in scope["checked"].collect())
    assert got == [("https://a.example/x", False), ("https://a.example/y", True)]
