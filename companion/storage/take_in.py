"""A handed-over match in a line, as a screen shows it before it is taken in."""

from __future__ import annotations

from dataclasses import dataclass

from companion.storage.records import StoredMatch


@dataclass(frozen=True)
class WhatCame:
    """A handed-over match in a line, before it is taken in.

    `game_name` is an own game's name (None for a built-in: the words layer
    names `game_id`); `leaders` and `leading_total` are empty and None before
    the first round; `winners` is empty while the match goes on.
    """

    game_id: str
    game_name: str | None
    players: tuple[str, ...]
    round_count: int
    leaders: tuple[str, ...]
    leading_total: int | None
    lowest_wins: bool
    is_over: bool
    winners: tuple[str, ...]


def what_came(handed: StoredMatch) -> WhatCame:
    """The line a screen shows for a handed-over match before it is taken in."""
    match = handed.match
    ranking = match.ranking() if match.rounds else []
    return WhatCame(
        game_id=match.game_id,
        game_name=None if match.definition is None else match.definition.name_key,
        players=match.players,
        round_count=len(match.rounds),
        leaders=tuple(s.player for s in ranking if s.rank == 1),
        leading_total=ranking[0].total if ranking else None,
        lowest_wins=match.lowest_wins,
        is_over=match.is_over,
        winners=tuple(match.winners),
    )
