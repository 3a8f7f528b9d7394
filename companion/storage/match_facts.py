"""What the stats need from one match, small enough to keep in its index entry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.match import Match
from companion.storage.storages import DamagedData


@dataclass(frozen=True)
class MatchFacts:
    """Per seat: final total, place, and the lowest and highest round; plus the rule.

    `lowest_wins` is the match's own rule (its scoring), so the stats never need
    to know which games exist. `low` and `high` are None in a match of no rounds.
    """

    lowest_wins: bool
    totals: tuple[int, ...]
    places: tuple[int, ...]
    low: tuple[int, ...] | None
    high: tuple[int, ...] | None


def facts_of(match: Match) -> MatchFacts:
    """The facts of a match, computed from its rounds."""
    totals = match.totals()
    places = {s.player: s.rank for s in match.ranking()}
    rounds = [r.points for r in match.rounds]
    columns = list(zip(*rounds, strict=True)) if rounds else None
    return MatchFacts(
        lowest_wins=match.lowest_wins,
        totals=tuple(totals[p] for p in match.players),
        places=tuple(places[p] for p in match.players),
        low=None if columns is None else tuple(min(c) for c in columns),
        high=None if columns is None else tuple(max(c) for c in columns),
    )


def facts_document(facts: MatchFacts) -> dict[str, Any]:
    """The JSON-safe form kept in the index entry."""
    return {
        "lowest_wins": facts.lowest_wins,
        "totals": list(facts.totals),
        "places": list(facts.places),
        "low": None if facts.low is None else list(facts.low),
        "high": None if facts.high is None else list(facts.high),
    }


def _ints(value: object, size: int) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != size
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise DamagedData("facts")
    return tuple(value)


def read_facts(value: object, seats: int) -> MatchFacts | None:
    """Facts from an index entry; None if the entry predates them (rebuilt then)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("lowest_wins"), bool):
        raise DamagedData("facts")
    low, high = value.get("low"), value.get("high")
    return MatchFacts(
        lowest_wins=value["lowest_wins"],
        totals=_ints(value.get("totals"), seats),
        places=_ints(value.get("places"), seats),
        low=None if low is None else _ints(low, seats),
        high=None if high is None else _ints(high, seats),
    )
