"""A build's direct links to other phones: what the app asks of them and hears back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class PeerLinkError(Exception):
    """The page could not do what was asked of a link: its word why (`code`)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class PeerEvent:
    """What happened on a link (webclient/peer_link.js names the events)."""

    link: str
    event: str
    state: str = ""
    text: str = ""


class PeerLinks(Protocol):
    """The page's direct links, by name; each call raises PeerLinkError."""

    async def offer(self, link: str) -> str:
        """A new link's offer (SDP), the page's camera granted first."""

    async def answer(self, link: str, offer: str) -> str:
        """A new link that answers `offer`: the answer (SDP)."""

    async def accept(self, link: str, answer: str) -> None:
        """The offered link takes the other phone's answer, and connects."""

    async def send(self, link: str, text: str) -> None:
        """Send a message over an open link."""

    async def close(self, link: str) -> None:
        """Close a link for good."""

    def listen(self, heard: Callable[[PeerEvent], None]) -> None:
        """Hand every link's events to `heard`."""
