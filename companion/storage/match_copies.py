"""A match's copies: kept beside it when the same match went another way, and
one of a pair let go when the table chooses.

A copy's id is the original's plus a number, so the same copy is found when
that line comes again. A match and one of its copies, both stored, are a
pair; choosing between them deletes the one not kept, and only while both are
there and the one let go is still what the person saw: never both gone, never
a round lost unseen.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from companion.engine.match import Match
from companion.storage.errors import StoreError
from companion.storage.matches import StoredMatches
from companion.storage.records import StoredMatch

COPY_DIGITS = 4
"""Hex digits a copy's id adds to its original's (copies 1 to 65,535)."""
MAX_ID = 32
"""The longest match id (records.MATCH_ID)."""


def _stem(original: str) -> str:
    return original[: MAX_ID - COPY_DIGITS]


def copy_id(original: str, number: int) -> str:
    """The id of copy `number` (from 1) of the match `original`."""
    return _stem(original) + f"{number:0{COPY_DIGITS}x}"


def in_family(original: str, match_id: str) -> bool:
    """Whether `match_id` is the match `original` or one of its copies."""
    stem = _stem(original)
    return match_id == original or (
        len(match_id) == len(stem) + COPY_DIGITS and match_id.startswith(stem)
    )


def is_copy_of(copy: str, original: str) -> bool:
    """Whether `copy` is one of the copies of the match `original`."""
    return copy != original and in_family(original, copy)


def copies_of(original: str, stored_ids: Collection[str]) -> list[str]:
    """The stored copies of `original` (not itself), in order."""
    return sorted(i for i in stored_ids if i != original and in_family(original, i))


def next_copy_id(original: str, stored_ids: Collection[str]) -> str:
    """The id the next copy of `original` takes; StoreError when all are taken."""
    number = 1
    while copy_id(original, number) in stored_ids:
        number += 1
    if number >= 16**COPY_DIGITS:
        raise StoreError("match-exists", id=original)
    return copy_id(original, number)


def without_copies(candidates: Collection[str], ids: Collection[str]) -> set[str]:
    """The candidates of which `ids` hold no copy (at once, for many)."""
    by_stem: dict[str, set[str]] = {}
    for match_id in ids:
        by_stem.setdefault(match_id[:-COPY_DIGITS], set()).add(match_id)
    return {
        original
        for original in candidates
        if not by_stem.get(_stem(original), set()) - {original}
    }


def one_match(first: str, second: str) -> bool:
    """Whether two ids are copies of one match: a match and a copy of it, or
    two copies of the same match (a follower's copy and one kept beside it)."""
    if first == second:
        return False
    if in_family(first, second) or in_family(second, first):
        return True
    return len(first) == len(second) and (first[:-COPY_DIGITS] == second[:-COPY_DIGITS])


def pair_of(match_id: str, stored_ids: Iterable[str]) -> tuple[str, str] | None:
    """The pair (original, copy) `match_id` is one of, or None: its original
    if it is a copy, else its first copy, else the first other copy of the
    match it is a copy of (the older first)."""
    # Every id of its family starts so: a prefix test in C, as a scoreboard
    # asks this on every render.
    head = match_id[:-COPY_DIGITS]
    family = [i for i in stored_ids if i.startswith(head) and one_match(i, match_id)]
    originals = sorted(o for o in family if is_copy_of(match_id, o))
    if originals:
        return originals[0], match_id
    copies = sorted(c for c in family if is_copy_of(c, match_id))
    if copies:
        return match_id, copies[0]
    if not family:
        return None
    first, second = sorted((match_id, min(family)))
    return first, second


def let_go(
    matches: StoredMatches, dropped: str, kept: str, shown: Match
) -> StoredMatch:
    """Delete `dropped`, one of the pair it makes with `kept`; what was deleted.

    StoreError and nothing changed when either is gone ("no-such-match"),
    the two are no pair ("not-copies"), or `dropped` is no longer `shown`
    ("match-changed"). The caller holds the store's lock.
    """
    if not one_match(dropped, kept):
        raise StoreError("not-copies", id=f"{kept}, {dropped}")
    # Loaded first: either one missing refuses before anything is deleted.
    matches.load(kept)
    stored = matches.load(dropped)
    if stored.match != shown:
        raise StoreError("match-changed", id=dropped)
    matches.delete(dropped)
    return stored
