"""A match handed over from another phone, taken in: what came, and where it goes.

The same match (its id) with the rounds this phone has and more is brought up
to date; one that went another way is kept beside it as a copy (its id the
original's plus a number, so the same copy is found when that line comes
again); the same or an older one changes nothing. Names are the players this
phone knows when they read the same (names.py: "ada" is "Ada"), and a name
that only looks like one (a Cyrillic "А") is refused, as when typed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.engine.names import NameBook, name_key
from companion.storage.errors import StoreError
from companion.storage.matches import StoredMatches
from companion.storage.records import StoredMatch, now
from companion.storage.roster import Roster

COPY_DIGITS = 4
"""Hex digits a copy's id adds to its original's (copies 1 to 65,535)."""
MAX_ID = 32
"""The longest match id (records.MATCH_ID)."""


class Outcome(StrEnum):
    """What taking a match in did."""

    ADDED = "added"
    UPDATED = "updated"
    COPIED = "copied"
    ALREADY_HERE = "already-here"


@dataclass(frozen=True)
class TakenIn:
    """What taking a match in did, and which stored match to show.

    `rounds_added`: rounds this phone did not have (all of them when added or
    copied). `beside`: for a copy, the id of the match it went another way from.
    `players_added`: names new on this phone's roster.
    """

    outcome: Outcome
    match_id: str
    rounds_added: int = 0
    beside: str | None = None
    players_added: tuple[str, ...] = ()


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


def _with_local_names(match: Match, roster: list[str]) -> Match:
    """`match` with each name that reads as a player of the roster in another
    case or width spelt as the roster spells it; StoreError for a look-alike."""
    spelt, book = set(roster), NameBook(roster)
    for name in match.players:
        known = None if name in spelt else book.find(name)
        if known is None:
            continue
        if name_key(known) != name_key(name):
            raise StoreError("code-look-alike", name=name, known=known)
        try:
            match = match.rename_player(name, known)
        except MatchError as error:
            # A name stored under earlier rules, which no new name may copy.
            raise StoreError("code-look-alike", name=name, known=known) from error
    return match


class _Progress(StrEnum):
    OLDER = "older"
    NEWER = "newer"
    OTHER_WAY = "other-way"


def _progress(stored: Match, handed: Match) -> _Progress:
    """Whether `handed` is `stored` or an earlier state of it, a later one, or
    another history (other rules, names, a round told otherwise)."""
    if replace(stored, rounds=(), ended_early=False) != replace(
        handed, rounds=(), ended_early=False
    ):
        return _Progress.OTHER_WAY
    common = min(len(stored.rounds), len(handed.rounds))
    if stored.rounds[:common] != handed.rounds[:common]:
        return _Progress.OTHER_WAY
    if len(handed.rounds) != len(stored.rounds):
        # Played on past a match ended early: another history.
        ahead = len(handed.rounds) > len(stored.rounds)
        if (stored if ahead else handed).ended_early:
            return _Progress.OTHER_WAY
        return _Progress.NEWER if ahead else _Progress.OLDER
    if handed.ended_early and not stored.ended_early:
        return _Progress.NEWER
    return _Progress.OLDER


def _stem(original: str) -> str:
    return original[: MAX_ID - COPY_DIGITS]


def copy_id(original: str, number: int) -> str:
    """The id of copy `number` (from 1) of the match `original`."""
    return _stem(original) + f"{number:0{COPY_DIGITS}x}"


def _copies(original: str, stored_ids: set[str]) -> tuple[list[str], str]:
    """The stored copies of `original`, and the id the next copy takes."""
    stem = _stem(original)
    found = [
        match_id
        for match_id in stored_ids
        if len(match_id) == len(stem) + COPY_DIGITS
        and match_id.startswith(stem)
        and match_id != original
    ]
    number = 1
    while copy_id(original, number) in stored_ids:
        number += 1
    if number >= 16**COPY_DIGITS:
        raise StoreError("match-exists", id=original)
    return sorted(found), copy_id(original, number)


def _finished(match: Match, *known: datetime | None) -> datetime | None:
    """When the match finished: the first time known, now if none, None if
    it goes on."""
    if not match.is_over:
        return None
    return next((moment for moment in known if moment is not None), None) or now()


def take_in(handed: StoredMatch, matches: StoredMatches, roster: Roster) -> TakenIn:
    """Take a decoded match in (see the module); StoreError and nothing changed
    if a name only looks like a player's here. The caller holds the store's lock."""
    before = [player.name for player in roster.players()]
    match = _with_local_names(handed.match, before)
    stored_ids = {summary.id for summary in matches.summaries()}
    copies, next_copy = _copies(handed.id, stored_ids)
    newer: StoredMatch | None = None
    for match_id in [handed.id, *copies]:
        if match_id not in stored_ids:
            continue
        stored = matches.load(match_id)
        progress = _progress(stored.match, match)
        if progress is _Progress.OLDER:
            return TakenIn(Outcome.ALREADY_HERE, match_id)
        if progress is _Progress.NEWER and newer is None:
            newer = stored
    added = tuple(name for name in match.players if name not in before)
    if newer is not None:
        finished = _finished(match, newer.finished, handed.finished)
        matches.write(replace(newer, finished=finished, match=match))
        gained = len(match.rounds) - len(newer.match.rounds)
        return TakenIn(Outcome.UPDATED, newer.id, gained, players_added=added)
    outcome, match_id = Outcome.ADDED, handed.id
    if handed.id in stored_ids:
        outcome, match_id = Outcome.COPIED, next_copy
    finished = _finished(match, handed.finished)
    taken = StoredMatch(match_id, handed.created, finished, match)
    matches.add_imported([taken], roster.include)
    beside = handed.id if outcome is Outcome.COPIED else None
    return TakenIn(outcome, match_id, len(match.rounds), beside, added)


def keep_followed(
    handed: StoredMatch, match_id: str, matches: StoredMatches, roster: Roster
) -> int:
    """Make the stored match `match_id` the match another phone sent as it
    followed that phone's (the host's is the truth: a round it edited or
    deleted is so here too); the rounds it gained (fewer than none when the
    host deleted some). StoreError and nothing changed for a look-alike name,
    or "no-such-match" when the copy is gone. The caller holds the store's lock."""
    before = [player.name for player in roster.players()]
    match = _with_local_names(handed.match, before)
    stored = matches.load(match_id)
    finished = _finished(match, stored.finished, handed.finished)
    matches.write(replace(stored, finished=finished, match=match))
    roster.include(match.players)
    return len(match.rounds) - len(stored.match.rounds)
