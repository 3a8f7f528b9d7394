"""Two copies of one match kept side by side: which ids are a pair, and one let go.

A copy's id is its original's plus COPY_DIGITS hex digits (take_in.copy_id);
the pair is the original and one such copy, both stored. Choosing between
them deletes the one not kept, and only while both are there and the one let
go is still what the person saw: never both gone, never a round lost unseen.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.engine.match import Match
from companion.storage.errors import StoreError
from companion.storage.matches import StoredMatches
from companion.storage.records import StoredMatch
from companion.storage.take_in import COPY_DIGITS, MAX_ID

HEX = frozenset("0123456789abcdef")


def is_copy_of(copy: str, original: str) -> bool:
    """Whether `copy` is the id a copy of the match `original` takes."""
    stem = original[: MAX_ID - COPY_DIGITS]
    return (
        copy != original
        and len(copy) == len(stem) + COPY_DIGITS
        and copy.startswith(stem)
        and set(copy[len(stem) :]) <= HEX
    )


def pair_of(match_id: str, stored_ids: Iterable[str]) -> tuple[str, str] | None:
    """The pair (original, copy) `match_id` is one of, or None: its original
    if it is a copy, else its first copy."""
    others = sorted(other for other in stored_ids if other != match_id)
    for other in others:
        if is_copy_of(match_id, other):
            return other, match_id
    for other in others:
        if is_copy_of(other, match_id):
            return match_id, other
    return None


def let_go(
    matches: StoredMatches, dropped: str, kept: str, shown: Match
) -> StoredMatch:
    """Delete `dropped`, one of the pair it makes with `kept`; what was deleted.

    StoreError and nothing changed when either is gone ("no-such-match"),
    the two are no pair ("not-copies"), or `dropped` is no longer `shown`
    ("match-changed"). The caller holds the store's lock.
    """
    if not (is_copy_of(dropped, kept) or is_copy_of(kept, dropped)):
        raise StoreError("not-copies", id=f"{kept}, {dropped}")
    # Loaded first: either one missing refuses before anything is deleted.
    matches.load(kept)
    stored = matches.load(dropped)
    if stored.match != shown:
        raise StoreError("match-changed", id=dropped)
    matches.delete(dropped)
    return stored
