"""Checking URL tables against robots.txt tables on Spark, and a crawl's
robots.txt WARC files read into verdict tables (:func:`warc_verdicts`).

:func:`check_urls` joins a table of URLs with a table of robots.txt bodies by
host and adds three columns to the URL table:

- ``allowed`` (boolean): Google's verdict for the agents; null when the
  robots.txt table has no row for the URL's host;
- ``matching_line`` (int): the line of the deciding rule, 0 when no rule
  decided;
- ``reason`` (string): why, e.g. ``line 12: disallow /private/``, ``no rule
  matched``, ``robots.txt status 404: allow all``, ``robots.txt status 503:
  disallow all``, ``no robots.txt for host``.

Each robots.txt body is parsed once: the two tables are tagged and unioned,
repartitioned by host and sorted so that a host's robots.txt row comes just
before its URLs, and ``mapInArrow`` walks the partition's Arrow batches,
parsing a body when its row goes by and checking the host's URLs with one
:meth:`robotstxt_exact.Robots.check_many` call per run of URLs. Bodies travel
once per host, never once per URL, and nothing is collected to the driver.

Running it on a cluster: build the wheel once (``pip wheel ./python -w dist``
or ``maturin build --release`` in ``python/``; it is an abi3 wheel, one file
for CPython 3.10 and later on the cluster's platform), then ship it to the
executors: install it in the Python environment the executors use (a
cluster image, or ``pip install`` in a bootstrap action), or pack a virtual
environment that holds it (``venv-pack``) and pass it with
``spark-submit --archives env.tar.gz#env`` and
``PYSPARK_PYTHON=./env/bin/python``. The executors need ``pyarrow`` and
``pandas`` (PySpark's ``mapInArrow`` imports both) and this package; the
driver needs ``pyspark`` too (``pip install robotstxt-exact[spark]``
installs the three). It works with PySpark 3.5 and 4, ANSI mode on or off.
Example::

    from robotstxt_exact.spark import check_urls, with_host
    urls = with_host(spark.read.parquet("urls/"))          # url -> url, host
    robots = spark.read.parquet("robots/")                  # host, body, status
    checked = check_urls(urls, robots, ["Googlebot"], status_col="status")
    checked.write.parquet("verdicts/")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, Sequence

from ._native import Decision, Policy, Robots

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow
    from pyspark.sql import DataFrame

__all__ = ["check_urls", "with_host", "warc_verdicts", "RESULT_COLUMNS"]

#: The columns :func:`check_urls` adds.
RESULT_COLUMNS = ("allowed", "matching_line", "reason")

_KEY = "__robotstxt_key"
_KIND = "__robotstxt_kind"  # 0: a robots.txt row, 1: a URL row
_BODY = "__robotstxt_body"
_STATUS = "__robotstxt_status"


# The host of a URL as Google's matcher reads the URL: its GetPathParamsQuery
# skips a leading "//", then a scheme ("...://", only where no '/', '?' or
# ';' comes before it), and takes what follows up to the first '/', '?', ';'
# or '#' as the authority; the host is that without "user:password@" and
# ":port". A Java regular expression, for regexp_extract.
_HOST_PATTERN = r"^(?://)?(?:[^/?;]*://)?(?:[^/?;#]*@)?([^/?;#@]*?)(?::[0-9]*)?(?:[/?;#]|\z)"


def with_host(urls: "DataFrame", url_col: str = "url", host_col: str = "host") -> "DataFrame":
    """Adds ``host_col``: the URL's host, lower-cased; null for a null URL
    and for one without a host (``/path``).

    The host is read as Google's matcher reads the URL when it cuts the path
    off: after the scheme (if any), up to the first ``/``, ``?``, ``;`` or
    ``#``, without user info and port. For the absolute, percent-encoded URLs
    Google's library expects, that is the host a crawler fetches the
    robots.txt from (:func:`robotstxt_exact.robots_txt_url`), except that an
    internationalized name stays as written (not punycode). It is computed
    by Spark's ``regexp_extract``, not ``parse_url``, which rejects URLs
    with characters such as ``|`` or a space (an error under ANSI mode, the
    default since Spark 4; a null host without it).

    Port and scheme are not part of the host; key the tables yourself (for
    example by :func:`robotstxt_exact.robots_txt_url`) where they matter."""
    from pyspark.sql import functions as F

    host = F.lower(F.regexp_extract(F.col(f"`{url_col}`"), _HOST_PATTERN, 1))
    return urls.withColumn(host_col, F.when(host != "", host))


class _Site:
    """One host's robots.txt: its parsed body, or a decision without rules."""

    def __init__(self, body: bytes | None, status: int | None, policy: Policy):
        self.robots: Robots | None = None
        self.rules: dict[int, str] = {}
        status = 200 if status is None else status
        decision = policy.decide(status)
        if decision == Decision.USE_RULES:
            self.robots = Robots(body or b"")
            for group in self.robots.groups():
                for rule in group.rules:
                    self.rules[rule.line] = f"line {rule.line}: {rule.kind} {rule.pattern}"
            self.fixed: tuple[bool | None, str] = (True, "no rule matched")
        elif decision == Decision.ALLOW_ALL:
            self.fixed = (True, f"robots.txt status {status}: allow all")
        else:
            self.fixed = (False, f"robots.txt status {status}: disallow all")

    def check(self, agents: Sequence[str], urls: list) -> Iterable[tuple[bool | None, int, str]]:
        if self.robots is None:
            allowed, reason = self.fixed
            return [(allowed, 0, reason)] * len(urls)
        out = []
        for answer in self.robots.check_many(agents, [u if u is not None else "" for u in urls]):
            line = answer.matching_line
            reason = self.rules.get(line, "no rule matched") if line else "no rule matched"
            out.append((answer.allowed, line, reason))
        return out


_NO_SITE = [(None, 0, "no robots.txt for host")]


def _checker(agents: list[str], url_col: str, url_names: list[str], rfc9309: bool, out_schema):
    # The policy travels as a bool: the closure is pickled to the executors.
    def run(batches: Iterator["pyarrow.RecordBatch"]) -> Iterator["pyarrow.RecordBatch"]:
        import pyarrow as pa

        policy = Policy.RFC9309 if rfc9309 else Policy.GOOGLE
        key = object()  # the host whose robots.txt row was seen last
        site: _Site | None = None
        for batch in batches:
            keys = batch.column(_KEY).to_pylist()
            kinds = batch.column(_KIND).to_pylist()
            urls = batch.column(url_col).to_pylist()
            rows: list[int] = []
            results: list[tuple[bool | None, int, str]] = []
            i, n = 0, batch.num_rows
            while i < n:
                if kinds[i] == 0:
                    if keys[i] != key:  # a repeated robots.txt row: the first wins
                        key = keys[i]
                        site = _Site(
                            batch.column(_BODY)[i].as_py(),
                            batch.column(_STATUS)[i].as_py(),
                            policy,
                        )
                    i += 1
                    continue
                j = i
                while j < n and kinds[j] == 1 and keys[j] == keys[i]:
                    j += 1
                rows.extend(range(i, j))
                if keys[i] == key and site is not None:
                    results.extend(site.check(agents, urls[i:j]))
                else:
                    results.extend(_NO_SITE * (j - i))
                i = j
            if not rows:
                continue
            taken = batch.select(url_names).take(pa.array(rows, type=pa.int64()))
            columns = list(taken.columns) + [
                pa.array([r[0] for r in results], type=pa.bool_()),
                pa.array([r[1] for r in results], type=pa.int32()),
                pa.array([r[2] for r in results], type=pa.string()),
            ]
            yield pa.RecordBatch.from_arrays(columns, schema=out_schema)

    return run


def check_urls(
    urls: "DataFrame",
    robots: "DataFrame",
    user_agents: str | Sequence[str],
    *,
    url_col: str = "url",
    host_col: str = "host",
    body_col: str = "body",
    status_col: str | None = None,
    policy: Policy = Policy.GOOGLE,
    num_partitions: int | None = None,
) -> "DataFrame":
    """The URL table with ``allowed``, ``matching_line`` and ``reason`` added.

    ``urls`` needs ``url_col`` and ``host_col`` (see :func:`with_host`);
    ``robots`` needs ``host_col`` and ``body_col`` (binary or string) and,
    if ``status_col`` is given, the HTTP status of the fetch (an int; null
    counts as 200), which ``policy`` turns into "use the rules", "allow
    all" or "disallow all". ``num_partitions`` sets how many partitions the
    hosts are spread over (default: Spark's shuffle partitions)."""
    from pyspark.sql import functions as F
    from pyspark.sql import types as T
    from pyspark.sql.pandas.types import to_arrow_schema

    agents = [user_agents] if isinstance(user_agents, str) else list(user_agents)
    for name in RESULT_COLUMNS:
        if name in urls.columns:
            raise ValueError(f"the URL table already has a column named {name!r}")
    url_names = list(urls.columns)
    nulls = [F.lit(None).cast(f.dataType).alias(f.name) for f in urls.schema.fields]
    status = F.col(status_col).cast("int") if status_col else F.lit(None).cast("int")
    tagged_robots = robots.select(
        F.col(host_col).cast("string").alias(_KEY),
        F.lit(0).alias(_KIND),
        F.col(body_col).cast("binary").alias(_BODY),
        status.alias(_STATUS),
        *nulls,
    )
    tagged_urls = urls.select(
        F.col(host_col).cast("string").alias(_KEY),
        F.lit(1).alias(_KIND),
        F.lit(None).cast("binary").alias(_BODY),
        F.lit(None).cast("int").alias(_STATUS),
        *[F.col(f"`{c}`") for c in url_names],
    )
    both = tagged_robots.unionByName(tagged_urls)
    if num_partitions is None:
        both = both.repartition(_KEY)
    else:
        both = both.repartition(num_partitions, _KEY)
    both = both.sortWithinPartitions(_KEY, _KIND)

    out_schema = T.StructType(
        list(urls.schema.fields)
        + [
            T.StructField("allowed", T.BooleanType(), True),
            T.StructField("matching_line", T.IntegerType(), False),
            T.StructField("reason", T.StringType(), False),
        ]
    )
    arrow_schema = to_arrow_schema(out_schema)
    run = _checker(agents, url_col, url_names, policy == Policy.RFC9309, arrow_schema)
    return both.mapInArrow(run, out_schema)


# --- WARC archives -----------------------------------------------------------
#
# warc_verdicts reads a crawl's robots.txt WARC files on the executors, a
# task per file (records of a file are read in order, so that redirects are
# followed within the file as `robots warc` and robotstxt_exact.warc follow
# them), and gives the same table as robotstxt_exact.warc.verdicts. With a
# URL table, the files' captures (each with the response that decided it)
# are joined with the URLs by robots.txt URL, as check_urls joins by host,
# and each capture's body is parsed once for all its URLs.


def _warc_schema(urls: bool):
    from pyspark.sql import types as T

    from .warc import ARROW_TYPES, COLUMNS

    kinds = {"int64": T.LongType(), "bool": T.BooleanType(), "string": T.StringType()}
    return T.StructType(
        [
            T.StructField("url" if (c == "path" and urls) else c, kinds[ARROW_TYPES[c]], True)
            for c in COLUMNS
        ]
    )


def warc_verdicts(
    spark,
    warc_paths: Sequence[str],
    agents: str | Sequence[str] = (),
    *,
    agents_from: str | None = None,
    check_paths: Sequence[str] | None = None,
    urls: "DataFrame | None" = None,
    url_col: str = "url",
    policy: Policy = Policy.GOOGLE,
    num_partitions: int | None = None,
) -> "DataFrame":
    """The verdict table of a crawl's robots.txt WARC files, as
    :func:`robotstxt_exact.warc.verdicts` gives it, computed on the
    executors: a row per capture, agent and path (``check_paths``, default
    ``/``), or, with ``urls`` (a DataFrame with ``url_col``), a row per page
    URL and agent for each capture of its robots.txt, and a row with outcome
    ``unknown`` for URLs whose robots.txt no file captures.

    ``warc_paths`` are paths the executors can open (a shared or mounted
    file system: ``/dbfs/...``, ``/mnt/...``; for ``s3://`` objects, copy
    them to local disk or mount the bucket first). ``agents_from`` is read
    on the driver (``"ai"``, ``"all"`` or a crawler list file).
    ``num_partitions``: how many tasks read the files (default: one per
    file). Records that cannot be read are reported on the executors'
    standard error and skipped."""
    from pyspark.sql import functions as F
    from pyspark.sql.pandas.types import to_arrow_schema

    from .warc import _tokens

    agent_list = [agents] if isinstance(agents, str) else list(agents)
    tokens = _tokens(agents_from)
    if not agent_list and not tokens:
        raise ValueError("no agent: give agents=[...] or agents_from='ai', 'all' or a list file")
    paths = [str(p) for p in warc_paths]
    rfc9309 = policy == Policy.RFC9309
    files = spark.createDataFrame([(i, p) for i, p in enumerate(paths)], "i long, path string")
    files = files.repartition(num_partitions or max(1, len(paths)), "i")
    check = list(check_paths) if check_paths is not None else None
    if urls is None:
        schema = _warc_schema(False)
        arrow_schema = to_arrow_schema(schema)

        def read(batches):
            import pyarrow as pa

            from ._native import warc_columns

            for batch in batches:
                for path in batch.column(1).to_pylist():
                    columns, errors = warc_columns([path], agent_list, tokens, check, None, rfc9309, 1)
                    _report(errors)
                    yield pa.RecordBatch.from_pydict(columns, schema=arrow_schema)

        return files.mapInArrow(read, schema)

    # Stage 1: per file, a row per capture with the response that decided it.
    from pyspark.sql import types as T

    capture_schema = T.StructType(
        list(_warc_schema(False).fields)
        + [T.StructField("fetch", T.StringType(), True), T.StructField("body", T.BinaryType(), True)]
    )
    capture_arrow = to_arrow_schema(capture_schema)

    def captures(batches):
        import pyarrow as pa

        from ._native import warc_columns

        for batch in batches:
            for path in batch.column(1).to_pylist():
                columns, errors = warc_columns([path], [], [], None, None, rfc9309, 1, True)
                _report(errors)
                yield pa.RecordBatch.from_pydict(columns, schema=capture_arrow)

    caps = files.mapInArrow(captures, capture_schema)
    # Stage 2: the URLs keyed by their robots.txt URL (null when none).
    keyed_schema = T.StructType(
        [
            T.StructField(_KEY, T.StringType(), True),
            T.StructField(_WHY, T.StringType(), True),
            T.StructField(url_col, T.StringType(), True),
        ]
    )
    keyed_arrow = to_arrow_schema(keyed_schema)

    def key_urls(batches):
        import pyarrow as pa

        from ._native import robots_key

        for batch in batches:
            us = batch.column(0).to_pylist()
            keys = [robots_key(u) if u is not None else (None, "no robots.txt: no URL") for u in us]
            yield pa.RecordBatch.from_arrays(
                [pa.array([k for k, _ in keys], pa.string()), pa.array([w for _, w in keys], pa.string()),
                 pa.array(us, pa.string())],
                schema=keyed_arrow,
            )

    keyed = urls.select(F.col(f"`{url_col}`").cast("string")).mapInArrow(key_urls, keyed_schema)
    cap_cols = [f.name for f in capture_schema.fields]
    tagged_caps = caps.select(
        F.col("robots_url").alias(_KEY), F.lit(0).alias(_KIND), F.lit(None).cast("string").alias(_WHY),
        F.lit(None).cast("string").alias("__url"), *[F.col(c) for c in cap_cols],
    )
    tagged_urls = keyed.select(
        F.col(_KEY), F.lit(1).alias(_KIND), F.col(_WHY), F.col(url_col).alias("__url"),
        *[F.lit(None).cast(f.dataType).alias(f.name) for f in capture_schema.fields],
    )
    both = tagged_caps.unionByName(tagged_urls)
    both = both.repartition(num_partitions, _KEY) if num_partitions else both.repartition(_KEY)
    both = both.sortWithinPartitions(_KEY, _KIND)
    out_schema = _warc_schema(True)
    out_arrow = to_arrow_schema(out_schema)

    def answer(batches):
        import pyarrow as pa

        from ._native import capture_columns

        def emit(capture: dict, items: list):
            columns, _ = capture_columns(capture, agent_list, tokens, items, rfc9309)
            return pa.RecordBatch.from_pydict(columns, schema=out_arrow)

        key = object()
        held: list[dict] = []
        waiting: list[str] = []

        def flush():
            if not waiting:
                return
            if held:
                for capture in held:
                    yield emit(capture, waiting)
            else:
                missing = {"fetch": "unknown", "reason": "the robots.txt is not captured", "robots_url": key}
                yield emit(missing, waiting)

        for batch in batches:
            rows = batch.to_pylist()
            for row in rows:
                k = row[_KEY]
                if row[_KIND] == 1 and k is None:
                    yield emit({"fetch": "unknown", "reason": row[_WHY], "robots_url": None}, [row["__url"]])
                    continue
                if k != key:
                    yield from flush()
                    key, held, waiting = k, [], []
                if row[_KIND] == 0:
                    held.append({c: row[c] for c in cap_cols})
                else:
                    waiting.append(row["__url"])
        yield from flush()

    return both.mapInArrow(answer, out_schema)


_WHY = "__robotstxt_why"


def _report(errors) -> None:
    import sys

    for file, offset, message in errors:
        print(f"robotstxt_exact.spark: {file}: record at byte {offset}: {message}", file=sys.stderr)
