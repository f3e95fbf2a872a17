"""How the drop-ins read an agent and a URL before Google's matcher sees them.

Their peers (Protego, ``urllib.robotparser``, Scrapy's parsers) take whole
User-Agent strings and URLs as people write them; Google's library takes a
product token and a URL percent-encoded as RFC 3986 asks (robots.h: "'url'
must be %-encoded according to RFC3986").
"""

from __future__ import annotations

from typing import Union

from ._native import extract_user_agent, maybe_escape_pattern

_Text = Union[str, bytes]

#: The agent Google's matcher is given when the caller's has no product
#: token: ``*``, no group's token, so that only the ``*`` groups apply.
NO_TOKEN = b"*"


def product_token(user_agent: _Text) -> bytes:
    """The agent's product token, its leading run of ``[a-zA-Z_-]``
    (``Googlebot/2.1`` is ``Googlebot``), or ``*`` when it has none (``*``,
    ``2bot``, an empty string): an empty token would match every
    ``User-agent`` line whose value has none, such as an empty one."""
    raw = user_agent.encode("utf-8") if isinstance(user_agent, str) else user_agent
    return extract_user_agent(raw) or NO_TOKEN


def escaped_url(url: _Text) -> _Text:
    """The URL in the form Google's rules are put in (its MaybeEscapePattern):
    bytes outside ASCII percent-encoded as UTF-8, escapes upper-cased
    (``/ツ`` is ``/%E3%83%84``, ``/%e3`` is ``/%E3``), nothing decoded. A URL
    already in that form, as a crawler's usually is, is returned as it is."""
    if isinstance(url, str):
        if url.isascii() and "%" not in url:
            return url
    elif url.isascii() and b"%" not in url:
        return url
    return maybe_escape_pattern(url)
