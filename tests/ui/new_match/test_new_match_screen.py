"""New match opens on the game a link names, and on no other."""

from __future__ import annotations

import pytest

from companion.ui.new_match.new_match_screen import game_asked


@pytest.mark.parametrize(
    ("route", "game"),
    [
        ("/new?game=vandatta#house-rules", "vandatta"),
        ("/new?game=uno", "uno"),
        ("/new", None),
        ("/new?game=chess", None),
        ("/new?game=", None),
        ("/new/abc123?game=crazy-eights&game=uno", "crazy-eights"),
    ],
)
def test_a_link_opens_new_match_on_a_game_of_ours_only(route: str, game: str | None):
    assert game_asked(route) == game
