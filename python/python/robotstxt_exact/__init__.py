"""Google's robots.txt answers, byte for byte, for Python.

A binding of the robotstxt Rust core, which reimplements Google's
robots.txt parser and matcher (github.com/google/robotstxt):

- Google's API: :class:`RobotsMatcher`, :func:`parse_robots_txt` with a
  handler (:class:`RobotsParseHandler`), :class:`RobotsParsingReporter`.
- Parse once: :class:`Robots`, immutable and thread-safe; its queries release
  the GIL. ``check``, ``allowed``, ``check_many``, ``for_agents``,
  ``sitemaps``, ``groups``, ``crawl_delay``; beside the verdicts, the usage
  preferences of ``Content-Signal`` and ``Content-Usage`` lines
  (``preferences``) and ``request_rate``.
- Which known crawlers a file blocks: :func:`audit`, :func:`known_crawlers`.
- The crawler side of RFC 9309: :func:`robots_txt_url`, :class:`Policy`,
  :class:`CacheEntry`.
- Drop-ins: :mod:`robotstxt_exact.robotparser` (``urllib.robotparser``),
  :mod:`robotstxt_exact.protego` (Protego), :mod:`robotstxt_exact.scrapy`
  (Scrapy's ``ROBOTSTXT_PARSER``), :mod:`robotstxt_exact.spark` (PySpark).

Bodies, agents and URLs may be ``bytes`` or ``str`` (``str`` is taken as
UTF-8). URLs must be percent-encoded already, as with Google's library; give
product tokens such as ``Googlebot`` as agents, not whole User-Agent headers.
"""

from ._native import (
    MAX_REDIRECT_HOPS,
    MAX_ROBOTS_TXT_BYTES,
    Access,
    AgentView,
    Answer,
    Audit,
    Crawler,
    CrawlerAudit,
    PathVerdict,
    PolicyAudit,
    PreferenceLine,
    Preferences,
    RequestRate,
    Stated,
    CacheEntry,
    Decision,
    Group,
    LineMetadata,
    Policy,
    Robots,
    RobotsMatcher,
    RobotsParsedLine,
    RobotsParsingReporter,
    RobotsTagName,
    Rule,
    __version__,
    applies_to,
    audit,
    extract_user_agent,
    get_path_params_query,
    is_robots_txt_url,
    known_crawlers,
    max_age_from_cache_control,
    maybe_escape_pattern,
    parse_crawler_list,
    parse_robots_txt,
    robots_txt_url,
    should_follow_redirect,
    truncate_body,
)


class RobotsParseHandler:
    """Google's ``RobotsParseHandler``: subclass it and pass an instance to
    :func:`parse_robots_txt`. Values arrive as ``bytes``, exactly as in the
    body (``allow``, ``disallow`` and unknown keys' values percent-escape
    normalised, as Google's parser hands them over). Every method does nothing
    here; override the ones you need. An exception raised by a method stops
    the calls and is raised by :func:`parse_robots_txt`."""

    def handle_robots_start(self) -> None:
        """Called once before the first line."""

    def handle_robots_end(self) -> None:
        """Called once after the last line."""

    def handle_user_agent(self, line_num: int, value: bytes) -> None:
        """A ``user-agent`` line."""

    def handle_allow(self, line_num: int, value: bytes) -> None:
        """An ``allow`` line."""

    def handle_disallow(self, line_num: int, value: bytes) -> None:
        """A ``disallow`` line."""

    def handle_sitemap(self, line_num: int, value: bytes) -> None:
        """A ``sitemap`` line."""

    def handle_unknown_action(self, line_num: int, action: bytes, value: bytes) -> None:
        """A key-value line whose key is not recognised."""

    def report_line_metadata(self, line_num: int, metadata: LineMetadata) -> None:
        """Called for every line, after the line's directive callback."""


__all__ = [
    "MAX_REDIRECT_HOPS",
    "MAX_ROBOTS_TXT_BYTES",
    "Access",
    "AgentView",
    "Answer",
    "Audit",
    "CacheEntry",
    "Crawler",
    "CrawlerAudit",
    "Decision",
    "Group",
    "LineMetadata",
    "PathVerdict",
    "Policy",
    "PolicyAudit",
    "PreferenceLine",
    "Preferences",
    "RequestRate",
    "Robots",
    "RobotsMatcher",
    "RobotsParseHandler",
    "RobotsParsedLine",
    "RobotsParsingReporter",
    "RobotsTagName",
    "Rule",
    "Stated",
    "__version__",
    "applies_to",
    "audit",
    "extract_user_agent",
    "get_path_params_query",
    "is_robots_txt_url",
    "known_crawlers",
    "max_age_from_cache_control",
    "maybe_escape_pattern",
    "parse_crawler_list",
    "parse_robots_txt",
    "robots_txt_url",
    "should_follow_redirect",
    "truncate_body",
]
