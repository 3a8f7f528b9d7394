"""Every screen at phone and desktop size: screenshots, and 48 px touch targets."""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator

import pytest
from conftest import Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match
from companion.ui.scoreboard.history import RECENT_ROUNDS


def _brightness(png: bytes) -> float:
    """The mean brightness (0-255) of a one-pixel PNG screenshot."""
    data = png[8:]
    raw = b""
    while data:
        length, kind = struct.unpack(">I4s", data[:8])
        if kind == b"IDAT":
            raw += data[8 : 8 + length]
        data = data[12 + length :]
    row = zlib.decompress(raw)
    return sum(row[1:4]) / 3


SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


A_MATCH = (
    Match.new("crazy-eights", ["Ada", "Bo", "Cy", "Di"])
    .record_round("Ada", {"Bo": {"8": 1, "K": 1}, "Cy": {"3": 2}, "Di": {"Q": 1}})
    .record_round(
        "Cy", {"Ada": {"5": 1, "J": 1}, "Bo": {"A": 1}, "Di": {"8": 1, "2": 1}}
    )
)
"""A match two rounds in, for the screens to show (recording rounds by taps is
test_taps.py's and test_crazy_eights.py's to check)."""


def _long_match(rounds: int) -> Match:
    """A Crazy Eights match of `rounds` rounds, each player going out in turn."""
    players = ["Ada", "Bo", "Cy"]
    match = Match.new("crazy-eights", players, limit=10_000)
    for n in range(rounds):
        out = players[n % 3]
        match = match.record_round(out, {p: {"3": 1} for p in players if p != out})
    return match


LONG_MATCH = _long_match(RECENT_ROUNDS + 3)
"""A match with more rounds than the scoreboard lists before "Show all"."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, its data directory holding A_MATCH and LONG_MATCH."""
    yield from serving(tmp_path_factory, matches={"match": A_MATCH, "long": LONG_MATCH})


@pytest.fixture
def match_path(server: Server) -> str:
    return server.matches["match"]


def test_every_screen_at_both_sizes_has_big_enough_targets(
    table: Table, match_path: str
) -> None:
    screens = {
        "matches": ("/", "In progress"),
        "new-match": ("/new", "House rules"),
        "scoreboard": (match_path, "Round 3"),
        "record-round": (match_path + "/round", "Who went out?"),
        "rules": ("/rules/crazy-eights", "Dealing"),
        "players": ("/players", "Ada"),
        "settings": ("/settings", "Language"),
    }
    small: list[str] = []
    table.open("/")
    for size, (width, height) in SIZES.items():
        table.page.set_viewport_size({"width": width, "height": height})
        for name, (path, marker) in screens.items():
            table.go(path)
            table.see(marker)
            table.shot(f"{name}-{width}x{height}")
            small += [f"{name} ({size}): {s}" for s in table.small_targets()]

    table.page.set_viewport_size({"width": 390, "height": 844})
    table.go(match_path + "/round")
    table.tap("Bo")
    table.tap("Cy")
    table.tap("Add king to Cy")
    table.tap("Add king to Cy")
    table.tap("Add seven to Cy")
    table.button("Remove one king from Cy (2 held)").wait_for()
    table.shot("record-round-keypad-390x844")
    small += [f"keypad: {s}" for s in table.small_targets()]
    table.tap("Enter points for Di instead")
    table.shot("record-round-points-390x844")
    assert small == [], "\n".join(small)


def test_dark_theme_and_rule_search(table: Table) -> None:
    table.open("/settings")
    table.tap("Dark")
    table.button("Dark").wait_for()
    table.shot("settings-dark-390x844")
    # The canvas is drawn dark: sample the screenshot's top-left pixel.
    pixel = table.page.screenshot(clip={"x": 5, "y": 300, "width": 1, "height": 1})
    assert _brightness(pixel) < 80
    table.tap("System")

    table.tab("Rules")
    table.see("Dealing")
    # One game's rules, then another's: each shows (the second once came blank).
    table.tap("Vändåtta")
    table.see("Dealing")
    table.tap("Uno")
    table.see("Cards and dealing")
    # Uno's rules open on the Uno deck; jokers are in those of regular decks.
    table.tap("Regular decks")
    table.see("Regular cards as Uno cards")
    table.fill("Search the rules", "joker")
    # A search looks in the game picked, which stays picked above it.
    table.see("Answers from Uno")
    expect(table.button("Vändåtta")).to_have_count(1)
    table.shot("rules-search-390x844")


def test_a_long_match_lists_its_latest_rounds_and_the_rest_on_request(
    table: Table, server: Server
) -> None:
    count = len(LONG_MATCH.rounds)
    table.open(server.matches["long"])
    table.see(f"Show all {count} rounds")
    listed = table.page.get_by_role("button", name=re.compile(r"^Round \d+ · "))
    expect(listed).to_have_count(RECENT_ROUNDS)
    expect(table.button(f"Round {count} · ", exact=False)).to_have_count(1)
    expect(table.button("Round 1 · ", exact=False)).to_have_count(0)
    table.tap(f"Show all {count} rounds")
    expect(listed).to_have_count(count)
    expect(table.button("Round 1 · Ada went out", exact=False)).to_have_count(1)
