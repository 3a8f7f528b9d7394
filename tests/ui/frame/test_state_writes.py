"""Every write asks the gate as it happens: a recorder adds games but never changes
or deletes one (rounds being entered: test_state_drafts.py)."""

from __future__ import annotations

import time

from companion.access.sharing import Role, ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.ui.frame.state import AppState
from companion.ui.new_match.own_game_draft import OwnGameDraft

PHONE_IP = "198.51.100.7"


def _phone(store: Store, gate: ShareGate) -> AppState:
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    assert phone.access.join("123 456", "Bo") is None
    return phone


def _definition(name: str) -> dict[str, object]:
    return OwnGameDraft().set(name=name).definition()


def test_a_recorder_adds_a_game_of_the_tables_own_but_never_changes_or_deletes_one(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    hosts = host.writes.save_own_game(_definition("Switch"))
    assert hosts is not None
    store.add_match(Match.new(hosts, ["Ada", "Bo"]))
    phone = _phone(store, gate)
    host.let_record("phone", True)
    assert phone.role is Role.RECORDER

    added = phone.writes.save_own_game(_definition("Mau-Mau"))
    assert added is not None and added.id != hosts.id
    changed = {**_definition("Switched"), "id": hosts.id}
    assert phone.writes.save_own_game(changed) is None
    assert phone.writes.delete_own_game(hosts.id) is False
    assert phone.writes.delete_own_game(hosts.id, even_if_played=True) is False
    assert [g.name_key for g in store.own_games()] == ["Mau-Mau", "Switch"]
    assert [p.code for p in phone.problems] == ["host-only"] * 3

    # The host's own: matches played by it make the host asked first.
    asked = host.writes.delete_own_game(hosts.id)
    assert isinstance(asked, StoreError) and asked.code == "game-in-use"
    assert host.writes.delete_own_game(hosts.id, even_if_played=True) is True
    assert host.writes.save_own_game({**_definition("Mau Mau"), "id": added.id})
    assert [g.name_key for g in store.own_games()] == ["Mau Mau"]
    assert host.problems == ()


def test_a_viewer_adds_no_game_and_a_name_taken_is_refused(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    assert host.writes.save_own_game(_definition("Switch")) is not None
    phone = _phone(store, gate)
    assert phone.writes.save_own_game(_definition("Mau-Mau")) is None
    assert [p.code for p in phone.problems] == ["view-only"]
    host.let_record("phone", True)
    assert phone.writes.save_own_game(_definition("SWITCH")) is None
    assert [p.code for p in phone.problems] == ["view-only", "game-name-taken"]
    assert [g.name_key for g in store.own_games()] == ["Switch"]


def test_a_game_saved_or_deleted_is_shown_by_every_session(host: AppState) -> None:
    told: list[str] = []
    host.tell_others_with(told.append)
    game = host.writes.save_own_game(_definition("Switch"))
    assert game is not None
    assert host.writes.delete_own_game(game.id) is True
    assert told == ["", ""]


def test_whose_phone_it_is_is_kept_cleaned_and_a_name_past_the_rules_changes_nothing(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    assert host.settings.set_phone_name("  Åse   Lund ")
    assert host.phone_name == "Åse Lund"
    again = AppState.load(store, gate, session_id="h2", client_ip="127.0.0.1")
    assert again.phone_name == "Åse Lund"
    assert not host.settings.set_phone_name("Å" * 25)
    assert not host.settings.set_phone_name("A\u200bda")
    assert [p.code for p in host.problems] == ["name-too-long", "hidden-character"]
    assert store.settings()["phone_name"] == "Åse Lund"
    assert host.settings.set_phone_name("  ")
    assert store.settings()["phone_name"] == ""


def test_a_joined_phones_name_is_the_gates_and_never_another_phones(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    phone = _phone(store, gate)
    assert phone.phone_name == "Bo"
    other = AppState.load(store, gate, session_id="other", client_ip="198.51.100.8")
    assert other.access.join("123456") is None
    assert other.phone_name == ""
    assert other.settings.set_phone_name("Cy")
    # Another phone's name, or one that looks like it, is refused.
    assert not other.settings.set_phone_name("bo")
    assert not other.settings.set_phone_name("Вo")
    assert [p.code for p in other.problems] == [
        "guest-name-taken",
        "guest-name-look-alike",
    ]
    assert [g.name for g in gate.guests()] == ["Bo", "Cy"]
    # The host's stored settings are the host's.
    assert store.settings()["phone_name"] == ""


def test_a_round_recorded_here_says_this_phone_its_name_and_when(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    assert host.settings.set_phone_name("Åse")
    match_id = host.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"])) or ""
    started = int(time.time())
    first = store.load_match(match_id)
    assert host.save_match(match_id, first.record_round("Ada", {"Bo": 5}), base=first)
    (origin,) = [r.origin for r in store.load_match(match_id).rounds]
    assert origin is not None
    assert (origin.phone, origin.name) == (store.phone_id(), "Åse")
    assert started <= origin.at <= int(time.time())
    assert host.writes.this_phone == origin.phone
    # The phone's id is made once and kept.
    assert store.settings()["phone_id"] == origin.phone


def test_a_joined_phones_round_says_its_phone_not_the_hosts(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    match_id = host.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"])) or ""
    phone = _phone(store, gate)
    host.let_record("phone", True)
    first = store.load_match(match_id)
    assert phone.save_match(match_id, first.record_round("Bo", {"Ada": 5}), base=first)
    (origin,) = [r.origin for r in store.load_match(match_id).rounds]
    assert origin is not None and origin.name == "Bo"
    assert origin.phone == phone.writes.this_phone != host.writes.this_phone
