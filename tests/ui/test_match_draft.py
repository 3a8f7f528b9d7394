"""The new-match draft: a fresh table is waiting for players, not wrong."""

from __future__ import annotations

import pytest

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.ui.match_draft import MatchDraft


def test_a_fresh_draft_waits_for_players_until_someone_is_seated() -> None:
    draft = MatchDraft.for_game("crazy-eights")
    problem = draft.check()
    assert problem is not None and problem.code == "player-count"
    assert draft.waiting_for_players

    seated = draft.add_player("Ada")
    assert not seated.waiting_for_players
    # Seated and taken off again: the count is now the table's to fix.
    emptied = seated.toggle_player("Ada")
    assert emptied.seats == ()
    assert not emptied.waiting_for_players
    assert not emptied.choose_game("uno").waiting_for_players


def test_a_rematch_is_not_waiting_for_players() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    assert not MatchDraft.rematch(match).waiting_for_players


def test_a_seat_takes_the_name_rules() -> None:
    draft = MatchDraft.for_game("crazy-eights").add_player("  Ada  Lovelace ")
    assert draft.seats == ("Ada Lovelace",)
    for typed, code in (
        ("ＡＤＡ ＬＯＶＥＬＡＣＥ", "duplicate-name"),
        ("Bo\u200b", "hidden-character"),
    ):
        with pytest.raises(MatchError) as caught:
            draft.add_player(typed)
        assert caught.value.code == code
