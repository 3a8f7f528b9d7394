"""Scan a code on Matches: a match read is offered; a phone's connection code
read here says which button reads it, and nothing is offered."""

from __future__ import annotations

import ipaddress
from datetime import UTC, datetime

import pytest
from event_loops import run_apart

from companion.access.peer_codes import encode
from companion.access.peer_sdp import Candidate, Kind, PeerDescription
from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.match_link import match_link
from companion.ui.frame.handover import Scan, ScanWords
from companion.ui.frame.state import AppState
from companion.ui.matches.scan_button import scan_button
from companion.words.i18n import get_translator


def connection_code(kind: Kind) -> str:
    """The digits of a phone's connection code of `kind`."""
    return encode(
        PeerDescription(
            kind=kind,
            setup="actpass" if kind is Kind.OFFER else "active",
            ufrag="abcd",
            pwd="abcdefghijklmnopqrstuv",
            fingerprint=bytes([0xAB] * 32),
            mid="0",
            sctp_port=5000,
            max_message_size=262144,
            candidates=(Candidate(ipaddress.IPv4Address("192.168.1.20"), 50000),),
        )
    )


def scanned(store: Store, text: str) -> tuple[AppState, list[str]]:
    """The host's state and what the Matches screen said after `text` was read."""
    state = AppState.load(store, ShareGate(False), session_id="h", client_ip=None)
    said: list[str] = []

    async def camera(_words: ScanWords) -> Scan:
        return Scan(text=text)

    button = scan_button(get_translator("en"), state, camera, said.append)
    run_apart(button.on_click())
    return state, [line for line in said if line]


@pytest.mark.parametrize(
    ("kind", "button"),
    [(Kind.OFFER, "Follow a phone"), (Kind.ANSWER, "Scan their code")],
)
def test_a_connection_code_says_which_button_reads_it(
    store: Store, kind: Kind, button: str
) -> None:
    state, said = scanned(store, connection_code(kind))
    assert state.handed is None
    (line,) = said
    assert "not a match to add" in line and button in line
    assert "again" not in line


def test_a_match_code_is_offered(store: Store) -> None:
    handed = StoredMatch(
        "0123456789ab",
        datetime(2026, 12, 1, 20, 0, tzinfo=UTC),
        None,
        Match.new("crazy-eights", ["Ada", "Bo"]),
    )
    state, said = scanned(store, match_link("https://cards.example", handed))
    assert state.handed == handed
    assert said == []
