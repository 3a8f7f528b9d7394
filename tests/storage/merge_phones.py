"""Phones that already hold matches, for the merge's tests: what they hold, and
a snapshot of every other match's stored bytes to show it never changed."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from handed_matches import SIX, mau_mau, play, stored, table

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.match_copies import in_family
from companion.storage.records import match_document

KEPT_ID = "0123456789ab"
"""The id of the match the tests merge arriving matches with."""


def evening(rounds: int, seed: int = 1) -> Match:
    """The first `rounds` rounds of one evening's match (the same for any count)."""
    return play(table(SIX[:4], limit=5000), rounds, seed=seed)


def other_way(rounds: int) -> Match:
    """The evening's match as another phone told round 4, then played on."""
    changed = evening(10).edit_round(3, "Bo", {p: 7 for p in SIX[:4] if p != "Bo"})
    return play(changed, rounds - 10, seed=99)


def others() -> list[StoredMatch]:
    """Three matches a phone holds besides the evening's: one finished, one
    of a game of its own, one ended early."""
    short = play(table(["Ada", "Eve"], "vandatta", rounds=3), 3, seed=4)
    own = play(table(SIX[2:5], mau_mau()), 4, seed=6)
    ended = play(table(SIX[1:4], "uno"), 3, seed=8).end_early()
    return [
        stored(short, "aaaa00000001"),
        stored(own, "bbbb00000002"),
        stored(ended, "cccc00000003"),
    ]


def holding(store: Store, *kept: StoredMatch) -> Store:
    """`store` as a phone that already holds the other matches and `kept`."""
    for one in [*others(), *kept]:
        store.restore_match(one)
    return store


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def untouched(store: Store, family: str = KEPT_ID) -> dict[str, Any]:
    """Every match not of `family` (the kept match and its copies) as stored:
    the files' bytes on disk, or each match's stored document in memory."""
    ids = [s.id for s in store.list_matches() if not in_family(family, s.id)]
    if store.data_dir is not None:
        files = _files(store.data_dir / "matches")
        return {
            name: data
            for name, data in files.items()
            if any(name.startswith(match_id) for match_id in ids)
        }
    return {
        match_id: json.dumps(match_document(store.load_stored(match_id)))
        for match_id in ids
    }


def export_file(path: Path, matches: Iterable[dict[str, Any]]) -> Path:
    """An export file of one kind "match" holding these match entries."""
    document = {
        "format": "card-table-companion",
        "version": 1,
        "kind": "match",
        "exported": datetime(2026, 3, 15, tzinfo=UTC).isoformat(),
        "matches": list(matches),
    }
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def entry(match_id: str, match_data: dict[str, Any]) -> dict[str, Any]:
    """An export file's entry of a match, from its to_dict form."""
    return {
        "id": match_id,
        "created": "2026-03-14T19:30:05+00:00",
        "finished": None,
        "match": match_data,
    }
