"""Taking a handed-over match in is for the host, asked at the tap; so is the site."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_merge import Outcome
from companion.ui.frame.state import AppState

HOST_IP = "127.0.0.1"
PHONE_IP = "198.51.100.7"


@pytest.fixture
def gate() -> ShareGate:
    return ShareGate(True, new_code=lambda: "123456")


def _host(store: Store, gate: ShareGate) -> AppState:
    return AppState.load(store, gate, session_id="host", client_ip=HOST_IP)


def _recorder(store: Store, gate: ShareGate) -> AppState:
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    assert phone.join("123456", "Bo") is None
    gate.set_can_record("phone", True)
    return phone


CREATED = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)


def _stored(match: Match) -> StoredMatch:
    return StoredMatch("0123456789ab", CREATED, None, match)


HANDED = _stored(
    Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
    .record_round("Ada", {"Bo": {"8": 1}, "Åse": {"K": 2}})
    .record_round("Bo", {"Ada": {"3": 1}, "Åse": {"A": 1}})
)


def test_the_host_takes_a_match_in_and_other_sessions_are_told(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    told: list[str] = []
    host.tell_others_with(told.append)
    host.hand_in("https://cards.example/#m=1")
    revision = host.revision

    taken = host.take_in(HANDED)

    assert taken is not None and taken.outcome is Outcome.ADDED
    assert store.load_match(taken.match_id) == HANDED.match
    assert told == [taken.match_id]
    assert host.revision > revision
    assert host.handed == ""


def test_a_phone_at_a_shared_table_takes_nothing_in_even_one_that_records(
    store: Store, gate: ShareGate
) -> None:
    phone = _recorder(store, gate)
    assert phone.can_change

    assert phone.take_in(HANDED) is None

    assert store.list_matches() == []
    assert [problem.code for problem in phone.problems] == ["host-only"]


def test_a_refused_take_in_is_reported_and_changes_nothing(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    store.add_player("Ada")
    look_alike = _stored(Match.new("crazy-eights", ["\u0410da", "Bo"]))

    assert host.take_in(look_alike) is None

    assert store.list_matches() == []
    assert [problem.code for problem in host.problems] == ["code-look-alike"]


def test_the_link_that_came_is_offered_until_let_go(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    host.hand_in("#m=123")
    assert host.handed == "#m=123"
    host.let_go_of_handed()
    assert host.handed == ""


def test_the_site_address_is_the_hosts_to_set_and_clear(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    phone = _recorder(store, gate)

    assert host.set_site_address("https://cards.example/scores/")
    assert store.settings()["site_address"] == "https://cards.example/scores/"
    assert not phone.set_site_address("https://elsewhere.example/")
    assert store.settings()["site_address"] == "https://cards.example/scores/"
    assert [problem.code for problem in phone.problems] == ["host-only"]
    assert not host.set_site_address("elsewhere.example")
    assert isinstance(host.problems[-1], StoreError)
    assert host.set_site_address(None)
    assert store.settings()["site_address"] is None
