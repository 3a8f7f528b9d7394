"""The records of each game, as the game is won."""

from __future__ import annotations

import flet as ft
from rendered_app import drawn_views, walk

from companion.engine.match import Match
from companion.storage import Store
from companion.ui.settings import features


def _said(store: Store) -> str:
    (view,) = drawn_views(store, "/players", features.served())
    return "\n".join(str(c.value) for c in walk(view) if isinstance(c, ft.Text))


def test_a_game_the_highest_total_wins_shows_no_lowest_winning_total() -> None:
    store = Store.in_memory()
    store.add_match(Match.new("uno", ["Ada", "Bo"]).record_round("Bo", {"Ada": 760}))
    said = _said(store)
    assert "Highest winning total: 760 points, Bo" in said
    assert "Lowest winning total" not in said


def test_a_game_the_lowest_total_wins_keeps_its_lowest_winning_total() -> None:
    store = Store.in_memory()
    eights = Match.new("crazy-eights", ["Ada", "Bo"], limit=50)
    store.add_match(eights.record_round("Ada", {"Bo": {"8": 2}}))
    said = _said(store)
    assert "Lowest winning total: 0 points, Ada" in said
    assert "Highest winning total" not in said
