"""The links the static site's page hands Python, until the person answers them.

The page takes a hand-over link (`#m=...`) out of the address bar as it
loads, before Flutter reads the address (the app's routes live in the
fragment), and keeps it in the tab's sessionStorage until Python says it was
answered (publish/link_from_address.js): a reload before the tap offers it again,
one after it offers nothing. A link opened into the tab while the app shows
(only the fragment changes), or handed over by a tab refused because this one
holds the store (publish/page_start.js), comes the same way later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.serving.page_channel import PageChannel

HANDED = "handed"
"""The page to Python: a link (`text`), the one it was opened with before the
app starts, later ones while it runs."""
FORGET = "forget-handed"
"""Python to the page: the link was answered; a reload brings it no more."""


def _text(message: dict[str, Any]) -> str:
    text = message.get("text")
    return text if isinstance(text, str) else ""


def opened_with(channel: PageChannel) -> str:
    """The link the page was opened with ("" if none). The page says it as
    soon as it starts Python's worker, before Flet's init message, so it has
    come by the time the app starts."""
    said: list[str] = []
    channel.listen(HANDED, lambda message: said.append(_text(message)))
    return said[-1] if said else ""


def later(channel: PageChannel, came: Callable[[str], None]) -> None:
    """From now on, hand `came` each link the page is given while the app runs
    (a message that holds no text is no link)."""

    def heard(message: dict[str, Any]) -> None:
        text = _text(message)
        if text:
            came(text)

    channel.listen(HANDED, heard)


def forget(channel: PageChannel) -> None:
    """Tell the page the link was answered."""
    channel.tell(FORGET)
