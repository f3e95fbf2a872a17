"""The WARC benchmark's Python half (run by scripts/bench-warc.sh).

  python scripts/bench_warc.py make CORPUS OUT_PREFIX FILES RECORDS
      Writes FILES Common Crawl-like robots.txt WARC files (a gzip member per
      record), RECORDS records in all, from the corpus's robots.txt bodies:
      about two thirds 200 answers, the rest redirects (http to https, the
      target captured next), 404, 403, 5xx and 429, with the HTTP and WARC
      headers a crawler records.
  python scripts/bench_warc.py warcio|fastwarc AGENT FILE...
      The datatrove-style route: each robots.txt response read with warcio
      or FastWARC, its status classed as RFC 9309 does (2xx rules, 4xx allow
      all, 5xx disallow all), its body parsed by Protego, and the agent
      checked at /; prints the number of rows.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import random
import sys
import uuid


def warc_record(kind: str, uri: str, date: str, block: bytes) -> bytes:
    digest = hashlib.sha1(block).hexdigest()
    head = (
        f"WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Date: {date}\r\n"
        f"WARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\nContent-Length: {len(block)}\r\n"
        f"Content-Type: application/http; msgtype={kind}\r\n"
        f"WARC-Warcinfo-ID: <urn:uuid:00000000-0000-0000-0000-000000000000>\r\n"
        f"WARC-IP-Address: 192.0.2.{len(uri) % 250}\r\nWARC-Target-URI: {uri}\r\n"
        f"WARC-Block-Digest: sha1:{digest}\r\n\r\n"
    )
    return head.encode() + block + b"\r\n\r\n"


def http(status: int, reason: str, body: bytes, extra: str = "") -> bytes:
    head = (
        f"HTTP/1.1 {status} {reason}\r\nDate: Sat, 01 Jun 2024 00:00:00 GMT\r\nServer: nginx\r\n"
        f"Content-Type: text/plain; charset=utf-8\r\nX-Crawler-Content-Length: {len(body)}\r\n"
        f"Content-Length: {len(body)}\r\nCache-Control: max-age=86400\r\n{extra}\r\n"
    )
    return head.encode() + body


def make(corpus: str, prefix: str, files: int, records: int) -> None:
    names = sorted(os.listdir(corpus))
    bodies = [open(os.path.join(corpus, n), "rb").read() for n in names]
    rng = random.Random(9309)
    outs = [open(f"{prefix}-{i:02d}.warc.gz", "wb") for i in range(files)]
    written = 0
    i = 0
    while written < records:
        out = outs[i % files]
        host = f"h{i}.{names[i % len(names)]}"
        date = f"2024-06-01T00:{i // 3600 % 60:02d}:{i % 60:02d}Z"
        roll = rng.random()
        if written + 2 > records:
            roll = 0.0  # no redirect pair past the count asked for
        blocks = []
        if roll < 0.65:
            blocks.append((f"https://{host}/robots.txt", http(200, "OK", bodies[i % len(bodies)])))
        elif roll < 0.77:
            blocks.append((f"http://{host}/robots.txt",
                           http(301, "Moved Permanently", b"", f"Location: https://{host}/robots.txt\r\n")))
            blocks.append((f"https://{host}/robots.txt", http(200, "OK", bodies[i % len(bodies)])))
        elif roll < 0.92:
            blocks.append((f"https://{host}/robots.txt",
                           http(404, "Not Found", b"<html><body><h1>404 Not Found</h1></body></html>")))
        elif roll < 0.95:
            blocks.append((f"https://{host}/robots.txt", http(403, "Forbidden", b"Forbidden")))
        elif roll < 0.99:
            blocks.append((f"https://{host}/robots.txt", http(503, "Service Unavailable", b"")))
        else:
            blocks.append((f"https://{host}/robots.txt", http(429, "Too Many Requests", b"")))
        for uri, block in blocks:
            # A gzip member per record, as Common Crawl writes them.
            out.write(gzip.compress(warc_record("response", uri, date, block), compresslevel=6))
            written += 1
        i += 1
    for out in outs:
        out.close()


def classify(status: int, body: bytes, agent: str, parse) -> bool:
    if 200 <= status < 300:
        return parse(body).can_fetch("/", agent)
    return status < 500


def route(kind: str, agent: str, paths: list[str]) -> int:
    from protego import Protego

    def parse(body: bytes):
        return Protego.parse(body.decode("utf-8", "ignore"))

    rows = 0
    if kind == "warcio":
        from warcio.archiveiterator import ArchiveIterator

        for path in paths:
            with open(path, "rb") as f:
                for record in ArchiveIterator(f):
                    if record.rec_type != "response":
                        continue
                    uri = record.rec_headers.get_header("WARC-Target-URI") or ""
                    if not uri.endswith("/robots.txt"):
                        continue
                    status = int(record.http_headers.get_statuscode())
                    classify(status, record.content_stream().read(), agent, parse)
                    rows += 1
    else:
        from fastwarc.warc import ArchiveIterator, WarcRecordType

        for path in paths:
            # FastWARC 2 opens the path and detects the gzip members itself.
            for record in ArchiveIterator(path, record_types=WarcRecordType.response, parse_http=True):
                uri = record.headers.get("WARC-Target-URI", "")
                if not uri.endswith("/robots.txt"):
                    continue
                classify(record.http_headers.status_code, record.reader.read(), agent, parse)
                rows += 1
    return rows


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        print(route(sys.argv[1], sys.argv[2], sys.argv[3:]))
