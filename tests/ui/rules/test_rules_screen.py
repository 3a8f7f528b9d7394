"""Rules opens on the game asked for, else the one this session chose last."""

from __future__ import annotations

import pytest

from companion.access.sharing import ShareGate
from companion.engine.match import Match
from companion.storage import Store
from companion.ui.frame.route_query import RouteQuery, query_of_route
from companion.ui.frame.state import AppState
from companion.ui.rules.rules_screen import MAX_QUERY, game_to_open, query_asked


@pytest.fixture
def state() -> AppState:
    return AppState.load(Store.in_memory())


def test_rules_opens_on_the_game_chosen_last_not_the_match_played_last(
    state: AppState,
) -> None:
    assert game_to_open(state, None, []) == "crazy-eights"
    assert state.writes.add_match(Match.new("uno", ["Ada", "Bo"])) is not None
    assert game_to_open(state, None, []) == "uno"
    # Vändåtta picked on Rules: the tab opens on it, though Uno is being played.
    state.choose_game("vandatta")
    assert game_to_open(state, None, []) == "vandatta"
    # A route that names a game (the match in view's) opens on that one.
    assert game_to_open(state, "uno", []) == "uno"
    # A game the route names that does not exist (forged) is not opened.
    assert game_to_open(state, "chess", []) == "vandatta"


def test_a_new_session_opens_on_the_game_of_the_match_started_last(
    state: AppState,
) -> None:
    assert state.writes.add_match(Match.new("vandatta", ["Ada", "Bo"])) is not None
    # The stored last game is the host's: another session of the host starts there.
    fresh = AppState.load(state.store)
    assert game_to_open(fresh, None, []) == "vandatta"


def test_a_search_comes_along_from_the_route_drawn() -> None:
    assert query_asked(query_of_route("/rules/uno?q=joker")) == "joker"
    assert query_asked(query_of_route("/rules/uno?q=" + "x" * 400)) == "x" * MAX_QUERY
    assert query_asked(query_of_route("/rules/uno")) == ""
    # A forged route part is no text: nothing is searched.
    assert query_asked(RouteQuery.of(["q=joker"], "")) == ""


def test_a_phone_opens_rules_on_the_match_it_started_not_the_hosts() -> None:
    store = Store.in_memory()
    gate = ShareGate(True, new_code=lambda: "123456")
    host = AppState.load(store, gate, session_id="host", client_ip="127.0.0.1")
    phone = AppState.load(store, gate, session_id="phone", client_ip="198.51.100.7")
    assert phone.access.join("123 456", "Bo") is None
    host.let_record("phone", True)
    assert host.writes.add_match(Match.new("uno", ["Ada", "Bo"])) is not None
    # The phone starts Vändåtta: the host's stored last game stays Uno.
    assert phone.writes.add_match(Match.new("vandatta", ["Ada", "Bo"])) is not None
    assert game_to_open(phone, None, []) == "vandatta"
    assert game_to_open(host, None, []) == "uno"
