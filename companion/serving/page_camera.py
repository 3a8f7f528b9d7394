"""The static site's QR scanner: the page's camera, asked by message, its text back."""

from __future__ import annotations

import asyncio
from typing import Any

from companion.serving.page_channel import PageChannel
from companion.ui.frame.handover import Scan, ScanProblem, ScanWords

SCAN = "scan"
"""Python to the page: open the camera over the app (`hint`, `close`: its words)."""
SCANNED = "scanned"
"""The page to Python: the camera is released, with the `text` read or the
`problem` (a ScanProblem's value) why none was."""


def scan_of(message: dict[str, Any]) -> Scan:
    """What a `scanned` message says; a problem of its own if it says nothing
    this app knows (the page's words are not trusted)."""
    text = message.get("text")
    if isinstance(text, str):
        return Scan(text=text)
    problem = message.get("problem")
    try:
        return Scan(problem=ScanProblem(problem if isinstance(problem, str) else ""))
    except ValueError:
        return Scan(problem=ScanProblem.FAILED)


class PageScanner:
    """A Scanner (ui.frame.handover) on the page's camera: one scan at a time."""

    def __init__(self, channel: PageChannel) -> None:
        self._channel = channel
        self._waiting: asyncio.Future[Scan] | None = None
        channel.listen(SCANNED, self._scanned)

    async def __call__(self, words: ScanWords) -> Scan:
        if self._waiting is not None and not self._waiting.done():
            # The page closes the camera it has open before it opens it anew.
            self._waiting.set_result(Scan(problem=ScanProblem.CLOSED))
        waiting: asyncio.Future[Scan] = asyncio.get_running_loop().create_future()
        self._waiting = waiting
        self._channel.tell(SCAN, hint=words.hint, close=words.close)
        return await waiting

    def _scanned(self, message: dict[str, Any]) -> None:
        if self._waiting is None or self._waiting.done():
            # No scan is waiting: the page has no business sending one.
            return
        self._waiting.set_result(scan_of(message))
