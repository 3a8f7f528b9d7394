"""Phones for the tests of following: the page's links faked, and a phone's
session with its links' two sides and the jobs it hands its page to run."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime

from event_loops import run_apart

from companion.access.follow_messages import match_sent
from companion.access.peer_codes import encode
from companion.access.peer_sdp import Kind, read_sdp
from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.match_code import encode_match
from companion.sync.follow_guest import HOST
from companion.sync.following import Following
from companion.sync.peer_links import PeerEvent
from companion.ui.frame.state import AppState

HOSTS_ID = "0123456789ab"
"""The id of the match a host phone lets others follow."""
CREATED = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)


def played(rounds: int, players: Sequence[str] = ("Ada", "Bo", "Åse")) -> Match:
    """A match of Crazy Eights with `rounds` rounds, each player out in turn."""
    match = Match.new("crazy-eights", list(players))
    for number in range(rounds):
        out = match.players[number % len(players)]
        match = match.record_round(out, {p: 5 for p in match.players if p != out})
    return match


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
        self.listener: Callable[[PeerEvent], None] | None = None

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
        self.listener = heard


class LinkedPhone:
    """A phone's own session (on `store`, which may hold matches already), its
    faked links, both sides of them, and the jobs they hand the page to run
    (kept in `pending` until run_pending; `tasks` counts them)."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store or Store.in_memory()
        self.state = AppState.load(self.store, ShareGate(False))
        self.peers = FakePeers()
        self.pending: list[Callable[[], Awaitable[None]]] = []
        self.tasks = 0
        self.following = Following(self.peers, self.state, self._run)
        # As root.py wires it: each save here reaches the phones that follow.
        self.state.tell_others_with(self.following.host.match_saved)
        self.watch = self.following.host.watch

    def _run(self, job: Callable[[], Awaitable[None]]) -> None:
        self.tasks += 1
        self.pending.append(job)

    def deliver(self, link: str, event: str, text: str = "") -> None:
        """An event on `link` as the page hands it over, then the jobs it made."""
        assert self.peers.listener is not None
        self.peers.listener(PeerEvent(link, event, text=text))
        run_apart(self.run_pending())

    async def run_pending(self) -> None:
        """Run the jobs handed to the page but its timers (not what these
        tests are about unless they run them)."""
        while self.pending:
            job = self.pending.pop(0)
            if not job.__qualname__.endswith("wait"):
                await job()


class Follower(LinkedPhone):
    """A phone (on `store`, which may hold matches) that scanned a host's offer
    and is live."""

    def __init__(self, store: Store | None = None) -> None:
        super().__init__(store)
        self.guest = self.following.guest
        self.again()

    def again(self) -> None:
        """The host's next offer scanned and the new link open (the old one,
        if any, closed first)."""
        run_apart(self.guest.answer_offer(offer_code()))
        self.heard("open")

    def heard(self, event: str, text: str = "") -> None:
        self.deliver(HOST, event, text)

    def hosts(
        self,
        match: Match,
        seq: int,
        may_record: bool = False,
        match_id: str = HOSTS_ID,
    ) -> None:
        """The host's message with its match `match_id` after its `seq`-th change."""
        code = encode_match(StoredMatch(match_id, CREATED, None, match))
        self.heard("message", match_sent(seq, code, may_record))
