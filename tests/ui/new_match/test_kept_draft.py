"""The match being set up comes back after a game of one's own is defined."""

from __future__ import annotations

import pytest

from companion.engine.game_definitions import define_game
from companion.engine.games import Game
from companion.ui.new_match import kept_draft
from companion.ui.new_match.match_draft import MatchDraft


class _Session:
    """Stands in for a browser session: only its identity matters."""


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> _Session:
    current = _Session()
    monkeypatch.setattr(kept_draft, "_session", lambda: current)
    return current


def _family(points_for_eights: int = 25) -> Game:
    return define_game(
        {
            "id": "family", "name": "Family Eights", "card_set": "regular",
            "faces": {"8": {"value": points_for_eights, "copies": 4},
                      "K": {"value": 10, "copies": 4}},
            "decks": 1, "scoring": "penalty",
            "end": {"kind": "limit", "value": 40, "rule": "exceeds"},
            "lowest_wins": True, "nobody_out": True,
            "min_players": 2, "max_players": 6,
        }
    )  # fmt: skip


def _to_uno(draft: MatchDraft) -> MatchDraft:
    return draft.choose_game("uno")


def test_a_game_just_saved_is_chosen_and_the_seated_players_stay(
    session: _Session,
) -> None:
    seated = MatchDraft.for_game("crazy-eights").add_player("Bo").add_player("Ada")
    kept_draft.keep(seated)
    family = _family()
    kept_draft.choose_saved(family)
    back = kept_draft.take([family], _to_uno)
    assert back is not None and back.game_id == "family"
    assert back.seats == ("Bo", "Ada") and back.dealer == "Bo"
    # Taken once: the next New match starts afresh.
    assert kept_draft.take([family], _to_uno) is None


def test_a_game_saved_without_a_match_being_set_up_is_chosen_too(
    session: _Session,
) -> None:
    kept_draft.choose_saved(_family())
    back = kept_draft.take([_family()], _to_uno)
    assert back is not None and back.game_id == "family" and back.seats == ()


def test_a_kept_game_edited_or_deleted_since_is_taken_as_stored(
    session: _Session,
) -> None:
    kept_draft.keep(MatchDraft().choose_own_game(_family()).add_player("Ada"))
    edited = _family(points_for_eights=1)
    back = kept_draft.take([edited], _to_uno)
    assert back is not None and back.definition == edited

    kept_draft.keep(MatchDraft().choose_own_game(_family()).add_player("Ada"))
    back = kept_draft.take([], _to_uno)
    assert back is not None and back.game_id == "uno" and back.seats == ("Ada",)
