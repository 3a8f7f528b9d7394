"""The link the static site's page was opened with, until the person answers it.

The page takes a hand-over link (`#m=...`) out of the address bar as it
loads, before Flutter reads the address (the app's routes live in the
fragment), and keeps it in the tab's sessionStorage until Python says it was
answered (publish/link_from_address.js): a reload before the tap offers it again,
one after it offers nothing.
"""

from __future__ import annotations

from typing import Any

from companion.serving.page_channel import PageChannel

HANDED = "handed"
"""The page to Python, before the app starts: the link it was opened with (`text`)."""
FORGET = "forget-handed"
"""Python to the page: the link was answered; a reload brings it no more."""


def opened_with(channel: PageChannel) -> str:
    """The link the page was opened with ("" if none). The page says it as
    soon as it starts Python's worker, before Flet's init message, so it has
    come by the time the app starts."""
    said: list[str] = []

    def heard(message: dict[str, Any]) -> None:
        text = message.get("text")
        said.append(text if isinstance(text, str) else "")

    channel.listen(HANDED, heard)
    return said[-1] if said else ""


def forget(channel: PageChannel) -> None:
    """Tell the page the link was answered."""
    channel.tell(FORGET)
