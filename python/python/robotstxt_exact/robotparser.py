"""A drop-in for :class:`urllib.robotparser.RobotFileParser` with Google's
answers.

Replace ``from urllib.robotparser import RobotFileParser`` with
``from robotstxt_exact.robotparser import RobotFileParser``: the methods and
attributes are the same, the answers are those of Google's robots.txt parser
and matcher. Where they differ from the standard library's, and why:

- **Longest match wins.** Google (and RFC 9309) decide by the most specific
  (longest) matching rule, ``allow`` winning a tie; the standard library
  takes the first matching rule in file order. ``Disallow: /`` followed by
  ``Allow: /public`` allows ``/public`` here, not in the standard library.
- **Wildcards.** ``*`` and a final ``$`` in rules are patterns here; the
  standard library compares them literally.
- **Agents.** A group applies when its ``user-agent`` names the product
  token of the agent you give, case-insensitively: the leading run of
  ``[a-zA-Z_-]`` (``Googlebot/2.1`` is ``Googlebot``; an agent with none,
  such as ``*``, gets the ``*`` groups only). The standard library
  takes the text before the first ``/`` and accepts a group whose name is a
  substring of it (``User-agent: bot`` applies to ``Googlebot`` there, not
  here). All groups naming the agent are merged (Google), where the standard
  library uses the first. Rules of the ``*`` groups never apply to an agent
  that has a group of its own.
- **Parsing.** Google's: typos such as ``disalow`` and ``useragent`` count,
  a missing colon is accepted between two tokens, a blank line does not end
  a group (only a ``user-agent`` line after rules does), lines are cut at
  16,663 bytes, a UTF-8 byte order mark is skipped.
- **URLs and escapes.** Rules' percent escapes are normalised the Google
  way (upper-cased, non-ASCII bytes escaped), and so are URLs before they
  are matched (``/ツ`` is ``/%E3%83%84``, ``/%7e`` is ``/%7E``); no escape is
  decoded. The standard library unquotes and requotes both sides, so
  ``%7E`` and ``~`` match each other there. An empty ``Disallow:`` allows
  everything in both.
- **``/robots.txt``** has no implicit allow, as in Google's library.
- **Fetching (read()).** Google's status policy (see
  :class:`robotstxt_exact.Policy`): 2xx parses the body (its first 500 KiB),
  any other 4xx and 3xx left after 5 redirects mean "no robots.txt, allow
  everything" (the standard library disallows everything on 401 and 403),
  429, 5xx, network errors and timeouts mean "unreachable, disallow
  everything" (the standard library raises on network errors). The body is
  decoded as bytes, never as UTF-8 text, so invalid UTF-8 does not raise.
  Only the first 500 KiB (and one byte) of the body are read, however long
  or endless it is, and the whole fetch (each connection and redirect, the
  status line, header fields and body) ends within ``timeout`` in all, a
  timeout however slowly a server sends them; ``gzip`` and ``deflate``
  content codings are undone (at most 4, in one ``Content-Encoding`` field),
  and a body that cannot be read as sent (another coding, a transfer coding
  other than ``chunked``, more header fields than ``http.client`` reads,
  which is 100) is a network error, never an exception.
- **crawl_delay** gives the first valid ``crawl-delay`` of the groups that
  apply (an ``int`` when it is a whole number, else a ``float``; the standard
  library accepts digits only), **request_rate** the first valid
  ``request-rate``. Google reads neither; they never change a verdict.
- **str()** lists the groups in Google's reading: the groups naming an agent
  in file order, then the ``*`` groups, each with its ``user-agent`` lines,
  crawl-delay, request-rate and rules (patterns as Google escapes them).

docs/PYTHON.md lists every test of the standard library's own suite that
this does not pass, each with the line of Google's page or code that
decides it.
"""

from __future__ import annotations

import http.client
import time
import urllib.error
import urllib.request
import zlib
from typing import Iterable, Literal, NamedTuple, Union

from ._fetch import Deadline, Unreadable, read_body
from ._native import (
    MAX_REDIRECT_HOPS,
    MAX_ROBOTS_TXT_BYTES,
    Decision,
    Group,
    Policy,
    Robots,
    truncate_body,
)
from ._reading import escaped_url, product_token

# What a fetch ended in, as `Policy.decide` takes it: an HTTP status or the
# name of a failure without one.
_Outcome = Union[int, Literal["network-error", "timeout", "too-many-redirects"]]

__all__ = ["RobotFileParser", "RequestRate"]


class RequestRate(NamedTuple):
    """The standard library's request-rate tuple: ``requests`` per
    ``seconds``."""

    requests: int
    seconds: int


class _LimitedRedirects(urllib.request.HTTPRedirectHandler):
    # Google follows at most five hops, then treats the redirect as a 404.
    max_redirections = MAX_REDIRECT_HOPS


class RobotFileParser:
    """``urllib.robotparser.RobotFileParser`` with Google's parsing and
    matching (see the module's documentation for the differences)."""

    def __init__(self, url: str = "", *, timeout: float = 30.0, policy: Policy = Policy.GOOGLE):
        self.disallow_all = False
        self.allow_all = False
        self.last_checked = 0.0
        self.timeout = timeout
        self.policy = policy
        self._robots: Robots | None = None
        self.set_url(url)

    def mtime(self) -> float:
        """The time the robots.txt was last fetched or parsed."""
        return self.last_checked

    def modified(self) -> None:
        """Sets the time the robots.txt was last fetched to now."""
        self.last_checked = time.time()

    def set_url(self, url: str) -> None:
        """Sets the URL of the robots.txt."""
        import urllib.parse

        self.url = url
        self.host, self.path = urllib.parse.urlparse(url)[1:3]

    def read(self) -> None:
        """Fetches the robots.txt URL with the standard library and applies
        Google's status policy (see the module's documentation)."""
        with Deadline(self.timeout) as deadline:
            outcome, body = self._fetch(deadline)
            if deadline.stop():
                # The deadline shut the connection down, whatever that made
                # the read end in.
                outcome = "timeout"
        self._apply(outcome, body)

    def _fetch(self, deadline: Deadline) -> tuple[_Outcome, bytes]:
        opener = deadline.opener(_LimitedRedirects)
        outcome: _Outcome
        body = b""
        try:
            with opener.open(self.url, timeout=self.timeout) as response:
                body = read_body(response, MAX_ROBOTS_TXT_BYTES, deadline)
                outcome = response.status
        except urllib.error.HTTPError as err:
            # A redirect past the limit ends here with its 3xx status.
            outcome = err.code
            err.close()
        except TimeoutError:
            outcome = "timeout"
        except urllib.error.URLError as err:
            # urllib's wrapping of an error while connecting or sending.
            outcome = "timeout" if isinstance(err.reason, TimeoutError) else "network-error"
        except (
            OSError,
            ValueError,
            http.client.HTTPException,
            zlib.error,
            Unreadable,
        ):
            outcome = "network-error"
        return outcome, body

    def _apply(self, outcome: _Outcome, body: bytes) -> None:
        decision = self.policy.decide(outcome)
        self.disallow_all = decision == Decision.DISALLOW_ALL
        self.allow_all = decision == Decision.ALLOW_ALL
        if decision == Decision.USE_RULES:
            self.parse_bytes(truncate_body(body))
        else:
            self._robots = None
            self.modified()

    def parse(self, lines: Iterable[str]) -> None:
        """Parses the lines of a robots.txt (as the standard library's
        ``parse``, lines without their line ends)."""
        self.parse_bytes("\n".join(lines).encode("utf-8", "surrogateescape"))

    def parse_bytes(self, body: bytes | str) -> None:
        """Parses a whole robots.txt body (an addition: no decoding needed)."""
        self._robots = Robots(body)
        self.modified()

    def can_fetch(self, useragent: str, url: str) -> bool:
        """Whether ``useragent`` may fetch ``url``."""
        if self.disallow_all:
            return False
        if self.allow_all:
            return True
        if not self.last_checked or self._robots is None:
            # As the standard library: nothing read yet, nothing allowed.
            return False
        return self._robots.check([product_token(useragent)], escaped_url(url)).allowed

    def crawl_delay(self, useragent: str) -> int | float | None:
        """The crawl-delay of the groups that apply, or None."""
        if not self.mtime() or self._robots is None:
            return None
        delay = self._robots.crawl_delay(product_token(useragent))
        if delay is not None and float(delay).is_integer():
            return int(delay)
        return delay

    def request_rate(self, useragent: str) -> RequestRate | None:
        """The request-rate of the groups that apply, or None."""
        if not self.mtime() or self._robots is None:
            return None
        rate = self._robots.request_rate(product_token(useragent))
        return None if rate is None else RequestRate(rate.requests, rate.seconds)

    def site_maps(self) -> list[str] | None:
        """The ``sitemap`` URLs, or None if there are none."""
        if self._robots is None:
            return None
        return self._robots.sitemaps() or None

    def __str__(self) -> str:
        if self._robots is None:
            return ""
        groups = self._robots.groups()
        # The standard library's order: the default (``*``) entry last.
        ordered = [g for g in groups if not g.is_global] + [g for g in groups if g.is_global]
        return "\n\n".join(_group_lines(g) for g in ordered)


def _group_lines(group: Group) -> str:
    """A group as the standard library writes an entry."""
    lines = [f"User-agent: {agent}" for agent, _ in group.agents]
    delay = group.crawl_delay
    if delay is not None:
        lines.append(f"Crawl-delay: {int(delay) if float(delay).is_integer() else delay}")
    rate = group.request_rate
    if rate is not None:
        lines.append(f"Request-rate: {rate.requests}/{rate.seconds}")
    lines += [f"{r.kind.capitalize()}: {r.pattern}" for r in group.rules]
    return "\n".join(lines)
