"""Every write asks the gate as it happens: a recorder adds games but never changes
or deletes one, and a round being entered is kept only for whoever may record."""

from __future__ import annotations

from companion.access.sharing import Role, ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.drafts import draft_slot
from companion.ui.frame.state import AppState
from companion.ui.new_match.own_game_draft import OwnGameDraft

PHONE_IP = "198.51.100.7"
DRAFT = {"draft": {"went_out": "Ada"}, "rounds": 0, "original": None}


def _phone(store: Store, gate: ShareGate, device: str = "d-phone") -> AppState:
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    phone.device = device  # what device_of_browser finds once the page is up
    assert phone.join("123 456", "Bo") is None
    return phone


def _definition(name: str) -> dict[str, object]:
    return OwnGameDraft().set(name=name).definition()


def test_a_recorder_adds_a_game_of_the_tables_own_but_never_changes_or_deletes_one(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    hosts = host.save_own_game(_definition("Switch"))
    assert hosts is not None
    store.add_match(Match.new(hosts, ["Ada", "Bo"]))
    phone = _phone(store, gate)
    host.let_record("phone", True)
    assert phone.role is Role.RECORDER

    added = phone.save_own_game(_definition("Mau-Mau"))
    assert added is not None and added.id != hosts.id
    changed = {**_definition("Switched"), "id": hosts.id}
    assert phone.save_own_game(changed) is None
    assert phone.delete_own_game(hosts.id) is False
    assert phone.delete_own_game(hosts.id, even_if_played=True) is False
    assert [g.name_key for g in store.own_games()] == ["Mau-Mau", "Switch"]
    assert [p.code for p in phone.problems] == ["host-only"] * 3

    # The host's own: matches played by it make the host asked first.
    asked = host.delete_own_game(hosts.id)
    assert isinstance(asked, StoreError) and asked.code == "game-in-use"
    assert host.delete_own_game(hosts.id, even_if_played=True) is True
    assert host.save_own_game({**_definition("Mau Mau"), "id": added.id})
    assert [g.name_key for g in store.own_games()] == ["Mau Mau"]
    assert host.problems == ()


def test_a_viewer_adds_no_game_and_a_name_taken_is_refused(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    assert host.save_own_game(_definition("Switch")) is not None
    phone = _phone(store, gate)
    assert phone.save_own_game(_definition("Mau-Mau")) is None
    assert [p.code for p in phone.problems] == ["view-only"]
    host.let_record("phone", True)
    assert phone.save_own_game(_definition("SWITCH")) is None
    assert [p.code for p in phone.problems] == ["view-only", "game-name-taken"]
    assert [g.name_key for g in store.own_games()] == ["Switch"]


def test_a_game_saved_or_deleted_is_shown_by_every_session(host: AppState) -> None:
    told: list[str] = []
    host.tell_others_with(told.append)
    game = host.save_own_game(_definition("Switch"))
    assert game is not None
    assert host.delete_own_game(game.id) is True
    assert told == ["", ""]


def test_a_round_being_entered_is_kept_only_while_the_phone_may_record(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    match_id = host.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    assert match_id is not None
    phone = _phone(store, gate)
    assert not phone.keep_draft(match_id, None, DRAFT)
    assert store.draft("d-phone", match_id, draft_slot(None)) is None

    host.let_record("phone", True)
    assert phone.keep_draft(match_id, None, DRAFT)
    assert store.draft("d-phone", match_id, draft_slot(None)) == DRAFT
    host.let_record("phone", False)
    assert not phone.drop_draft(match_id, None)
    assert not phone.keep_draft(match_id, 0, DRAFT)
    assert store.draft("d-phone", match_id, draft_slot(None)) == DRAFT
    assert store.draft("d-phone", match_id, draft_slot(0)) is None
    assert [p.code for p in phone.problems] == ["view-only"] * 3

    host.let_record("phone", True)
    assert phone.drop_draft(match_id, None)
    assert store.draft("d-phone", match_id, draft_slot(None)) is None


def test_a_session_whose_device_is_not_known_yet_keeps_nothing(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    match_id = host.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    assert match_id is not None
    phone = _phone(store, gate, device="")
    host.let_record("phone", True)
    assert not phone.keep_draft(match_id, None, DRAFT)
    assert phone.problems == ()
