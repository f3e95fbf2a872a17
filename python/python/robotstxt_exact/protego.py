"""A drop-in for Protego (Scrapy's default robots.txt parser) with Google's
answers.

Replace ``from protego import Protego`` with
``from robotstxt_exact.protego import Protego``. Where the answers differ
from Protego's, and why:

- **Agents.** A group applies when its ``user-agent`` value names the product
  token of the agent you give, case-insensitively: the leading run of
  ``[a-zA-Z_-]`` (``Googlebot/2.1`` is ``Googlebot``; the group's value is
  read the same way, so ``User-agent: Googlebot-News`` is ``Googlebot-News``).
  Protego accepts a group whose name occurs anywhere in the agent and picks
  the longest such name, so ``User-agent: bot`` applies to ``Googlebot``
  there and not here. All groups naming the agent are merged, as in Google's
  library.
- **Parsing.** Google's, which Protego mostly shares: typos such as
  ``disalow`` count, a missing colon is accepted between exactly two tokens;
  lines are cut at 16,663 bytes; a rule before any ``user-agent`` line
  belongs to no group.
- **Escapes.** Rules are percent-escape normalised the Google way (escapes
  upper-cased, non-ASCII bytes escaped), and so are URLs before they are
  matched (``/ツ`` is ``/%E3%83%84``, ``/%e3`` is ``/%E3``); no escape is
  decoded. Protego decodes and re-encodes both sides, so ``%2F`` and ``/``,
  ``%7E`` and ``~``, ``%24`` and ``$`` can match each other there.
- **``/robots.txt``** has no implicit allow (Protego always allows it).
- **Ties** between an ``allow`` and a ``disallow`` of the same length go to
  ``allow``, as in Google's library and RFC 9309.
- **crawl_delay** and **request_rate** are those of the groups that apply
  (the first valid value), **preferred_host** the last ``host`` line. Google
  reads none of them; they never change a verdict. **visit_time** is always
  None: no peer of Protego's (Scrapy) asks for it, and Google does not read
  ``visit-time``.

docs/PYTHON.md lists every test of Protego's own suite that this does not
pass, each with the line of Google's page or code that decides it.
"""

from __future__ import annotations

from datetime import time
from typing import Iterator, NamedTuple

from . import RobotsParseHandler
from ._native import Robots, parse_robots_txt
from ._reading import escaped_url, product_token

__all__ = ["Protego", "RequestRate"]


class RequestRate(NamedTuple):
    """Protego's request-rate tuple: ``requests`` per ``seconds``, within
    the UTC window from ``start_time`` to ``end_time`` when one is given."""

    requests: int
    seconds: int
    start_time: time | None
    end_time: time | None


def _time(minutes: int) -> time:
    return time(minutes // 60, minutes % 60)


class _HostLines(RobotsParseHandler):
    """The value of the last ``host`` line, which Google's parser hands
    over as an unknown key."""

    def __init__(self) -> None:
        self.host: str | None = None

    def handle_unknown_action(self, line_num: int, action: bytes, value: bytes) -> None:
        if action.lower() == b"host" and value:
            self.host = value.decode("utf-8", "replace")


class Protego:
    """Protego's interface over a parse-once :class:`robotstxt_exact.Robots`."""

    def __init__(self, robots: Robots, content: str | bytes = b""):
        self._robots = robots
        self._content = content
        self._host: str | None = None
        self._host_read = False

    @classmethod
    def parse(cls, content: str | bytes) -> "Protego":
        """Parses a robots.txt body (str, or bytes as fetched)."""
        return cls(Robots(content), content)

    def can_fetch(self, url: str, user_agent: str) -> bool:
        """Whether ``user_agent`` may fetch ``url``."""
        return self._robots.check([product_token(user_agent)], escaped_url(url)).allowed

    def crawl_delay(self, user_agent: str) -> float | None:
        """The crawl-delay of the groups that apply, or None."""
        return self._robots.crawl_delay(product_token(user_agent))

    def request_rate(self, user_agent: str) -> RequestRate | None:
        """The request-rate of the groups that apply, or None."""
        rate = self._robots.request_rate(product_token(user_agent))
        if rate is None:
            return None
        window = rate.window
        if window is None:
            return RequestRate(rate.requests, rate.seconds, None, None)
        return RequestRate(rate.requests, rate.seconds, _time(window[0]), _time(window[1]))

    def visit_time(self, user_agent: str) -> None:
        """Always None: Google does not read ``visit-time``."""
        return None

    @property
    def sitemaps(self) -> Iterator[str]:
        """The ``sitemap`` URLs in file order."""
        return iter(self._robots.sitemaps())

    @property
    def preferred_host(self) -> str | None:
        """The value of the last ``host`` line, or None."""
        if not self._host_read:
            lines = _HostLines()
            parse_robots_txt(self._content, lines)
            self._host, self._host_read = lines.host, True
        return self._host

    @property
    def robots(self) -> Robots:
        """The parsed robots.txt, for the full API (an addition)."""
        return self._robots
