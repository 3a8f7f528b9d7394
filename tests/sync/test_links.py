"""Which connection code a scanned text is: a host's offer, an answer, or none."""

from __future__ import annotations

from datetime import UTC, datetime

from follow_phones import answer_code, offer_code

from companion.access.peer_sdp import Kind
from companion.engine.match import Match
from companion.storage import StoredMatch
from companion.storage.match_link import match_link
from companion.sync.links import kind_of_code


def test_a_connection_code_is_told_apart_from_a_match_code_and_from_noise() -> None:
    assert kind_of_code(offer_code()) is Kind.OFFER
    assert kind_of_code(f" {answer_code()}\n") is Kind.ANSWER
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    stored = StoredMatch("0123456789ab", datetime(2026, 3, 14, tzinfo=UTC), None, match)
    handed = match_link("https://cards.example/", stored)
    assert kind_of_code(handed) is None
    assert kind_of_code(handed.split("#m=")[1]) is None
    assert kind_of_code("9" * 100_000) is None
    assert kind_of_code("") is None
