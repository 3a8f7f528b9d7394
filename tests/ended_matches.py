"""A finished match, and the round after its end that a crafted code or file
would add to make another player the winner (issue 52's example)."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.match import Match

PLAYERS = ["Ada", "Bo", "Cy"]


def finished() -> Match:
    """Crazy Eights to 100: Bo passes the limit in round 2, and Ada wins."""
    match = Match.new("crazy-eights", PLAYERS, limit=100)
    match = match.record_round("Ada", {"Bo": 60, "Cy": 30})
    return match.record_round("Ada", {"Bo": 50, "Cy": 10})


def extended(match: Match) -> Match:
    """`match` with a round after its end that makes Cy the winner, built
    past the engine's checks as a crafted code or file would hold it."""
    cy_wins = Match.new("crazy-eights", PLAYERS, limit=10_000).record_round(
        "Cy", {"Ada": 90, "Bo": 5}
    )
    return replace(match, rounds=(*match.rounds, cy_wins.rounds[0]))
