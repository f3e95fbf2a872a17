"""A crawl's robots.txt captures (WARC files) read into verdict tables.

:func:`records` gives the records of one ``.warc`` or ``.warc.gz`` file (a
gzip member per record, as Common Crawl writes them, or one for the whole
file) one by one; :func:`verdicts` reads many files, with the records spread
over every core and the GIL released, into a ``pyarrow.Table``: a row per
robots.txt capture, agent and path (``/`` unless ``paths`` is given), or with
``urls`` a row per page URL and agent. The reading is the same as the
``robots warc`` command's, column for column: Google's reading of each file,
the fetch-outcome policy (2xx rules, 4xx allow all, 5xx disallow all, 429 as
5xx under ``Policy.GOOGLE`` and as 4xx under ``Policy.RFC9309``), redirects
followed to the next capture of their target in the same file, up to five
hops. :func:`verdict_columns` gives the same table as a dict of lists, for
use without pyarrow (``pip install robotstxt-exact[warc]`` installs it).

Example::

    from robotstxt_exact import warc
    table = warc.verdicts(["CC-MAIN-...-robotstxt-00000.warc.gz"], agents_from="ai")
    table.to_pandas().groupby(["agent", "outcome"]).size()
"""

from __future__ import annotations

import os
import warnings
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from ._native import Policy, WarcRecord, WarcRecords, known_crawlers, parse_crawler_list
from ._native import warc_columns as _warc_columns

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow

__all__ = ["records", "verdicts", "verdict_columns", "WarcRecord", "COLUMNS", "ARROW_TYPES"]

#: The columns of the table, in order (``path`` is ``url`` with ``urls``).
COLUMNS = (
    "robots_url", "host", "agent", "path", "status", "outcome", "allowed", "line", "rule",
    "content_signal_search", "content_signal_ai_input", "content_signal_ai_train",
    "content_usage_train_ai", "content_usage_search", "reason", "redirects", "target", "date",
    "truncated", "file", "offset",
)

_INTS = {"status", "line", "redirects", "offset"}
_BOOLS = {"allowed"} | {c for c in COLUMNS if c.startswith("content_")}

#: The Arrow type of each column: int64, bool or string, as the Parquet
#: files of ``robots warc --format parquet`` have them.
ARROW_TYPES = {c: "int64" if c in _INTS else "bool" if c in _BOOLS else "string" for c in COLUMNS}


def records(path: str | os.PathLike[str]) -> Iterator[WarcRecord]:
    """The records of one WARC file, in order: each with its ``offset``,
    ``warc_type``, ``url``, ``date`` and, for an HTTP response, its
    ``status``, ``location``, decoded ``body`` (the first 500 KiB) and
    ``is_robots``; ``truncated`` and ``error`` say what is missing. A record
    that cannot be read comes with ``error`` set and reading goes on."""
    return iter(WarcRecords(os.fspath(path)))


def _tokens(agents_from: str | os.PathLike[str] | None) -> list[str]:
    if agents_from is None:
        return []
    if agents_from == "ai":
        return [c.token for c in known_crawlers() if c.category.startswith("ai-")]
    if agents_from == "all":
        return [c.token for c in known_crawlers()]
    with open(agents_from, encoding="utf-8", errors="replace") as f:
        return [c.token for c in parse_crawler_list(f.read())]


def verdict_columns(
    paths: Iterable[str | os.PathLike[str]],
    agents: str | Sequence[str] = (),
    *,
    agents_from: str | os.PathLike[str] | None = None,
    check_paths: Sequence[str] | None = None,
    urls: Iterable[str] | None = None,
    policy: Policy = Policy.GOOGLE,
    threads: int | None = None,
    on_error: Any = None,
) -> dict[str, list]:
    """The verdict table as a dict of column name to list (see
    :func:`verdicts`)."""
    agent_list = [agents] if isinstance(agents, str) else list(agents)
    tokens = _tokens(agents_from)
    if not agent_list and not tokens:
        raise ValueError("no agent: give agents=[...] or agents_from='ai', 'all' or a list file")
    files = [os.fspath(p) for p in paths]
    columns, errors = _warc_columns(
        files,
        agent_list,
        tokens,
        list(check_paths) if check_paths is not None else None,
        list(urls) if urls is not None else None,
        policy == Policy.RFC9309,
        threads,
    )
    for file, offset, message in errors:
        if on_error is not None:
            on_error(file, offset, message)
        else:
            warnings.warn(f"{file}: record at byte {offset}: {message}", stacklevel=2)
    return columns


def verdicts(
    paths: Iterable[str | os.PathLike[str]],
    agents: str | Sequence[str] = (),
    *,
    agents_from: str | os.PathLike[str] | None = None,
    check_paths: Sequence[str] | None = None,
    urls: Iterable[str] | None = None,
    policy: Policy = Policy.GOOGLE,
    threads: int | None = None,
    on_error: Any = None,
) -> "pyarrow.Table":
    """The verdict table of the WARC files ``paths`` as a ``pyarrow.Table``.

    ``agents`` are given to Google's matcher as they are; ``agents_from``
    adds the crawlers of the audit's list (``"ai"``, ``"all"`` or a list
    file), each queried as the audit queries it. ``check_paths`` are the
    paths answered for (default ``["/"]``); ``urls`` gives page URLs instead,
    a row per URL and capture of its robots.txt (and a row with outcome
    ``unknown`` for a URL whose robots.txt is not captured). A record that
    cannot be read goes to ``on_error(file, offset, message)`` (default: a
    warning) and the run goes on. ``threads``: worker threads (default: one
    per core; at most 256)."""
    import pyarrow as pa

    columns = verdict_columns(
        paths, agents, agents_from=agents_from, check_paths=check_paths, urls=urls,
        policy=policy, threads=threads, on_error=on_error,
    )
    return table_of(columns)


def table_of(columns: dict[str, list]) -> "pyarrow.Table":
    """A dict of columns (from :func:`verdict_columns`) as a ``pyarrow.Table``
    with the types of ``ARROW_TYPES``."""
    import pyarrow as pa

    types = {"int64": pa.int64(), "bool": pa.bool_(), "string": pa.string()}
    arrays = {}
    for name, values in columns.items():
        kind = ARROW_TYPES.get("path" if name == "url" else name, "string")
        arrays[name] = pa.array(values, type=types[kind])
    return pa.table(arrays)
