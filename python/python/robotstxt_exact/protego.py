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
  upper-cased, non-ASCII bytes escaped) and URLs are matched as given:
  percent-encode them. Protego unquotes and requotes both sides, so ``%2F``
  and ``/`` can match each other there.
- **``/robots.txt``** has no implicit allow (Protego always allows it).
- **Ties** between an ``allow`` and a ``disallow`` of the same length go to
  ``allow``, as in Google's library and RFC 9309.
- **crawl_delay** is the first valid value of the groups that apply, as a
  float. Google ignores crawl-delay; it never changes a verdict.
  **request_rate**, **visit_time** and **preferred_host** are always None:
  Google reads neither ``request-rate``, ``visit-time`` nor ``host``.
"""

from __future__ import annotations

from typing import Iterator

from ._native import Robots, extract_user_agent

__all__ = ["Protego"]


def _agent(user_agent: str | bytes) -> bytes:
    raw = user_agent.encode("utf-8") if isinstance(user_agent, str) else user_agent
    return extract_user_agent(raw)


class Protego:
    """Protego's interface over a parse-once :class:`robotstxt_exact.Robots`."""

    def __init__(self, robots: Robots):
        self._robots = robots

    @classmethod
    def parse(cls, content: str | bytes) -> "Protego":
        """Parses a robots.txt body (str, or bytes as fetched)."""
        return cls(Robots(content))

    def can_fetch(self, url: str, user_agent: str) -> bool:
        """Whether ``user_agent`` may fetch ``url``."""
        return self._robots.check([_agent(user_agent)], url).allowed

    def crawl_delay(self, user_agent: str) -> float | None:
        """The crawl-delay of the groups that apply, or None."""
        return self._robots.crawl_delay(_agent(user_agent))

    def request_rate(self, user_agent: str) -> None:
        """Always None: Google does not read ``request-rate``."""
        return None

    def visit_time(self, user_agent: str) -> None:
        """Always None: Google does not read ``visit-time``."""
        return None

    @property
    def sitemaps(self) -> Iterator[str]:
        """The ``sitemap`` URLs in file order."""
        return iter(self._robots.sitemaps())

    @property
    def preferred_host(self) -> None:
        """Always None: Google does not read ``host``."""
        return None

    @property
    def robots(self) -> Robots:
        """The parsed robots.txt, for the full API (an addition)."""
        return self._robots
