"""A Scrapy robots.txt parser with Google's answers.

Enable it with one setting::

    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robotstxt_exact.scrapy.RobotParser"

Scrapy's ``RobotsTxtMiddleware`` fetches each site's robots.txt once and asks
the parser about every request; this parser parses the body once (as bytes:
nothing is dropped for invalid UTF-8) and answers with Google's matcher.

The user agent Scrapy passes is ``ROBOTSTXT_USER_AGENT``, or the request's
``User-Agent`` header, or ``USER_AGENT``: a whole header such as
``Scrapy/2.13 (+https://scrapy.org)``. Google's matcher takes product tokens,
so the agent's leading run of ``[a-zA-Z_-]`` is used (``Scrapy`` here; an
agent with none is ``*``, the ``*`` groups only); set ``ROBOTSTXT_USER_AGENT``
to your crawler's token to be explicit. URLs are put in the form Google's
rules are put in (non-ASCII percent-encoded as UTF-8, escapes upper-cased),
which Scrapy's request URLs already have.

Where the answers differ from Scrapy's default (Protego), see
:mod:`robotstxt_exact.protego`. What a failed robots.txt fetch means is
decided by Scrapy's middleware, which hands the parser only a body: Scrapy
parses whatever body came back (a 404 page, usually allowing everything) and
allows everything when the download fails, where Google's policy
(:class:`robotstxt_exact.Policy`) disallows everything on 5xx and network
errors.
"""

from __future__ import annotations

from typing import Any

from scrapy.robotstxt import RobotParser as _ScrapyRobotParser

from ._native import Robots
from ._reading import escaped_url, product_token

__all__ = ["RobotParser"]


class RobotParser(_ScrapyRobotParser):
    """``scrapy.robotstxt.RobotParser`` over a parse-once
    :class:`robotstxt_exact.Robots`."""

    def __init__(self, robotstxt_body: bytes, spider: Any = None):
        self.spider = spider
        self.robots = Robots(robotstxt_body)

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: bytes) -> "RobotParser":
        spider = None if not crawler else crawler.spider
        return cls(robotstxt_body, spider)

    def allowed(self, url: str | bytes, user_agent: str | bytes) -> bool:
        return self.robots.check([product_token(user_agent)], escaped_url(url)).allowed

    def crawl_delay(self, user_agent: str | bytes) -> float | None:
        return self.robots.crawl_delay(product_token(user_agent))
