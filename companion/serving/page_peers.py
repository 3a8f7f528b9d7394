"""The static site's direct links to other phones, asked of the page by message."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from companion.serving.page_channel import PageChannel
from companion.sync.peer_links import PeerEvent, PeerLinkError

COMMAND = "peer"
"""Python to the page: a `command` for webclient/peer_link.js, with its `id`."""
REPLY = "peer-reply"
"""The page to Python: the `reply` to command `id`."""
EVENT = "peer-event"
"""The page to Python: an event of a link."""
EVENTS = frozenset({"state", "open", "quiet", "heard", "closed", "message", "dropped"})
MAX_NAME_CHARS = 32
"""The longest link name or state read: ours are a few characters."""


def _text(message: dict[str, Any], key: str, most: int | None = None) -> str:
    value = message.get(key, "")
    if not isinstance(value, str) or (most is not None and len(value) > most):
        return ""
    return value


def event_of(message: dict[str, Any]) -> PeerEvent | None:
    """The event a `peer-event` message tells; None if it tells none we know
    (the page's words are not trusted: the channel bounded their length)."""
    link, event = _text(message, "link", MAX_NAME_CHARS), _text(message, "event")
    if not link or event not in EVENTS:
        return None
    state = _text(message, "state", MAX_NAME_CHARS)
    return PeerEvent(link, event, state, _text(message, "text"))


class PagePeers:
    """PeerLinks (sync.peer_links) on the page's peer_link.js."""

    def __init__(self, channel: PageChannel) -> None:
        self._channel = channel
        self._numbers = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._heard: Callable[[PeerEvent], None] = lambda _event: None
        channel.listen(REPLY, self._replied)
        channel.listen(EVENT, self._event)

    async def _ask(self, **command: str) -> dict[str, Any]:
        number = next(self._numbers)
        waiting = asyncio.get_running_loop().create_future()
        self._waiting[number] = waiting
        self._channel.tell(COMMAND, id=number, command=command)
        reply: dict[str, Any] = await waiting
        if reply.get("ok") is not True:
            error = reply.get("error")
            raise PeerLinkError(error if isinstance(error, str) else "failed")
        return reply

    async def _described(self, **command: str) -> str:
        sdp = (await self._ask(**command)).get("sdp")
        if not isinstance(sdp, str):
            raise PeerLinkError("failed")
        return sdp

    async def offer(self, link: str) -> str:
        return await self._described(op="offer", link=link)

    async def answer(self, link: str, offer: str) -> str:
        return await self._described(op="answer", link=link, sdp=offer)

    async def accept(self, link: str, answer: str) -> None:
        await self._ask(op="accept", link=link, sdp=answer)

    async def send(self, link: str, text: str) -> None:
        await self._ask(op="send", link=link, text=text)

    async def close(self, link: str) -> None:
        await self._ask(op="close", link=link)

    def listen(self, heard: Callable[[PeerEvent], None]) -> None:
        self._heard = heard

    def _replied(self, message: dict[str, Any]) -> None:
        number, reply = message.get("id"), message.get("reply")
        waiting = self._waiting.pop(number, None) if isinstance(number, int) else None
        if waiting is None or waiting.done():
            # No command of that number waits: the page has no business answering.
            return
        waiting.set_result(reply if isinstance(reply, dict) else {})

    def _event(self, message: dict[str, Any]) -> None:
        event = event_of(message)
        if event is not None:
            self._heard(event)
