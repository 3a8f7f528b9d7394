"""One merge for every way a match arrives: a link, the scanner, a follow, a file.

The table of outcomes (docs/data.md says the same):

- no match of that id (nor a copy of it) here: added (ADDED);
- the same match: nothing changes (ALREADY_HERE);
- the arriving match extends the kept one (same id, players, game, house
  rules and own-game definition, the kept rounds its beginning): brought up to
  date (UPDATED);
- the kept match extends the arriving one: nothing changes (KEPT_AHEAD);
- the two went different ways, or anything but the rounds differs: both kept,
  the arriving one beside the kept one as a copy (COPIED, `beside` the kept
  one's id); an arriving match that is a stored copy is ALREADY_HERE for it.

Rounds are compared by what was played (who went out, the hands, points
entered, places), never by where they were recorded (engine/origins.py): a
round the two share keeps the kept copy's origin. Nothing else on the phone
ever changes. A follower's copy (`Followed`) is
compared with that copy only: while it is still the other phone's last version
(`base`), whatever that phone sends next replaces it (its edits and deletions
are the truth); a match that is another one (id, players, game, rules) is
refused. Names are the players this phone knows when they read the same
(names.py: "ada" is "Ada"), and a name that only looks like one (a Cyrillic
"А") is refused, as when typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.engine.names import NameBook, name_key
from companion.storage.errors import StoreError
from companion.storage.match_copies import (
    copies_of,
    in_family,
    next_copy_id,
    without_copies,
)
from companion.storage.matches import StoredMatches
from companion.storage.records import StoredMatch, now
from companion.storage.roster import Roster


class Relation(StrEnum):
    """How an arriving match stands to a kept one."""

    SAME = "same"
    """Nothing differs."""
    ARRIVING_AHEAD = "arriving-ahead"
    """The arriving match extends the kept one: it brings it up to date."""
    KEPT_AHEAD = "kept-ahead"
    """The kept match extends the arriving one."""
    DIVERGED = "diverged"
    """The same match whose rounds went different ways."""
    OTHER = "other"
    """Anything but the rounds differs: players, game, house rules, own game."""


@dataclass(frozen=True)
class Comparison:
    """How an arriving match stands to a kept one, and how many rounds, from
    the first, the two share (recorded alike)."""

    relation: Relation
    common: int


def _frame(match: Match) -> Match:
    """All of a match but its rounds and whether it was ended early."""
    return replace(match, rounds=(), ended_early=False)


def _common(kept: Match, arriving: Match) -> int:
    common = 0
    for ours, theirs in zip(kept.rounds, arriving.rounds, strict=False):
        if ours != theirs:
            break
        common += 1
    return common


def compare(kept: Match, arriving: Match) -> Comparison:
    """How `arriving` stands to `kept` (see Relation)."""
    common = _common(kept, arriving)
    if _frame(kept) != _frame(arriving):
        return Comparison(Relation.OTHER, common)
    kept_all, arriving_all = common == len(kept.rounds), common == len(arriving.rounds)
    if kept_all and arriving_all:
        if kept.ended_early == arriving.ended_early:
            return Comparison(Relation.SAME, common)
        ahead = Relation.ARRIVING_AHEAD if arriving.ended_early else Relation.KEPT_AHEAD
        return Comparison(ahead, common)
    # Played on past a match ended early: another history.
    if kept_all and not kept.ended_early:
        return Comparison(Relation.ARRIVING_AHEAD, common)
    if arriving_all and not arriving.ended_early:
        return Comparison(Relation.KEPT_AHEAD, common)
    return Comparison(Relation.DIVERGED, common)


class Outcome(StrEnum):
    """What merging an arriving match did."""

    ADDED = "added"
    UPDATED = "updated"
    COPIED = "copied"
    ALREADY_HERE = "already-here"
    KEPT_AHEAD = "kept-ahead"


@dataclass(frozen=True)
class TakenIn:
    """What merging a match did, and which stored match to show.

    `rounds_added`: rounds this phone did not have (all of them when added or
    copied; when a followed copy is replaced, those from the first that
    differs). `beside`: for a copy, the id of the match it went another way
    from. `players_added`: names new on this phone's roster.
    """

    outcome: Outcome
    match_id: str
    rounds_added: int = 0
    beside: str | None = None
    players_added: tuple[str, ...] = ()


@dataclass(frozen=True)
class Followed:
    """A match on this phone that follows another phone's.

    `base`: that phone's last version this copy was made from (None before
    the first): while the copy is still it, the phone made no change of its own.
    """

    copy_id: str
    base: Match | None


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


def _finished(match: Match, *known: datetime | None) -> datetime | None:
    """When the match finished: the first time known, now if none, None if
    it goes on."""
    if not match.is_over:
        return None
    return next((moment for moment in known if moment is not None), None) or now()


class _Merge:
    """One arriving match, its names spelt as here, and the phone it meets."""

    def __init__(
        self, arriving: StoredMatch, matches: StoredMatches, roster: Roster
    ) -> None:
        self.before = [player.name for player in roster.players()]
        self.arriving = replace(
            arriving, match=_with_local_names(arriving.match, self.before)
        )
        self.matches, self.roster = matches, roster

    @property
    def added_players(self) -> tuple[str, ...]:
        return tuple(n for n in self.arriving.match.players if n not in self.before)

    def update(self, kept: StoredMatch, common: int) -> TakenIn:
        """`kept` made the arriving match; the rounds both have keep the
        origins `kept` gave them (rounds compare by what was played)."""
        arriving = self.arriving.match.rounds
        rounds = (*kept.match.rounds[:common], *arriving[common:])
        match = replace(self.arriving.match, rounds=rounds)
        finished = _finished(match, kept.finished, self.arriving.finished)
        self.matches.write(replace(kept, finished=finished, match=match))
        self.roster.include(match.players)
        gained = len(match.rounds) - common
        return TakenIn(Outcome.UPDATED, kept.id, gained, None, self.added_players)

    def add(self, match_id: str, beside: str | None) -> TakenIn:
        """The arriving match stored under `match_id` (beside `beside`)."""
        match = self.arriving.match
        finished = _finished(match, self.arriving.finished)
        taken = StoredMatch(match_id, self.arriving.created, finished, match)
        self.matches.add_imported([taken], self.roster.include)
        outcome = Outcome.ADDED if beside is None else Outcome.COPIED
        return TakenIn(outcome, match_id, len(match.rounds), beside, self.added_players)

    def against(self, kept: StoredMatch) -> tuple[Comparison, TakenIn | None]:
        """How the arriving match stands to `kept`, and what the table does
        for it alone (None: it goes beside as a copy)."""
        comparison = compare(kept.match, self.arriving.match)
        relation = comparison.relation
        if relation is Relation.SAME:
            return comparison, TakenIn(Outcome.ALREADY_HERE, kept.id)
        if relation is Relation.KEPT_AHEAD:
            return comparison, TakenIn(Outcome.KEPT_AHEAD, kept.id)
        if relation is Relation.ARRIVING_AHEAD:
            return comparison, self.update(kept, comparison.common)
        return comparison, None


def _merge_free(merge: _Merge, stored_ids: set[str]) -> TakenIn:
    """The table, against the match of the arriving id and its copies."""
    arriving = merge.arriving
    copies = copies_of(arriving.id, stored_ids)
    kept = [merge.matches.load(i) for i in [arriving.id, *copies] if i in stored_ids]
    relations = [compare(one.match, arriving.match).relation for one in kept]
    for relation in (Relation.SAME, Relation.KEPT_AHEAD, Relation.ARRIVING_AHEAD):
        if relation in relations:
            _, taken = merge.against(kept[relations.index(relation)])
            assert taken is not None
            return taken
    if arriving.id not in stored_ids:
        return merge.add(arriving.id, None)
    return merge.add(next_copy_id(arriving.id, stored_ids), arriving.id)


def _merge_followed(merge: _Merge, follows: Followed, stored_ids: set[str]) -> TakenIn:
    """The table against the follower's copy alone, or the copy replaced."""
    arriving = merge.arriving
    copy = merge.matches.load(follows.copy_id)
    comparison = compare(copy.match, arriving.match)
    if comparison.relation is Relation.OTHER or not in_family(arriving.id, copy.id):
        raise StoreError("follow-other-match")
    if copy.match == follows.base and comparison.relation is not Relation.SAME:
        # No change of this phone's own since the other phone's last word:
        # that phone's edit or deletion of a round is the truth.
        return merge.update(copy, comparison.common)
    _, taken = merge.against(copy)
    if taken is not None:
        return taken
    return merge.add(next_copy_id(arriving.id, stored_ids), follows.copy_id)


def merge_match(
    arriving: StoredMatch,
    matches: StoredMatches,
    roster: Roster,
    *,
    follows: Followed | None = None,
) -> TakenIn:
    """Merge an arriving match into this phone's (see the module's table).

    With `follows`, against that copy only (merged as any arriving match if
    the copy is gone). StoreError and nothing changed for a name that only
    looks like a player's here, or ("follow-other-match") for a followed copy
    that another match arrives for. The caller holds the store's lock.
    """
    merge = _Merge(arriving, matches, roster)
    stored_ids = {summary.id for summary in matches.summaries()}
    if follows is not None and follows.copy_id in stored_ids:
        return _merge_followed(merge, follows, stored_ids)
    return _merge_free(merge, stored_ids)


def merge_matches(
    arriving: Sequence[StoredMatch], matches: StoredMatches, roster: Roster
) -> list[TakenIn]:
    """Merge many arriving matches (an imported file's), each as `merge_match`
    does; those of an id new here (and to the rest) are written in one go.
    The caller holds the store's lock."""
    stored_ids = {summary.id for summary in matches.summaries()}
    ids = {stored.id for stored in arriving} - stored_ids
    lone = without_copies(ids, stored_ids | ids)
    alone = [stored for stored in arriving if stored.id in lone]
    added = set(matches.add_imported(alone, roster.include))
    taken = {
        stored.id: TakenIn(Outcome.ADDED, stored.id, len(stored.match.rounds))
        for stored in alone
        if stored.id in added
    }
    for stored in arriving:
        if stored.id not in taken:
            taken[stored.id] = merge_match(stored, matches, roster)
    return [taken[stored.id] for stored in arriving]
