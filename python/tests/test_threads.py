"""One Robots shared by 8 threads: every answer equals the single-threaded
one (and the Rust core's), and the threads really run at once (the GIL is
released during queries)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from robotstxt_exact import Robots

from conftest import AGENT_SETS


def largest_site(bodies, links):
    """The largest body among the sites with at least 1,000 URLs."""
    return max(links, key=lambda site: (len(links[site]) >= 1000, len(bodies[site])))


def test_eight_threads_on_one_robots(bodies, links, queries, rust_answers):
    site = largest_site(bodies, links)
    robots = Robots(bodies[site])
    mine = [(q.agents, q.url, want) for q, want in zip(queries, rust_answers) if q.site == site]
    assert len(mine) >= 1000
    expected = [(a.allowed, a.matching_line) for _, _, a in mine]
    start = threading.Barrier(8)

    def work(n: int):
        start.wait()
        results = []
        for _ in range(3):
            # Each thread walks the queries from a different offset.
            order = mine[n * len(mine) // 8:] + mine[: n * len(mine) // 8]
            got = {}
            for agents, url, _ in order:
                a = robots.check(list(agents), url)
                got[(agents, url)] = (a.allowed, a.matching_line)
            results.append([got[(agents, url)] for agents, url, _ in mine])
            batch = robots.check_many(list(AGENT_SETS[0]), [u for ag, u, _ in mine if ag == AGENT_SETS[0]])
            results.append(batch)
        return results

    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = list(pool.map(work, range(8)))
    single = [u for ag, u, _ in mine if ag == AGENT_SETS[0]]
    single_expected = [(a.allowed, a.matching_line) for ag, _, a in mine if ag == AGENT_SETS[0]]
    for results in outcomes:
        for i, r in enumerate(results):
            if i % 2 == 0:
                assert r == expected
            else:
                assert [(a.allowed, a.matching_line) for a in r] == single_expected
                assert len(r) == len(single)


def test_queries_release_the_gil(bodies, links):
    # While one thread is inside a long check_many call, another thread gets
    # to run Python code: with the GIL held it could not before the call ended.
    site = largest_site(bodies, links)
    robots = Robots(bodies[site])
    urls = links[site] * max(1, 1_000_000 // len(links[site]))
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        before = len(ticks)
        robots.check_many(["Googlebot"], urls)
        during = len(ticks) - before
    finally:
        done.set()
        t.join()
    # Holding the GIL, the native call would let the ticker run at most once
    # (a switch racing the call start).
    assert during > 2, f"the ticker ran {during} times during a long check_many"
