"""Phones for the tests of following: the page's links faked, and a phone's
session with the jobs it hands its page to run."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from companion.access.peer_codes import encode
from companion.access.peer_sdp import Kind, read_sdp
from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.sync.links import LinkWatch
from companion.sync.peer_links import PeerEvent
from companion.ui.frame.state import AppState

OFFER = """v=0
o=- 1 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1 1 udp 2113937151 192.168.1.20 50000 typ host generation 0
a=ice-ufrag:abcd
a=ice-pwd:abcdefghijklmnopqrstuv
a=fingerprint:sha-256 {fingerprint}
a=setup:{setup}
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""
FINGERPRINT = ":".join(["AB"] * 32)


def sdp(setup: str) -> str:
    """A browser's description: `actpass` an offer's, `active` an answer's."""
    return OFFER.format(fingerprint=FINGERPRINT, setup=setup).replace("\n", "\r\n")


def offer_code() -> str:
    """The digits of a host's offer, as a following phone scans them."""
    return encode(read_sdp(sdp("actpass"), Kind.OFFER))


def answer_code() -> str:
    """The digits of a following phone's answer, as the host scans them."""
    return encode(read_sdp(sdp("active"), Kind.ANSWER))


class FakePeers:
    """The page's links as these tests need them: what was sent, by link."""

    def __init__(self) -> None:
        self.sent: dict[str, list[str]] = {}

    async def offer(self, link: str) -> str:
        # Gathering takes a while: another call may come meanwhile.
        await asyncio.sleep(0)
        return sdp("actpass")

    async def answer(self, link: str, offer: str) -> str:
        return sdp("active")

    async def accept(self, link: str, answer: str) -> None:
        return None

    async def send(self, link: str, text: str) -> None:
        self.sent.setdefault(link, []).append(text)

    async def close(self, link: str) -> None:
        return None

    def listen(self, heard: Callable[[PeerEvent], None]) -> None:
        return None


class LinkedPhone:
    """A phone's own session, its faked links, and the jobs its links' watch
    hands the page to run (kept in `pending` until run_pending)."""

    def __init__(self) -> None:
        self.store = Store.in_memory()
        self.state = AppState.load(self.store, ShareGate(False))
        self.peers = FakePeers()
        self.pending: list[Callable[[], Awaitable[None]]] = []
        self.watch = LinkWatch(self.peers, self.pending.append, self.state.changed)

    async def run_pending(self) -> None:
        """Run the jobs handed to the page but its timers (not what these
        tests are about unless they run them)."""
        while self.pending:
            job = self.pending.pop(0)
            if not job.__qualname__.endswith("wait"):
                await job()
