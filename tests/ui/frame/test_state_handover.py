"""Taking a handed-over match in is for the host, asked at the tap; so is the site."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_copies import copy_id
from companion.storage.match_link import match_from_link, match_link
from companion.storage.match_merge import Outcome
from companion.ui.frame import state_handover
from companion.ui.frame.handover import Handover
from companion.ui.frame.state import AppState
from companion.ui.matches.take_in_card import handed_card
from companion.words.i18n import get_translator

HOST_IP = "127.0.0.1"
PHONE_IP = "198.51.100.7"


@pytest.fixture
def gate() -> ShareGate:
    return ShareGate(True, new_code=lambda: "123456")


def _host(store: Store, gate: ShareGate) -> AppState:
    return AppState.load(store, gate, session_id="host", client_ip=HOST_IP)


def _recorder(store: Store, gate: ShareGate) -> AppState:
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    assert phone.access.join("123456", "Bo") is None
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
    host.handover.hand_in("https://cards.example/#m=1")
    revision = host.revision

    taken = host.handover.take_in(HANDED)

    assert taken is not None and taken.outcome is Outcome.ADDED
    assert store.load_match(taken.match_id) == HANDED.match
    assert told == [taken.match_id]
    assert host.revision > revision
    assert host.handed is None


def test_a_phone_at_a_shared_table_takes_nothing_in_even_one_that_records(
    store: Store, gate: ShareGate
) -> None:
    phone = _recorder(store, gate)
    assert phone.can_change

    assert phone.handover.take_in(HANDED) is None

    assert store.list_matches() == []
    assert [problem.code for problem in phone.problems] == ["host-only"]


def test_a_refused_take_in_is_reported_and_changes_nothing(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    store.add_player("Ada")
    look_alike = _stored(Match.new("crazy-eights", ["\u0410da", "Bo"]))

    assert host.handover.take_in(look_alike) is None

    assert store.list_matches() == []
    assert [problem.code for problem in host.problems] == ["code-look-alike"]


def test_the_link_that_came_is_read_once_and_offered_until_let_go(
    store: Store, gate: ShareGate, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = _host(store, gate)
    link = match_link("https://cards.example", HANDED)
    reads: list[str] = []
    monkeypatch.setattr(
        state_handover,
        "match_from_link",
        lambda text: reads.append(text) or match_from_link(text),
    )
    host.handover.hand_in(link)
    assert host.handed == HANDED
    # The Matches screen draws the card again and again: nothing read then.
    for _ in range(3):
        assert handed_card(get_translator("en"), host, Handover()) is not None
    assert reads == [link]
    host.handover.let_go_of_handed()
    assert host.handed is None
    assert handed_card(get_translator("en"), host, Handover()) is None


def test_a_link_that_holds_no_match_is_offered_as_why(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    host.handover.hand_in("https://cards.example/#m=01")
    assert isinstance(host.handed, StoreError)
    assert host.handed.code == "code-cut-short"
    # A page opened with no link (every start but a link's) offers nothing.
    host.handover.hand_in("")
    assert handed_card(get_translator("en"), host, Handover()) is None


def test_the_site_address_is_the_hosts_to_set_and_clear(
    store: Store, gate: ShareGate
) -> None:
    host = _host(store, gate)
    phone = _recorder(store, gate)

    assert host.settings.set_site_address("https://cards.example/scores/")
    assert store.settings()["site_address"] == "https://cards.example/scores/"
    assert not phone.settings.set_site_address("https://elsewhere.example/")
    assert store.settings()["site_address"] == "https://cards.example/scores/"
    assert [problem.code for problem in phone.problems] == ["host-only"]
    assert not host.settings.set_site_address("elsewhere.example")
    assert isinstance(host.problems[-1], StoreError)
    assert host.settings.set_site_address(None)
    assert store.settings()["site_address"] is None


ORIGINAL = HANDED.id
COPY = copy_id(ORIGINAL, 1)
OURS = HANDED.match.record_round("Åse", {"Ada": {"6": 1}, "Bo": {"7": 1}})
THEIRS = HANDED.match.record_round("Bo", {"Ada": {"9": 1}, "Åse": {"9": 1}})


def _with_copies(store: Store) -> list[object]:
    """A phone holding two other matches and a match kept beside its copy;
    everything it shows of them."""
    store.add_match(Match.new("uno", ["Cy", "Di"]).record_round("Cy", {"Di": 12}))
    store.add_match(Match.new("vandatta", ["Ada", "Eli"]))
    store.restore_match(StoredMatch(ORIGINAL, CREATED, None, OURS))
    store.restore_match(StoredMatch(COPY, CREATED, None, THEIRS))
    return _shown(store)


def _shown(store: Store) -> list[object]:
    return [(s, store.load_stored(s.id), store.players()) for s in store.list_matches()]


@pytest.mark.parametrize(
    ("kept", "dropped", "shown"), [(ORIGINAL, COPY, THEIRS), (COPY, ORIGINAL, OURS)]
)
def test_the_host_keeps_one_copy_and_undo_puts_the_other_back_as_it_was(
    store: Store, gate: ShareGate, kept: str, dropped: str, shown: Match
) -> None:
    before = _with_copies(store)
    host = _host(store, gate)
    told: list[str] = []
    host.tell_others_with(told.append)

    let_go = host.handover.keep_one_copy(kept, dropped, shown)

    assert let_go is not None and let_go.match == shown
    assert dropped not in {s.id for s in store.list_matches()}
    assert len(store.list_matches()) == len(before) - 1
    assert told == [dropped]
    # Undo (saved_notice.show_put_back) asks the gate again.
    assert host.writes.restore_match(let_go)
    assert _shown(store) == before
    assert host.problems == ()


def test_a_phone_at_the_table_keeps_no_copy_even_one_that_records(
    store: Store, gate: ShareGate
) -> None:
    before = _with_copies(store)
    phone = _recorder(store, gate)

    assert phone.handover.keep_one_copy(ORIGINAL, COPY, THEIRS) is None

    assert _shown(store) == before
    assert [problem.code for problem in phone.problems] == ["host-only"]


def test_a_copy_changed_since_it_was_shown_is_kept_and_said_so(
    store: Store, gate: ShareGate
) -> None:
    _with_copies(store)
    host = _host(store, gate)
    store.save_match(COPY, THEIRS.end_early())
    before = _shown(store)

    assert host.handover.keep_one_copy(ORIGINAL, COPY, THEIRS) is None

    assert _shown(store) == before
    assert [problem.code for problem in host.problems] == ["match-changed"]
