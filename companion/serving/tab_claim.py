"""One tab at a time without Web Locks (plain http): claimed over a BroadcastChannel.

Web Locks exist only in secure contexts; a site opened as http://192.168.x.y/
has none, but every browser gives it a BroadcastChannel. A tab asks the site's
other tabs whether one holds the store, and takes it if none answers in time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

ANSWER_WAIT_S = 2.0
"""How long a tab waits for a holder to answer: a busy tab (its Python at work)
answers only between two steps, and a phone can be slow."""

PROBE = "probe"
"""A page's question before its Python starts: answered by a holder only."""


class TabClaim:
    """This tab's claim to the store, told to and heard from the site's other tabs.

    Messages are "ask:<token>" (a tab wants the store) and "held:<token>" (a
    tab has it); "probe:<token>" is a page looking before it starts Python
    (publish.page_start), which claims nothing. A holder answers every ask
    and probe. A tab waiting for answers gives
    way on a "held", or on an ask with a smaller token (two tabs asking at
    once: exactly one goes on). One that got no answer takes the store and
    says so, which stops any tab that asked after it.
    """

    def __init__(self, post: Callable[[str], None], token: str) -> None:
        self._post = post
        self._token = token
        self.holding = False
        self._refused: asyncio.Future[bool] | None = None

    def heard(self, message: str) -> None:
        """Another tab's message (the channel never echoes this tab's own)."""
        kind, _, token = message.partition(":")
        if self.holding:
            if kind in ("ask", PROBE):
                self._post(f"held:{self._token}")
            return
        refused = self._refused
        if refused is None or refused.done():
            return
        if kind == "held" or (kind == "ask" and token < self._token):
            refused.set_result(False)

    async def claim(self, wait_s: float = ANSWER_WAIT_S) -> bool:
        """Ask the other tabs; True once this tab holds the store, False if one does."""
        self._refused = asyncio.get_running_loop().create_future()
        self._post(f"ask:{self._token}")
        try:
            return await asyncio.wait_for(asyncio.shield(self._refused), wait_s)
        except TimeoutError:
            self.holding = True
            self._post(f"held:{self._token}")
            return True
