"""Whether a page can keep its screen awake: browsers lock it for secure pages only."""

from __future__ import annotations

from urllib.parse import urlsplit

from companion.access.sharing import is_loopback_client

LOCAL_NAMES = frozenset({"localhost"})
"""Host names a browser counts as this machine, so secure over plain http."""


def can_keep_awake(web: bool, url: str | None) -> bool:
    """Whether a page at `url` may hold a wake lock: an app outside a browser
    may; a browser gives one (the Screen Wake Lock API) to a secure context
    only, https or this machine, not a phone on the table's Wi-Fi over plain
    http (whose page also forbids the video some browsers would loop instead).

    `url` is the client's to say (forgeable): it decides only what Settings
    shows of a switch, and an unknown one counts as a browser page over http.
    """
    if not web:
        return True
    try:
        parts = urlsplit(url or "")
        host = parts.hostname or ""
    except ValueError:
        return False
    if parts.scheme == "https":
        return True
    local = host.lower() in LOCAL_NAMES or host.lower().endswith(".localhost")
    return parts.scheme == "http" and (local or is_loopback_client(host))
