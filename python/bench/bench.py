"""Benchmark: robotstxt_exact against the Python robots.txt parsers that are
installed (urllib.robotparser always; Protego, robotspy, fastrobots and
fast-robotstxt when pip can install them), side by side in one run, on the
shared corpus.

    python python/bench/bench.py [--corpus DIR] [--every N] [--repeat R]

Two figures per library, for Googlebot on every (site, URL) pair of the
corpus whose body and URL are UTF-8 (the others take str):

- parse once: every file parsed once (not timed), then all queries timed;
  queries per second;
- parse each time: for every N-th pair (default 20), in a shuffled order
  (so that consecutive calls bring different bodies, as a crawler that
  interleaves sites does, and every call really parses), parse the body and
  ask about the URL, as a crawler without a cache does; queries per second
  (robotstxt_exact: Google's ``RobotsMatcher.one_agent_allowed_by_robots``,
  which parses per query; fast-robotstxt, Google's library itself through
  ctypes: ``RobotsMatcher.is_allowed``, the same; the others: parse, then
  query).

Ratios are robotstxt_exact's rate over each library's. Not a test: figures
depend on the machine; run it on a quiet one.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import time
import urllib.robotparser
from pathlib import Path

AGENT = "Googlebot"


def load(corpus: Path):
    pairs, bodies = [], {}
    for links in sorted((corpus / "links").iterdir()):
        robots = corpus / "robotfiles" / links.name
        if not robots.is_file():
            continue
        try:
            body = robots.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        bodies[links.name] = body
        for raw in links.read_bytes().split(b"\n"):
            raw = raw.rstrip(b"\r")
            try:
                url = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if url:
                pairs.append((links.name, url))
    return bodies, pairs


def libraries():
    """name -> (parse(body) -> object, query(object, url) -> bool)."""
    libs = {}
    import robotstxt_exact

    libs["robotstxt_exact"] = (robotstxt_exact.Robots, lambda r, url: r.allowed(AGENT, url))

    def urllib_parse(body):
        rp = urllib.robotparser.RobotFileParser()
        rp.parse(body.splitlines())
        return rp

    libs["urllib.robotparser"] = (urllib_parse, lambda r, url: r.can_fetch(AGENT, url))
    try:
        from protego import Protego

        libs["Protego"] = (Protego.parse, lambda r, url: r.can_fetch(url, AGENT))
    except ImportError:
        print("Protego not installed: skipped")
    try:
        import robots as robotspy

        libs["robotspy"] = (
            robotspy.RobotsParser.from_string,
            lambda r, url: r.can_fetch(AGENT, url),
        )
    except ImportError:
        print("robotspy not installed: skipped")
    try:
        import fastrobots

        url_path = fastrobots.url_path
        libs["fastrobots"] = (
            fastrobots.Robots.parse,
            lambda r, url: r.allowed(url_path(url), AGENT),
        )
    except ImportError:
        print("fastrobots not installed: skipped")
    return libs


def _google_matcher():
    import robotstxt_exact

    matcher = robotstxt_exact.RobotsMatcher()
    return lambda body, url: matcher.one_agent_allowed_by_robots(body, AGENT, url)


def _fast_robotstxt():
    """fast-robotstxt (Google's library through ctypes): per-query calls
    only, it has no parsed object to keep."""
    try:
        from robotstxt import RobotsMatcher
    except ImportError:
        print("fast-robotstxt not installed: skipped")
        return None
    matcher = RobotsMatcher()
    return lambda body, url: matcher.is_allowed(body, AGENT, url)


#: Per-query calls that parse the body themselves (the library's own API for
#: a one-off question); the others parse, then query.
ONE_SHOT = {"robotstxt_exact": _google_matcher()}

#: Libraries with per-query calls only (no parse-once figure).
ONE_SHOT_ONLY = {name: fn for name, fn in {"fast-robotstxt": _fast_robotstxt()}.items() if fn}


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    here = Path(__file__).resolve()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=here.parents[3] / "shared" / "corpus")
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if not (args.corpus / "robotfiles").is_dir():
        raise SystemExit(f"corpus not found at {args.corpus}")
    bodies, pairs = load(args.corpus)
    sample = pairs[:: args.every]
    random.Random(1).shuffle(sample)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}; "
          f"{len(bodies)} files, {len(pairs)} queries parse-once, {len(sample)} parse-each-time")
    results = {}
    for name, (parse, query) in libraries().items():
        parsed = {site: parse(body) for site, body in bodies.items()}
        items = [(parsed[site], url) for site, url in pairs]

        def once():
            for r, url in items:
                query(r, url)

        t_once = timed(once, args.repeat)
        work = [(bodies[site], url) for site, url in sample]
        one_shot = ONE_SHOT.get(name)

        def each():
            if one_shot is not None:
                for body, url in work:
                    one_shot(body, url)
            else:
                for body, url in work:
                    query(parse(body), url)

        t_each = timed(each, 1 if name != "robotstxt_exact" else args.repeat)
        results[name] = (len(items) / t_once, len(work) / t_each)
        print(f"  {name}: parse once {results[name][0]:,.0f} q/s, parse each time {results[name][1]:,.0f} q/s",
              flush=True)
    for name, one_shot in ONE_SHOT_ONLY.items():
        work = [(bodies[site], url) for site, url in sample]

        def each_only():
            for body, url in work:
                one_shot(body, url)

        results[name] = (None, len(work) / timed(each_only, args.repeat))
        print(f"  {name}: parse each time {results[name][1]:,.0f} q/s", flush=True)

    import robotstxt_exact

    # The batch call and Google's per-query API, for the record.
    parsed = {site: robotstxt_exact.Robots(body) for site, body in bodies.items()}
    by_site: dict[str, list[str]] = {}
    for site, url in pairs:
        by_site.setdefault(site, []).append(url)
    t_batch = timed(lambda: [parsed[s].allowed_many(AGENT, u) for s, u in by_site.items()], args.repeat)
    work = [(bodies[site], url) for site, url in sample]
    t_parse_query = timed(lambda: [robotstxt_exact.Robots(b).allowed(AGENT, u) for b, u in work], args.repeat)

    ours_once, ours_each = results["robotstxt_exact"]
    print()
    print("| library | parse once: queries/s | robotstxt_exact is | parse each time: queries/s | robotstxt_exact is |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, (once_qps, each_qps) in results.items():
        if name == "robotstxt_exact":
            print(f"| robotstxt_exact (`Robots.allowed`; `RobotsMatcher`) | {once_qps:,.0f} | | {each_qps:,.0f} | |")
        elif once_qps is None:
            print(f"| {name} | | | {each_qps:,.0f} | {ours_each / each_qps:.1f}x |")
        else:
            print(f"| {name} | {once_qps:,.0f} | {ours_once / once_qps:.1f}x | "
                  f"{each_qps:,.0f} | {ours_each / each_qps:.1f}x |")
    print(f"| robotstxt_exact `allowed_many` (one call per site) | {len(pairs) / t_batch:,.0f} | | | |")
    print(f"| robotstxt_exact `Robots(body).allowed` (build the index, one query) | | | {len(work) / t_parse_query:,.0f} | |")


if __name__ == "__main__":
    main()
