"""The own-game screen's Save and Delete ask the gate when tapped, whatever the
screen showed when it was drawn."""

from __future__ import annotations

from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.ui.frame.state import AppState
from companion.ui.new_match.own_game_actions import delete_game, save_game
from companion.ui.new_match.own_game_draft import OwnGameDraft

PHONE_IP = "198.51.100.7"


def _table() -> tuple[Store, AppState, AppState]:
    """A store with the host's game, the host, and a phone the host lets record."""
    store = Store.in_memory()
    gate = ShareGate(True, new_code=lambda: "123456")
    host = AppState.load(store, gate, session_id="host", client_ip="127.0.0.1")
    assert host.writes.save_own_game(OwnGameDraft().set(name="Switch").definition())
    phone = AppState.load(store, gate, session_id="phone", client_ip=PHONE_IP)
    assert phone.access.join("123456") is None
    host.let_record("phone", True)
    return store, host, phone


def test_save_after_recording_was_taken_away_saves_nothing() -> None:
    store, host, phone = _table()
    # The phone's screen was drawn while it could record; then the host
    # took recording away, and the phone's Save came.
    draft = OwnGameDraft().set(name="Mau-Mau")
    host.let_record("phone", False)
    save_game(phone, draft)
    assert [g.name_key for g in store.own_games()] == ["Switch"]
    assert [p.code for p in phone.problems] == ["view-only"]


def test_a_recorders_delete_anyway_deletes_nothing_and_asks_nothing() -> None:
    store, _host, phone = _table()
    (game,) = store.own_games()
    asked: list[str | None] = []
    delete_game(phone, game.id, True, asked.append)
    delete_game(phone, game.id, False, asked.append)
    assert store.own_games() == [game]
    assert asked == []
    assert [p.code for p in phone.problems] == ["host-only"] * 2


def test_a_recorders_change_to_a_stored_game_is_refused() -> None:
    store, _host, phone = _table()
    (game,) = store.own_games()
    save_game(phone, OwnGameDraft.from_game(game).set(name="Switched"))
    assert store.own_games() == [game]
    assert [p.code for p in phone.problems] == ["host-only"]
