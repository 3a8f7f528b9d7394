"""A hostile following phone, as the host's page passes on what it sends: random,
huge, deeply nested and forged messages over the page's channel change nothing
in the host's store, raise nothing, and the host still takes a real change."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from event_loops import run_apart

from companion.access import follow_messages
from companion.access.follow_messages import MAX_MESSAGE_CHARS, RATE, save_asked
from companion.access.peer_codes import encode
from companion.access.peer_sdp import Kind, read_sdp
from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.serving.page_channel import PageChannel
from companion.serving.page_peers import PagePeers
from companion.storage import Store
from companion.storage.match_code import encode_match
from companion.sync.follow_host import HostSide
from companion.sync.links import LinkWatch
from companion.ui.frame.state import AppState

SDPS = Path(__file__).parents[1] / "access" / "peer_sdps"
OFFER = (SDPS / "chromium-two-ipv4-offer.sdp").read_text("utf-8")
ANSWER = (SDPS / "chromium-two-ipv4-answer.sdp").read_text("utf-8")


class HostilePage:
    """The host's page as Python's channel sees it: it answers every command
    as peer_link.js would, and passes on whatever the other phone sends."""

    def __init__(self) -> None:
        self.heard: Callable[[str], None] = lambda _text: None
        self.sent: list[str] = []

    def listen(self, heard: Callable[[str], None]) -> None:
        self.heard = heard

    def tell(self, text: str) -> None:
        message = json.loads(text)
        command = message["command"]
        if command["op"] == "send":
            self.sent.append(command["text"])
        reply = {"ok": True, "sdp": OFFER}
        self.says({"kind": "peer-reply", "id": message["id"], "reply": reply})

    def says(self, message: object) -> None:
        self.heard(message if isinstance(message, str) else json.dumps(message))

    def phone_says(self, link: str, text: str) -> None:
        self.says(
            {"kind": "peer-event", "link": link, "event": "message", "text": text}
        )


class Host:
    """A host with a match of one round, one phone following it and allowed to
    record, over a page whose other end is hostile."""

    def __init__(self) -> None:
        self.page = HostilePage()
        self.store = Store.in_memory()
        self.state = AppState.load(self.store, ShareGate(False))
        self.pending: list[Callable[[], Awaitable[None]]] = []
        peers = PagePeers(PageChannel(self.page))
        self.host = HostSide(self.state, LinkWatch(peers, self.pending.append, id))
        peers.listen(self.heard)
        self.state.tell_others_with(self.host.match_saved)
        match = Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
        self.match_id = (
            self.state.writes.add_match(match.record_round("Ada", {"Bo": 5, "Åse": 2}))
            or ""
        )
        run_apart(self._connect())
        (self.link,) = self.host.phones
        self.page.says({"kind": "peer-event", "link": self.link, "event": "open"})
        self.host.let_record(self.link, True)
        self.run_pending()

    async def _connect(self) -> None:
        await self.host.make_offer(self.match_id)
        await self.host.take_answer(encode(read_sdp(ANSWER, Kind.ANSWER)))

    def heard(self, event: Any) -> None:
        self.host.heard(event)
        self.run_pending()

    def run_pending(self) -> None:
        async def run() -> None:
            while self.pending:
                job = self.pending.pop(0)
                if not job.__qualname__.endswith("wait"):  # timers: not these tests'
                    await job()

        run_apart(run())

    def seq(self) -> int:
        """The version of the match the host sent its phone last."""
        sent = [json.loads(text) for text in self.page.sent]
        seq: int = [m for m in sent if m["t"] == "match"][-1]["seq"]
        return seq

    def kept(self) -> tuple[object, ...]:
        return (self.store.list_matches(), self.store.load_stored(self.match_id))


def _forged(host: Host, rng: random.Random) -> list[str]:
    """What a phone that means harm sends, well-formed or not."""
    stored = host.store.load_stored(host.match_id)
    match = stored.match
    code, seq = encode_match(stored), host.seq()
    renamed = replace(stored, match=match.rename_player("Bo", "Bob"))
    other = replace(stored, match=Match.new("uno", ["Ada", "Bo", "Åse"]))
    return [
        rng.randbytes(200).decode("latin-1"),
        "x" * (MAX_MESSAGE_CHARS + 1),
        "[" * 100_000,
        '{"t": "save", "seq": 0, "code": ' + "[" * 50_000,
        json.dumps({"t": "match", "seq": 0, "code": code, "record": True}),
        json.dumps({"t": "save", "seq": 0, "code": code, "t2": "[" * 60}),
        save_asked(seq, code[:-1]),
        save_asked(seq, code[:-5] + "99999"),
        save_asked(seq + 999, code),
        save_asked(seq, encode_match(renamed)),
        save_asked(seq, encode_match(other)),
        save_asked(seq, "01" + "9" * 200_000),
        save_asked(2**40, code),
    ]


def test_a_hostile_phone_changes_nothing_on_the_host(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(54)
    host = Host()
    phone = host.host.phones[host.link]
    now = [0.0]
    # Its budget refilled before each message: every one reaches the checks.
    phone.budget = follow_messages.MessageBudget(lambda: now[0])
    before = host.kept()

    with caplog.at_level(logging.ERROR):
        for text in _forged(host, rng):
            now[0] += 1 / RATE
            host.page.phone_says(host.link, text)
        # The page's own junk: not JSON, nested past the parser, unknown links.
        for junk in ("{", "[" * 100_000, '{"kind": "peer-event", "link": 7}'):
            host.page.says(junk)
        host.page.says({"kind": "peer-event", "link": "phone-9", "event": "open"})
        host.page.says({"kind": "peer-reply", "id": 999, "reply": {"ok": True}})
        # Then five times its budget at once, forged and random alike.
        for text in rng.choices(_forged(host, rng), k=5 * follow_messages.BURST):
            host.page.phone_says(host.link, text)

    assert host.kept() == before
    assert caplog.records == []
    refusals = [json.loads(text) for text in host.page.sent]
    assert {m.get("error") for m in refusals if m["t"] == "refused"} >= {
        "follow-unreadable",
        "follow-stale",
        "follow-not-rounds",
    }
    # Still the host: the phone's real change, in its turn, is saved.
    now[0] += 60
    changed = host.store.load_match(host.match_id).record_round(
        "Bo", {"Ada": 3, "Åse": 1}
    )
    stored = replace(host.store.load_stored(host.match_id), match=changed)
    host.page.phone_says(host.link, save_asked(host.seq(), encode_match(stored)))
    assert host.store.load_match(host.match_id) == changed
