"""The line a screen shows for a handed-over match before it is taken in."""

from __future__ import annotations

from handed_matches import SIX, mau_mau, play, stored, table

from companion.engine.match import Match
from companion.storage.take_in import what_came


def evening(rounds: int, seed: int = 1) -> Match:
    """The first `rounds` rounds of one evening's match (the same for any count)."""
    return play(table(SIX[:4], limit=5000), rounds, seed=seed)


def test_what_came_is_the_line_a_screen_shows() -> None:
    match = evening(12)
    came = what_came(stored(match))
    ranking = match.ranking()
    assert (came.game_id, came.game_name, came.players) == (
        "crazy-eights",
        None,
        tuple(SIX[:4]),
    )
    assert came.round_count == 12 and not came.is_over and came.winners == ()
    assert came.leaders == tuple(s.player for s in ranking if s.rank == 1)
    assert came.leading_total == ranking[0].total == min(match.totals().values())
    assert came.lowest_wins


def test_what_came_names_an_own_game_and_a_finished_match() -> None:
    match = play(table(SIX[:2], mau_mau()), 3, seed=3).end_early()
    came = what_came(stored(match))
    assert came.game_name == "Mau-Mau"
    assert came.is_over and came.winners == tuple(match.winners)


def test_what_came_before_any_round_names_no_leader() -> None:
    came = what_came(stored(table(SIX[:3])))
    assert (came.round_count, came.leaders, came.leading_total) == (0, (), None)
