"""The matches the benches store and look for: played through the engine, stored
through the Store, their standings as the scoreboard reads them out."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from companion.engine.match import Match
from companion.storage import Store
from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator

PLAYERS = ("Ada", "Bo", "Cy", "Di")


def standing_label(match: Match, player: str) -> str:
    """The scoreboard's accessible line for `player`: "2. Bo: 60 points"."""
    standing = next(s for s in match.ranking() if s.player == player)
    return fmt.standing_label(get_translator("en"), standing)


def played_match(rounds: int, players: Sequence[str] = PLAYERS) -> Match:
    """A Crazy Eights match of `rounds` varied rounds that is not over."""
    match = Match.new("crazy-eights", list(players), limit=100_000)
    faces = ("3", "K", "7", "A", "8", "Q", "5")
    for n in range(rounds):
        went_out = players[n % len(players)]
        others = [p for p in players if p != went_out]
        hands = {
            player: {faces[(n + seat) % len(faces)]: 1 + (n + seat) % 2}
            for seat, player in enumerate(others)
        }
        match = match.record_round(went_out, hands)
    return match


@contextmanager
def data_dir_with(matches: Sequence[Match]) -> Iterator[tuple[Path, list[str]]]:
    """A temporary data directory holding `matches`, stored through the Store."""
    with tempfile.TemporaryDirectory(prefix="bench-data-") as scratch:
        data = Path(scratch) / "companion"
        with Store.open(data) as store:
            ids = [store.add_match(match) for match in matches]
        yield data, ids
