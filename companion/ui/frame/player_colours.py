"""Each person's colour: the same in every match, never shared within one."""

from __future__ import annotations

from collections.abc import Sequence

from companion.storage import Store
from companion.ui.frame.theme import SERIES_COLOURS


def colour_slots(joined: Sequence[str], players: Sequence[str]) -> tuple[int, ...]:
    """Each seat's colour, as an index into SERIES_COLOURS.

    A person's colour follows their place in `joined` (the roster in the order
    people joined it), so it stays theirs from match to match; when an earlier
    seat already has it (more people than colours), the next free one is taken.
    """
    count = len(SERIES_COLOURS)
    place = {name: n for n, name in enumerate(joined)}
    taken: set[int] = set()
    slots: list[int] = []
    for seat, player in enumerate(players):
        slot = place.get(player, len(joined) + seat) % count
        while slot in taken and len(taken) < count:
            slot = (slot + 1) % count
        taken.add(slot)
        slots.append(slot)
    return tuple(slots)


def match_slots(store: Store, players: Sequence[str]) -> tuple[int, ...]:
    """The colour slots of a match's seats, from the stored roster."""
    return colour_slots(store.joined_order(), players)


def match_colours(store: Store, players: Sequence[str]) -> tuple[str, ...]:
    """The colour of each seat of a match, for the screens."""
    return tuple(SERIES_COLOURS[slot] for slot in match_slots(store, players))
