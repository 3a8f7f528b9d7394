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
    stem = min(len(original), MAX_ID - COPY_DIGITS)
    # The length first: a scoreboard asks this of every stored id.
    if len(copy) != stem + COPY_DIGITS or copy == original:
        return False
    return copy.startswith(original[:stem]) and set(copy[stem:]) <= HEX


def pair_of(match_id: str, stored_ids: Iterable[str]) -> tuple[str, str] | None:
    """The pair (original, copy) `match_id` is one of, or None: its original
    if it is a copy, else its first copy."""
    # Only ids of a length a copy or an original of it can have: a scoreboard
    # asks this on every render, and most ids have the length of this one.
    copy_length = min(len(match_id), MAX_ID - COPY_DIGITS) + COPY_DIGITS
    ids = [i for i in stored_ids if len(i) != len(match_id) or copy_length == len(i)]
    originals = sorted(other for other in ids if is_copy_of(match_id, other))
    if originals:
        return originals[0], match_id
    copies = sorted(other for other in ids if is_copy_of(other, match_id))
    return (match_id, copies[0]) if copies else None


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
