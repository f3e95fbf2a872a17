"""Reading the body of a fetched robots.txt within bounds, for
:meth:`robotstxt_exact.robotparser.RobotFileParser.read`: the same bounds as
the ``robots`` command's fetch (docs/LIMITS.md, "Fetching").

- At most ``limit + 1`` decoded bytes are read (one more than is kept, to
  tell whether there was more), however long or endless the body.
- The content codings ``http.client`` leaves to its caller: ``gzip``
  (``x-gzip``) and ``deflate`` (zlib-wrapped or raw) are undone, at most
  :data:`MAX_CODINGS` of them, listed in one ``Content-Encoding`` field; any
  other coding, a fifth one or a second field make the body unreadable (a
  network error), as do transfer codings other than ``chunked``, which
  ``http.client`` would leave in the body.
- Every decoder reads at most twice the output wanted and 64 KiB more (a
  coded body is never much longer than what it decodes to: only a stream
  built to keep a decoder busy without output goes past that), and nothing
  is read once the deadline has passed.
- The whole fetch ends by the deadline (:class:`Deadline`), not only the
  body: the socket's timeout bounds each read, so a server that sends its
  status line, header fields or redirects slowly, each read just in time,
  would otherwise hold the fetch for as long as it likes. Each connection
  is made within the time left, and at the deadline every connection of the
  fetch (each redirect's) is shut down, whatever is reading it: a proxy's
  ``CONNECT`` answer, the TLS handshake, the status line, a header field or
  the body. Name resolution is the one step it does not bound (the
  standard library's connections never did).
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
import zlib
from typing import Any, Protocol

MAX_CODINGS = 4
"""The most content codings a response may list (``identity`` included)."""

_CHUNK = 64 * 1024
_OVER_BUDGET = "a content coding of the body reads more than it may"


class _Reader(Protocol):
    def read(self, n: int) -> bytes: ...


class Unreadable(Exception):
    """The body cannot be read as sent: the fetch counts as a network error."""


def _members(value: str) -> list[str]:
    return [m.strip(" \t") for m in value.split(",") if m.strip(" \t")]


def _single(name: str, fields: list[str]) -> str | None:
    if not fields:
        return None
    if len(fields) > 1:
        raise Unreadable(f"{len(fields)} {name} fields, where one is read")
    return fields[0]


def _codings(fields: list[str]) -> list[str]:
    value = _single("Content-Encoding", fields)
    if value is None:
        return []
    members = _members(value)
    if len(members) > MAX_CODINGS:
        raise Unreadable(f"more than {MAX_CODINGS} content codings in Content-Encoding")
    codings = []
    for name in members:
        coding = name.lower()
        if coding == "identity":
            continue
        if coding == "x-gzip":
            coding = "gzip"
        if coding not in ("gzip", "deflate"):
            raise Unreadable(f"unsupported Content-Encoding {name!r}")
        codings.append(coding)
    return codings


def _check_transfer_encoding(fields: list[str], http10: bool) -> None:
    value = _single("Transfer-Encoding", fields)
    if value is None:
        return
    if http10:
        raise Unreadable("Transfer-Encoding in an HTTP/1.0 answer")
    if [m.lower() for m in _members(value)] != ["chunked"]:
        raise Unreadable(f"unsupported Transfer-Encoding {value!r}: only chunked is read")


class Deadline:
    """The end of a fetch, ``seconds`` from now, over all its connections:
    :meth:`opener` makes them, :meth:`stop` tells whether the deadline cut
    one short. A context manager: leaving it lets the connections go."""

    def __init__(self, seconds: float):
        self.at = time.monotonic() + seconds
        self._lock = threading.Lock()
        # A duplicate of each connection's socket: shutting it down shuts
        # the connection down for whoever reads it, a TLS socket made from
        # it included (that takes over the original socket, not the copy).
        self._sockets: list[socket.socket] = []
        self._cut = False
        self._stopped = False
        self._timer = threading.Timer(max(seconds, 0.0), self._shut_down)
        self._timer.daemon = True
        self._timer.start()

    def __enter__(self) -> Deadline:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
        with self._lock:
            for sock in self._sockets:
                sock.close()
            self._sockets.clear()

    def remaining(self) -> float:
        """The seconds left; ``TimeoutError`` when there are none."""
        left = self.at - time.monotonic()
        if left <= 0:
            raise TimeoutError("the timeout passed before the fetch ended")
        return left

    def stop(self) -> bool:
        """Ends the watch; whether the deadline had passed and shut the
        connections down (what was read then may be cut short)."""
        self._timer.cancel()
        with self._lock:
            # Nothing is shut down after this, by the timer's thread either.
            self._stopped = True
            return self._cut

    def _shut_down(self) -> None:
        with self._lock:
            if self._stopped:
                return
            self._cut = True
            for sock in self._sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass  # Closed already, or never connected.

    def _connect(
        self, address: tuple[str, int], timeout: object = None, source_address: Any = None
    ) -> socket.socket:
        # http.client's connect, within the time left instead of the
        # connection's timeout (which still bounds each read after it).
        sock = socket.create_connection(address, self.remaining(), source_address)
        try:
            with self._lock:
                if self._cut:
                    raise TimeoutError("the timeout passed while connecting")
                self._sockets.append(sock.dup())
        except BaseException:
            sock.close()
            raise
        return sock

    def _connection(self, http_class: Any) -> Any:
        def make(host: str, **kwargs: Any) -> Any:
            conn = http_class(host, **kwargs)
            # Where HTTPConnection.connect opens its socket (an instance
            # attribute since Python 3.4), before any proxy tunnel or TLS.
            conn._create_connection = self._connect
            return conn

        return make

    def opener(self, *handlers: Any) -> urllib.request.OpenerDirector:
        """``urllib.request.build_opener(*handlers)`` whose HTTP and HTTPS
        connections end by the deadline."""
        ours: list[_ByDeadline] = [_HTTPByDeadline()]
        if _HTTPSByDeadline is not None:
            ours.append(_HTTPSByDeadline())
        for handler in ours:
            handler.deadline = self
        return urllib.request.build_opener(*handlers, *ours)


class _ByDeadline(urllib.request.AbstractHTTPHandler):
    deadline: Deadline

    def do_open(self, http_class: Any, req: Any, **http_conn_args: Any) -> Any:
        return super().do_open(self.deadline._connection(http_class), req, **http_conn_args)


class _HTTPByDeadline(_ByDeadline, urllib.request.HTTPHandler):
    pass


_HTTPSByDeadline: type[_ByDeadline] | None = None
if hasattr(urllib.request, "HTTPSHandler"):  # Python built with ssl

    class _HTTPS(_ByDeadline, urllib.request.HTTPSHandler):
        pass

    _HTTPSByDeadline = _HTTPS


class _Raw:
    """The body as the response gives it."""

    def __init__(self, response, deadline: Deadline):
        # read1 returns what one read of the socket gives; a response
        # that has none (a file: URL's) reads what it has.
        self._read = getattr(response, "read1", response.read)
        self._deadline = deadline

    def read(self, n: int) -> bytes:
        self._deadline.remaining()
        return self._read(min(n, _CHUNK))


class _Decoded:
    """``source`` read through the decoder of one coding, at most ``budget``
    bytes of it."""

    def __init__(self, source: _Reader, coding: str, budget: int, deadline: Deadline):
        self._source = source
        self._coding = coding
        self._left = budget
        self._deadline = deadline
        self._decoder: zlib._Decompress | None = None
        self._tail = b""
        self._done = False

    def _new_decoder(self) -> zlib._Decompress:
        if self._coding == "gzip":
            return zlib.decompressobj(16 + zlib.MAX_WBITS)
        # HTTP's deflate is zlib-wrapped (RFC 9110, 8.4.1.2), but servers
        # also send raw deflate: a zlib header names method 8 and is a
        # multiple of 31 (RFC 1950), as browsers tell them apart.
        head = self._tail[:2]
        zlib_wrapped = (
            len(head) == 2
            and head[0] & 0x0F == 8
            and head[0] >> 4 <= 7
            and ((head[0] << 8) | head[1]) % 31 == 0
        )
        return zlib.decompressobj(zlib.MAX_WBITS if zlib_wrapped else -zlib.MAX_WBITS)

    def read(self, n: int) -> bytes:
        while not self._done:
            self._deadline.remaining()
            if not self._tail:
                self._tail = self._source.read(_CHUNK)
                if len(self._tail) > self._left:
                    raise Unreadable(_OVER_BUDGET)
                self._left -= len(self._tail)
                if not self._tail:
                    if self._decoder is not None and not self._decoder.eof:
                        raise Unreadable("the coded body is cut short")
                    self._done = True
                    break
            if self._decoder is None or self._decoder.eof:
                if self._decoder is not None and self._coding != "gzip":
                    # Bytes after the end of a deflate stream are not read.
                    self._done = True
                    break
                # The first stream, or the next member of a gzip body.
                self._decoder = self._new_decoder()
            decoder = self._decoder
            out = decoder.decompress(self._tail, n)
            self._tail = decoder.unused_data if decoder.eof else decoder.unconsumed_tail
            if out:
                return out
        return b""


def read_body(response, limit: int, deadline: Deadline) -> bytes:
    """At most ``limit + 1`` bytes of ``response``'s body (an
    ``http.client.HTTPResponse``), decoded, read by ``deadline``. Raises :class:`Unreadable` for a body
    that cannot be read as sent, ``TimeoutError`` past the deadline, and
    ``zlib.error`` for a broken coded body."""
    headers = response.headers
    http10 = getattr(response, "version", 11) == 10
    _check_transfer_encoding(headers.get_all("Transfer-Encoding") or [], http10)
    codings = _codings(headers.get_all("Content-Encoding") or [])
    budget = 2 * (limit + 1) + _CHUNK
    source: _Reader = _Raw(response, deadline)
    for coding in reversed(codings):
        source = _Decoded(source, coding, budget, deadline)
    body = bytearray()
    while len(body) <= limit:
        chunk = source.read(limit + 1 - len(body))
        if not chunk:
            break
        body += chunk
    return bytes(body)
