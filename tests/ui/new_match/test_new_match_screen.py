"""New match opens on the game a link names, and on no other."""

from __future__ import annotations

import pytest

from companion.ui.frame.route_query import RouteQuery, query_of_route
from companion.ui.new_match.new_match_screen import game_asked

OWN = {"g-1a2b3c"}
"""A user's own game, by its id."""


@pytest.mark.parametrize(
    ("route", "game"),
    [
        ("/new?game=vandatta#house-rules", "vandatta"),
        ("/new?game=uno", "uno"),
        ("/new?game=g-1a2b3c", "g-1a2b3c"),
        ("/new?game=crazy-eights&game=uno", "crazy-eights"),
        ("/new/abc123?from=rules&game=uno", "uno"),
        ("/new", None),
        ("/new?game=", None),
        ("/new?game=chess", None),
        ("/new?game=VANDATTA", None),
        ("/new?game=vandatta%00", None),
        ("/new#game=vandatta", None),
        ("/new?" + "&".join(f"f{n}=1" for n in range(50)) + "&game=uno", None),
    ],
)
def test_a_link_opens_new_match_on_a_game_that_exists_only(
    route: str, game: str | None
) -> None:
    assert game_asked(query_of_route(route), OWN) == game


def test_a_forged_query_names_no_game() -> None:
    assert game_asked(RouteQuery.of(["game=uno"], ""), OWN) is None
    assert game_asked(RouteQuery.of("game=" + "uno" * 400, ""), OWN) is None
