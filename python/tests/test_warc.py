"""robotstxt_exact.warc and the Spark recipe's warc_verdicts, on WARC files
the tests make: robots.txt captures answering 200, a redirect chain, 404,
429, 500 and 503, a truncated and a duplicate capture, records of other
types mixed in, plain and as a gzip member per record.

Every row is checked against the core's answer for the same body and
status (``Robots.check``, ``Policy.decide``), computed here without the
archive reader; local Spark gives the same table as the Python reading."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from robotstxt_exact import Decision, Policy, Robots
from robotstxt_exact import warc

# www.poetryfoundation.org's robots.txt, from the corpus: CCBot blocked.
POETRY = (
    "User-agent: *\nDisallow: /craft/\nDisallow: /poetrymagazine/index/\n\n"
    "User-agent: CCBot\nDisallow: /\n"
)
SIGNALS = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n"
D1, D2 = "2024-05-01T00:00:00Z", "2024-06-01T00:00:00Z"
AGENTS = ["Googlebot", "CCBot", "GPTBot"]
PATHS = ["/", "/craft/x"]


def record(kind: str, uri: str, date: str, block: bytes, extra: str = "") -> bytes:
    head = (
        f"WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nWARC-Date: {date}\r\n{extra}"
        f"Content-Length: {len(block)}\r\n\r\n"
    )
    return head.encode() + block + b"\r\n\r\n"


def response(uri: str, date: str, head: str, body: str, extra: str = "") -> bytes:
    block = f"{head}\r\nContent-Length: {len(body)}\r\n\r\n{body}".encode()
    return record("response", uri, date, block, extra)


OK = "HTTP/1.1 200 OK\r\nContent-Type: text/plain"

# (url, date, status, body of the response that decides, hops); None: no
# rows (not a robots.txt URL).
CAPTURES = [
    ("http://poetry.example/robots.txt", D1, 200, POETRY, 0),
    ("https://signals.example/robots.txt", D1, 200, SIGNALS, 0),
    ("https://gone.example/robots.txt", D1, 404, "", 0),
    ("https://busy.example/robots.txt", D1, 429, "", 0),
    ("https://broken.example/robots.txt", D1, 500, "", 0),
    ("https://down.example/robots.txt", D1, 503, "", 0),
    ("http://hop.example/robots.txt", D1, 200, SIGNALS, 2),
    ("http://hop2.example/robots.txt", D1, 200, SIGNALS, 1),
    ("https://hop3.example/robots.txt", D1, 200, SIGNALS, 0),
    ("https://cut.example/robots.txt", D1, 200, POETRY[: POETRY.index("/craft/") + 4], 0),
    ("http://poetry.example/robots.txt", D2, 200, "User-agent: *\nDisallow: /\n", 0),
]


def archive() -> list[bytes]:
    records = [record("warcinfo", "", D1, b"software: test\r\n")]
    statuses = {404: "Not Found", 429: "Too Many Requests", 500: "Error", 503: "Unavailable"}
    for url, date, status, body, _ in CAPTURES:
        if "hop" in url or "cut" in url:
            continue
        if status == 200:
            records.append(record("request", url, date, b"GET /robots.txt HTTP/1.1\r\n\r\n"))
            records.append(response(url, date, OK, body))
        else:
            records.append(response(url, date, f"HTTP/1.1 {status} {statuses[status]}", body))
        if url.startswith("http://poetry") and date == D1:
            records.append(response("http://poetry.example/page.html", D1, OK, "<html>"))
    # A chain: hop -> hop2 (relative) -> hop3.
    records.insert(3, response("http://hop.example/robots.txt", D1, "HTTP/1.1 301 Moved\r\nLocation: //hop2.example/robots.txt", ""))
    records.insert(4, response("http://hop2.example/robots.txt", D1, "HTTP/1.1 302 Found\r\nLocation: https://hop3.example/robots.txt", ""))
    records.insert(6, response("https://hop3.example/robots.txt", D1, OK, SIGNALS))
    cut = POETRY[: POETRY.index("/craft/") + 4]
    records.insert(7, record(
        "response", "https://cut.example/robots.txt", D1,
        f"{OK}\r\nContent-Length: {len(POETRY)}\r\n\r\n{cut}".encode(), "WARC-Truncated: length\r\n",
    ))
    records.append(record("revisit", "http://poetry.example/robots.txt", D2, b"HTTP/1.1 200 OK\r\n\r\n"))
    return records


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("warc")
    records = archive()
    plain = d / "a.warc"
    plain.write_bytes(b"".join(records))
    gz = d / "a.warc.gz"
    gz.write_bytes(b"".join(gzip.compress(r) for r in records))
    return {"plain": plain, "gz": gz}


def expected(status: int, body: str, agent: str, path: str, policy: Policy) -> dict:
    decision = policy.decide(status)
    if decision == Decision.USE_RULES:
        answer = Robots(body.encode()).check([agent], path)
        return {
            "outcome": "rules",
            "allowed": answer.allowed,
            "line": answer.matching_line or None,
            "status": status,
        }
    if decision == Decision.ALLOW_ALL:
        return {"outcome": "allow-all", "allowed": True, "line": None, "status": status}
    return {"outcome": "disallow-all", "allowed": False, "line": None, "status": status}


def rows_of(columns: dict[str, list]) -> list[dict]:
    names = list(columns)
    return [dict(zip(names, values)) for values in zip(*columns.values())]


@pytest.mark.parametrize("kind", ["plain", "gz"])
@pytest.mark.parametrize("policy", [Policy.GOOGLE, Policy.RFC9309], ids=["google", "rfc9309"])
def test_every_row_equals_the_cores_answer(files, kind, policy):
    rows = rows_of(warc.verdict_columns([files[kind]], AGENTS, check_paths=PATHS, policy=policy))
    assert len(rows) == len(CAPTURES) * len(AGENTS) * len(PATHS)
    for url, date, status, body, hops in CAPTURES:
        for agent in AGENTS:
            for path in PATHS:
                [row] = [
                    r for r in rows
                    if (r["robots_url"], r["date"], r["agent"], r["path"]) == (url, date, agent, path)
                ]
                want = expected(status, body, agent, path, policy)
                assert {k: row[k] for k in want} == want, (url, agent, path)
                assert row["redirects"] == hops


@pytest.mark.parametrize("threads", [0, 10**9, 2**64 - 1])
def test_any_thread_count_answers_as_one_thread(files, threads):
    # Read as one to 256 workers: a billion would need 96 GB of queues.
    one = warc.verdict_columns([files["plain"]], AGENTS, check_paths=PATHS, threads=1)
    assert warc.verdict_columns([files["plain"]], AGENTS, check_paths=PATHS, threads=threads) == one


def test_a_negative_thread_count_is_an_error(files):
    with pytest.raises(OverflowError):
        warc.verdict_columns([files["plain"]], AGENTS, check_paths=PATHS, threads=-1)


def test_hand_derived_values(files):
    rows = rows_of(warc.verdict_columns([files["gz"]], AGENTS, check_paths=PATHS))

    def get(url, agent, path, date=D1):
        return next(r for r in rows if (r["robots_url"], r["agent"], r["path"], r["date"]) == (url, agent, path, date))

    # CCBot's own group: "Disallow: /" on line 6.
    r = get("http://poetry.example/robots.txt", "CCBot", "/")
    assert (r["allowed"], r["line"], r["rule"]) == (False, 6, "Disallow: /")
    # Google: 429 is a server error (disallow all), 404 allows all.
    assert get("https://busy.example/robots.txt", "Googlebot", "/")["allowed"] is False
    assert get("https://gone.example/robots.txt", "Googlebot", "/")["allowed"] is True
    # Two hops to SIGNALS: GPTBot blocked, Googlebot with its Content-Signal.
    r = get("http://hop.example/robots.txt", "Googlebot", "/")
    assert (r["target"], r["content_signal_search"], r["content_signal_ai_train"]) == (
        "https://hop3.example/robots.txt", True, False)
    # Cut inside "Disallow: /craft/": "Disallow: /cra" is read as it stands.
    r = get("https://cut.example/robots.txt", "Googlebot", "/craft/x")
    assert (r["allowed"], r["rule"], r["truncated"]) == (False, "Disallow: /cra", "length")


def test_records_iterates_every_record_with_its_offset(files):
    records = archive()
    got = list(warc.records(files["plain"]))
    assert len(got) == len(records)
    offsets = [0]
    for r in records[:-1]:
        offsets.append(offsets[-1] + len(r))
    assert [r.offset for r in got] == offsets
    robots = [r for r in got if r.is_robots]
    assert {r.status for r in robots} == {200, 301, 302, 404, 429, 500, 503}
    assert got[0].warc_type == "warcinfo"


def test_a_broken_record_is_reported_with_its_offset_and_the_rest_read(tmp_path):
    records = archive()
    bad = records[:2] + [b"WARC/1.1\r\nWARC-Type: response\r\nContent-Length: x\r\n\r\n"] + records[2:]
    path = tmp_path / "bad.warc"
    path.write_bytes(b"".join(bad))
    errors = []
    rows = rows_of(warc.verdict_columns([path], ["Googlebot"], on_error=lambda *e: errors.append(e)))
    assert errors == [(str(path), len(records[0]) + len(records[1]), 'Content-Length is not a number: "x"')]
    assert len(rows) == len(CAPTURES)
    broken = [r for r in warc.records(path) if r.error]
    assert [r.offset for r in broken] == [len(records[0]) + len(records[1])]


def test_verdicts_is_the_same_table_as_arrow(files):
    pa = pytest.importorskip("pyarrow")
    table = warc.verdicts([files["gz"]], AGENTS, check_paths=PATHS)
    columns = warc.verdict_columns([files["gz"]], AGENTS, check_paths=PATHS)
    assert table.column_names == list(warc.COLUMNS)
    assert table.schema.field("allowed").type == pa.bool_()
    assert table.schema.field("status").type == pa.int64()
    assert table.to_pydict() == columns


def _sorted(rows: list[dict]) -> list[tuple]:
    return sorted(tuple(sorted((k, repr(v)) for k, v in r.items())) for r in rows)


def test_local_spark_gives_the_same_table(spark, files):
    from robotstxt_exact.spark import warc_verdicts

    paths = [str(files["plain"]), str(files["gz"])]
    df = warc_verdicts(spark, paths, AGENTS, check_paths=PATHS)
    assert df.columns == list(warc.COLUMNS)
    python = rows_of(warc.verdict_columns(paths, AGENTS, check_paths=PATHS))
    assert _sorted([r.asDict() for r in df.collect()]) == _sorted(python)


def test_local_spark_with_a_url_table_gives_the_same_table(spark, files):
    from robotstxt_exact.spark import warc_verdicts

    urls = [
        "http://poetry.example/craft/1", "http://poetry.example/craft/1", "http://hop.example/x",
        "https://busy.example/", "https://nowhere.example/x", "not a url",
    ]
    df = warc_verdicts(
        spark, [str(files["gz"])], ["CCBot"], urls=spark.createDataFrame([(u,) for u in urls], "url string"),
    )
    python = rows_of(warc.verdict_columns([files["gz"]], ["CCBot"], urls=urls))
    # poetry's URL twice, each against its two captures; the others once.
    assert len(python) == 4 + 4
    assert _sorted([r.asDict() for r in df.collect()]) == _sorted(python)
    by_url = {r["url"]: r for r in python}
    assert by_url["https://nowhere.example/x"]["reason"] == "the robots.txt is not captured"
    assert by_url["not a url"]["robots_url"] is None
