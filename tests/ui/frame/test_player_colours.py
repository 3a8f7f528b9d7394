"""Each person keeps one colour across matches, and no match shows two alike."""

from companion.engine.match import Match
from companion.storage import Store
from companion.ui.frame.player_colours import colour_slots, match_colours
from companion.ui.frame.theme import SERIES_COLOURS


def test_a_person_keeps_their_colour_whatever_seat_they_take() -> None:
    store = Store.in_memory()
    store.add_match(Match.new("uno", ["Far", "Mor", "Åse"]))
    seats = ["Far", "Mor", "Åse"]
    first = dict(zip(seats, match_colours(store, seats), strict=True))
    store.add_match(Match.new("uno", ["Åse", "Far"]))
    second = dict(
        zip(["Åse", "Far"], match_colours(store, ["Åse", "Far"]), strict=True)
    )
    assert second == {"Åse": first["Åse"], "Far": first["Far"]}
    assert len(set(first.values())) == 3
    # A rename keeps the person's place on the roster, so their colour.
    store.rename_player("Far", "Pappa")
    assert match_colours(store, ["Åse", "Pappa"]) == (first["Åse"], first["Far"])


def test_with_more_people_than_colours_a_match_still_shows_none_twice() -> None:
    joined = [f"P{n}" for n in range(len(SERIES_COLOURS) + 3)]
    # P0 and P10 would share the first colour: the later seat takes the next one.
    slots = colour_slots(joined, ["P10", "P0", "P1"])
    assert slots == (0, 1, 2)
    full = colour_slots(joined, joined[: len(SERIES_COLOURS)])
    assert sorted(full) == list(range(len(SERIES_COLOURS)))
    # Deterministic: the same roster gives the same colours.
    assert colour_slots(joined, ["P10", "P0", "P1"]) == slots
