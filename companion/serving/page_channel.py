"""Messages between the static site's page and Python in its worker, apart from Flet's.

Python runs in a web worker; the camera, the address bar and the page's
storage are the page's. Each message is one JSON object with a `kind`, sent
under a key of its own (publish/page_channel*.js): the worker's script takes
the page's messages under that key before Flet's handler sees them (Flet
would take an early one for its init message, a later one for the app's),
and the page's takes Python's before Flet hands them to Flutter. What the
page sends is read within bounds and by kind, its budget, length and nesting
checked before its JSON is parsed; anything else is dropped.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from companion.access.follow_messages import BURST, RATE, MessageBudget
from companion.access.sharing import MAX_PHONES
from companion.engine.json_depth import nests_deeper_than
from companion.storage.match_link import MAX_LINK_CHARS

LOG = logging.getLogger(__name__)

KEY = "companionPage"
"""The key every message of ours travels under, both ways."""

MAX_MESSAGE_CHARS = MAX_LINK_CHARS + 1000
"""The longest message read: a link with room for its JSON around it."""
PAGE_RATE = 2 * (MAX_PHONES + 1) * RATE
PAGE_BURST = 2 * (MAX_PHONES + 1) * BURST
"""Messages a second the page may pass on, and at once: every following
phone's budget (access/follow_messages.py), the page's own replies and link
events as much again. A phone past its budget is the host's to answer (it
closes its link); past this one, the page's messages are dropped unparsed."""

Handler = Callable[[dict[str, Any]], None]


def _as_is(function: Callable[..., None]) -> Callable[..., None]:
    return function


class Bridge(Protocol):
    """The worker's side of the channel (`self.companionPage` in the worker)."""

    def listen(self, heard: Callable[[str], None]) -> None:
        """Call `heard` with each message's JSON, those that came before first."""

    def tell(self, text: str) -> None:
        """Post a message (its JSON) to the page."""


class PageChannel:
    """Python's end: handlers by kind, messages to the page by kind.

    A message of a kind nobody listens for yet is kept (the last of each
    kind) until a handler comes: the page says what it was opened with
    before the app has started.
    """

    def __init__(
        self,
        bridge: Bridge,
        for_js: Callable[[Callable[..., None]], Any] = _as_is,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`for_js` makes a Python function JavaScript may keep calling (in
        Pyodide, pyodide.ffi.create_proxy)."""
        self._bridge = bridge
        self._budget = MessageBudget(clock, rate=PAGE_RATE, burst=PAGE_BURST)
        self._dropping = False
        self._handlers: dict[str, Handler] = {}
        self._unclaimed: dict[str, dict[str, Any]] = {}
        # Kept: the proxy lives as long as the channel.
        self._heard_by_js = for_js(self._heard)
        bridge.listen(self._heard_by_js)

    @classmethod
    def open(cls) -> PageChannel | None:
        """The channel of this worker's page; None where the worker has no
        script of ours (a Flet the early start was not made for)."""
        import js
        from pyodide.ffi import create_proxy

        bridge = getattr(js, KEY, None)
        return None if bridge is None else cls(bridge, create_proxy)

    def listen(self, kind: str, handler: Handler) -> None:
        """Hand every message of `kind` to `handler` (a kept one at once)."""
        self._handlers[kind] = handler
        kept = self._unclaimed.pop(kind, None)
        if kept is not None:
            handler(kept)

    def tell(self, kind: str, **fields: object) -> None:
        """Send the page a message of `kind` with `fields` (JSON's types)."""
        self._bridge.tell(json.dumps({"kind": kind, **fields}))

    def _heard(self, text: object) -> None:
        if not self._budget.take():
            # One line for a flood, not one a message: it is dropped unread.
            if not self._dropping:
                LOG.warning("The page sent more than its budget; dropping.")
            self._dropping = True
            return
        self._dropping = False
        message = _read(text)
        if message is None:
            LOG.warning("A message from the page was not ours to read; dropped.")
            return
        handler = self._handlers.get(message["kind"])
        if handler is None:
            self._unclaimed[message["kind"]] = message
        else:
            handler(message)


def _read(text: object) -> dict[str, Any] | None:
    """A page's message as a dict with a text `kind`; None if it is not one."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE_CHARS:
        return None
    # Before the parser, which a deep text overflows (Pyodide's takes the app).
    if nests_deeper_than(text.encode("utf-8", "surrogatepass")):
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or not isinstance(message.get("kind"), str):
        return None
    return message
