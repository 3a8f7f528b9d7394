"""A match's copies: kept beside it when the same match went another way.

A copy's id is the original's plus a number, so the same copy is found when
that line comes again.
"""

from __future__ import annotations

from collections.abc import Collection

from companion.storage.errors import StoreError

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
