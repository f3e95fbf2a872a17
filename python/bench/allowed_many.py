"""Benchmark: the batch calls against a Python loop, side by side in one run.

    python python/bench/allowed_many.py [--corpus DIR] [--repeat R]

For Googlebot, queries per second of:

- ``view.allowed(url)`` in a Python loop, ``view = robots.for_agents(AGENT)``
  (the compiled per-agent view; the ``for_agents`` call is counted);
- ``robots.allowed(AGENT, url)`` in a Python loop;
- ``robots.allowed_many(AGENT, urls)``;
- ``view.allowed_many(urls)`` (the ``for_agents`` call counted).

Two workloads, each from the shared corpus: every site with its own URLs
(about seventy a site: a crawler's batch per host), and a bulk run of all
the corpus's URLs against each of the ten largest robots.txt files. The
URLs are ``str``, as a crawler holds them. Each figure is the best of R
runs. Ratios are against the view loop. Not a test: run it on a quiet
machine.
"""

from __future__ import annotations

import argparse
import gc
import platform
import time
from pathlib import Path

import robotstxt_exact as rx

AGENT = "Googlebot"


def load(corpus: Path):
    """(body, [url, ...]) per site, URLs decoded as UTF-8 (others skipped)."""
    sites = []
    for links in sorted((corpus / "links").iterdir()):
        robots = corpus / "robotfiles" / links.name
        if not robots.is_file():
            continue
        urls = []
        for raw in links.read_bytes().split(b"\n"):
            raw = raw.rstrip(b"\r")
            try:
                url = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if url:
                urls.append(url)
        sites.append((robots.read_bytes(), urls))
    return sites


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def ways(work):
    """name -> a function answering every (robots, urls) pair of `work`."""

    def view_loop():
        for robots, urls in work:
            allowed = robots.for_agents(AGENT).allowed
            [allowed(u) for u in urls]

    def robots_loop():
        for robots, urls in work:
            [robots.allowed(AGENT, u) for u in urls]

    def robots_many():
        for robots, urls in work:
            robots.allowed_many(AGENT, urls)

    def view_many():
        for robots, urls in work:
            robots.for_agents(AGENT).allowed_many(urls)

    found = {
        "view.allowed loop": view_loop,
        "Robots.allowed loop": robots_loop,
        "Robots.allowed_many": robots_many,
    }
    if hasattr(rx.Robots(b"").for_agents(AGENT), "allowed_many"):
        found["view.allowed_many"] = view_many
    return found


def run(title, work, repeat):
    queries = sum(len(urls) for _, urls in work)
    print(f"{title}: {len(work)} robots.txt, {queries:,} queries")
    # Every way gives the same answers.
    answers = None
    for robots, urls in work[:50]:
        view = robots.for_agents(AGENT)
        expected = [view.allowed(u) for u in urls]
        assert robots.allowed_many(AGENT, urls) == expected
        assert [robots.allowed(AGENT, u) for u in urls] == expected
        answers = True
    assert answers
    rates = {}
    for name, fn in ways(work).items():
        rates[name] = queries / timed(fn, repeat)
    base = rates["view.allowed loop"]
    for name, rate in rates.items():
        print(f"  {name:22} {rate / 1e6:6.2f} M queries/s  {rate / base:5.2f}x the view loop")


def main():
    here = Path(__file__).resolve()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=here.parents[3] / "shared" / "corpus")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if not (args.corpus / "robotfiles").is_dir():
        raise SystemExit(f"corpus not found at {args.corpus}")
    sites = load(args.corpus)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    per_site = [(rx.Robots(body), urls) for body, urls in sites]
    run("each site with its own URLs", per_site, args.repeat)
    all_urls = [u for _, urls in sites for u in urls]
    largest = sorted(sites, key=lambda s: len(s[0]), reverse=True)[:10]
    bulk = [(rx.Robots(body), all_urls) for body, _ in largest]
    run("all URLs against each of the 10 largest files", bulk, max(1, args.repeat // 2))


if __name__ == "__main__":
    main()
