"""The merge of an arriving match, against saving a round on the same match.

Run: python bench/merge.py [--runs 20] [--tiny]
A phone (a data directory on disk, every fsync included) holds a 200-round
match of four players among ten others. Timed, in turn, run by run:
- save: a round saved on it (the 199-round match made the 200-round one):
  the floor, what Save costs below the screen;
- update: the 200-round match arriving for the 199-round one kept
  (storage/match_merge.py: brought up to date);
- copy: a 200-round match arriving that went another way from round 100
  (kept beside as a copy).
Between runs the phone is put back (not timed). No target (issue 52 asks for
the figures): each merge's median and its ratio to the save in the same run.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from harness import Table, arguments, figure, played_match, runs_of

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.match_merge import Outcome
from companion.storage.records import now

ROUNDS = 200
OTHERS = 10
MATCH_ID = "0123456789ab"
Result = TypeVar("Result")


def went_another_way(match: Match, at: int) -> Match:
    """`match` with round `at` (0-based) and every round after told otherwise."""
    other = played_match(at)
    for n in range(at, len(match.rounds)):
        source = match.rounds[(n + 1) % len(match.rounds)]
        hands = {p: e if isinstance(e, int) else e.as_dict() for p, e in source.hands}
        other = other.record_round(source.went_out, hands)
    return other


def timed(action: Callable[[], Result]) -> tuple[float, Result]:
    """Milliseconds `action` took, and what it gave."""
    began = time.perf_counter()
    result = action()
    return (time.perf_counter() - began) * 1000, result


def main() -> None:
    parser = arguments(__doc__.splitlines()[0], runs=20)
    runs = runs_of(parser.parse_args())
    whole = played_match(ROUNDS)
    shorter = replace(whole, rounds=whole.rounds[:-1])
    other = went_another_way(whole, ROUNDS // 2)
    assert other.rounds[: ROUNDS // 2] == whole.rounds[: ROUNDS // 2] != other.rounds
    table = Table(f"A {ROUNDS}-round match, {runs} runs", "ms")
    with (
        tempfile.TemporaryDirectory(prefix="bench-merge-") as scratch,
        Store.open(Path(scratch) / "companion") as store,
    ):
        for _ in range(OTHERS):
            store.add_match(played_match(20))
        store.restore_match(StoredMatch(MATCH_ID, now(), None, shorter))
        arriving = StoredMatch(MATCH_ID, now(), None, whole)
        diverged = StoredMatch(MATCH_ID, now(), None, other)
        for _ in range(runs):
            save, _ = timed(lambda: store.save_match(MATCH_ID, whole, base=shorter))
            store.save_match(MATCH_ID, shorter)
            update, updated = timed(lambda: store.merge(arriving))
            copy, copied = timed(lambda: store.merge(diverged))
            assert (updated.outcome, copied.outcome) == (
                Outcome.UPDATED,
                Outcome.COPIED,
            )
            store.delete_match(copied.match_id)
            store.save_match(MATCH_ID, shorter)
            for row, value in (("save", save), ("update", update), ("copy", copy)):
                table.add(row, value)
    table.add_ratios("ratio update/save", "update", "save")
    table.add_ratios("ratio copy/save", "copy", "save")
    table.print()
    figure("save a round, 200 rounds (floor)", table.median("save"), "ms")
    figure("merge 200 against 199 rounds", table.median("update"), "ms")
    figure("merge 200 against 200 from round 100", table.median("copy"), "ms")
    figure("merge 200/199 / save", table.median("ratio update/save"), "x")
    figure("merge diverged / save", table.median("ratio copy/save"), "x")


if __name__ == "__main__":
    main()
