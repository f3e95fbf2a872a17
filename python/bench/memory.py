"""Peak memory of each kind of call, per byte (or item) of its input: the
figures of docs/LIMITS.md's Python section.

    python python/bench/memory.py

Each case runs in a child interpreter: it builds its input, resets its
peak resident set size (``/proc/self/clear_refs``), notes its resident set
size, makes the call, keeps the result, and reads the peak (``VmHWM``). The
difference over the input's size is what the call and its result cost per
input byte (Rust and Python memory alike). Linux only. Not a test: run it
on a quiet machine.
"""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import robotstxt_exact as rx

def status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(key)

{setup}
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")
before = status("VmRSS")
result = {call}
after = status("VmHWM")
print(after - before, {size})
"""

MB = 1000 * 1000
N = 2_000_000

#: (name, setup, call, size expression, unit)
CASES = [
    (
        "Robots(body), corpus-like blocks",
        "body = (b'User-agent: *\\nDisallow: /private/\\nAllow: /private/public\\n'"
        " b'Disallow: /*.php$\\n# a comment line of some length\\n\\n') * (50 * 10**6 // 130)",
        "rx.Robots(body)",
        "len(body)",
        "body byte",
    ),
    (
        "Robots(body), worst layout (useragent:\\nallow:\\n)",
        "body = b'useragent:\\nallow:\\n' * (50 * 10**6 // 18)",
        "rx.Robots(body)",
        "len(body)",
        "body byte",
    ),
    (
        "parse_robots_txt(body, RobotsParsingReporter()), line ends",
        "body = b'\\n' * (50 * 10**6); rep = rx.RobotsParsingReporter()",
        "rx.parse_robots_txt(body, rep)",
        "len(body)",
        "body byte",
    ),
    (
        "RobotsParsingReporter.parse_results(), per line",
        f"rep = rx.RobotsParsingReporter(); rx.parse_robots_txt(b'\\n' * {N}, rep)",
        "rep.parse_results()",
        f"{N} + 1",
        "line",
    ),
    (
        "maybe_escape_pattern(bytes over 0x7F)",
        "p = b'\\xff' * (50 * 10**6)",
        "rx.maybe_escape_pattern(p)",
        "len(p)",
        "input byte",
    ),
    (
        "Robots.check_many, one answer throughout",
        f"r = rx.Robots(b'User-agent: *\\nDisallow: /x\\n'); urls = ['https://example.com/x'] * {N}",
        "r.check_many('Googlebot', urls)",
        f"{N}",
        "URL",
    ),
    (
        "Robots.check_many, answers alternating",
        f"r = rx.Robots(b'User-agent: *\\nDisallow: /x\\n'); "
        f"urls = ['https://example.com/x', 'https://example.com/y'] * {N // 2}",
        "r.check_many('Googlebot', urls)",
        f"{N}",
        "URL",
    ),
    (
        "Robots.allowed_many",
        f"r = rx.Robots(b'User-agent: *\\nDisallow: /x\\n'); urls = ['https://example.com/x'] * {N}",
        "r.allowed_many('Googlebot', urls)",
        f"{N}",
        "URL",
    ),
    (
        "Robots.groups(), one rule each",
        f"r = rx.Robots(b'user-agent: a\\nallow: /b\\n' * {N // 4})",
        "r.groups()",
        f"{N // 4}",
        "group",
    ),
    (
        "Robots.sitemaps()",
        f"r = rx.Robots(b'sitemap: https://example.com/sitemap.xml\\n' * {N // 2})",
        "r.sitemaps()",
        f"{N // 2}",
        "sitemap",
    ),
]


def main() -> None:
    if not sys.platform.startswith("linux"):
        sys.exit("Linux only: /proc/self/status and clear_refs")
    print(f"{'call':58} {'bytes per':>12}")
    for name, setup, call, size, unit in CASES:
        code = CHILD.format(setup=setup, call=call, size=size)
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        grown, n = int(out[0]), int(out[1])
        print(f"{name:58} {grown / n:8.2f} per {unit}")


if __name__ == "__main__":
    main()
