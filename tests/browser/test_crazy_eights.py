"""A whole Crazy Eights match at the table, recorded by tapping cards."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator

import flet as ft
import pytest
from conftest import Server, serving
from driver import Table
from flows import new_match, record_round
from PIL import Image
from playwright.sync_api import expect

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.ui.frame.theme import SERIES_COLOURS
from companion.ui.scoreboard.history import CHART_HEIGHT
from companion.words.i18n import get_translator
from companion.words.messages import error_message

STORED = {
    "impossible": Match.new("crazy-eights", ["Ada", "Bo", "Cy"]),
    "undo": Match.new("crazy-eights", ["Ann", "Ben"]),
    "awake": Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
        "Bo", {"Ada": {"3": 1}}
    ),
}
"""The matches of the tests after the first, which starts its own by taps.

Starting a match drops every match with no round (as a table that left one for
another): the first test has a server of its own, the undo test's rematch comes
after the impossible hand's test, and the wake lock's match holds a round (Ada 3).
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding the STORED matches (it stands in for
    conftest's)."""
    yield from serving(tmp_path_factory, matches=STORED)


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with no match yet, for the match started by taps."""
    yield from serving(tmp_path_factory)


def test_three_player_match_to_the_limit_by_card_taps(
    phones: Callable[..., Table], empty_server: Server
) -> None:
    table = phones(empty_server.url)
    path = new_match(table, "Crazy Eights", ["Ada", "Bo", "Cy"])
    table.see("Ends when a total passes 100")
    table.see("Ada deals, Bo starts")

    # Ada goes out; Bo holds an eight and a king (60), Cy two threes (6).
    record_round(table, "Ada", {"Bo": ["8", "K"], "Cy": ["3", "3"]})
    table.standing(1, "Ada", 0)
    table.standing(2, "Cy", 6)
    table.standing(3, "Bo", 60)
    table.see("+60")
    table.see("Bo deals, Cy starts")
    # The chart comes a moment after the standings, with Bo's line in it (Bo
    # joined the roster second: the second colour is Bo's).
    assert SERIES_COLOURS[1] == ft.Colors.RED_600
    assert _chart_pixels(table, MATERIAL_RED_600) > 100

    # Bo goes out; Ada holds K Q J A (31), Cy an eight (50).
    record_round(table, "Bo", {"Ada": ["K", "Q", "J", "A"], "Cy": ["8"]})
    table.standing(1, "Ada", 31)
    table.standing(2, "Cy", 56)
    table.standing(3, "Bo", 60)

    # Cy goes out; Ada holds a two, Bo an eight: Bo passes 100 and the match ends.
    record_round(table, "Cy", {"Ada": ["2"], "Bo": ["8"]})
    table.see("Ada wins!")
    table.standing(1, "Ada", 33)
    table.standing(2, "Cy", 56)
    table.standing(3, "Bo", 110)
    assert table.button("Record round").count() == 0
    table.button("Rematch").wait_for()

    # The finished match is listed with its winner.
    table.go("/")
    table.see("Finished")
    table.see("Ada wins!")
    table.go(path)
    table.standing(3, "Bo", 110)


def test_an_impossible_hand_is_refused_and_nothing_is_saved(
    table: Table, server: Server
) -> None:
    path = server.matches["impossible"]
    table.open(path)
    # One deck holds four eights: five cannot be left in the hands.
    record_round(table, "Ada", {"Bo": ["8", "8", "8"], "Cy": ["8", "8"]}, save=False)
    refusal = error_message(
        get_translator("en"), MatchError("deck-limit", face="8", count=5, limit=4)
    )
    table.see(refusal)
    save = table.button("Save round")
    assert save.get_attribute("aria-disabled") == "true"
    save.click(force=True)
    # Still there where a screen reader reads it, not only in the announcement
    # that Flutter clears a moment later.
    semantics = table.page.locator("flt-semantics-host")
    expect(semantics.get_by_label(refusal, exact=True)).to_be_visible()
    assert table.path() == path + "/round"

    table.go(path)
    table.see("Round 1")
    table.see("No rounds yet.")
    table.standing(1, "Ada", 0)
    table.standing(1, "Bo", 0)


def test_undo_copy_summary_rematch_and_the_roster(table: Table, server: Server) -> None:
    table.open(server.matches["undo"])
    record_round(table, "Ann", {"Ben": ["8"]})
    table.standing(2, "Ben", 50)

    # Saved by mistake: the snackbar's Undo takes the round back.
    table.undo()
    table.see("No rounds yet.")
    table.standing(1, "Ben", 0)

    record_round(table, "Ann", {"Ben": ["8"]})
    table.tap("Copy summary")
    table.see("Standings copied. Paste them into your group chat.")
    copied = table.page.evaluate("navigator.clipboard.readText()")
    lines = copied.splitlines()
    assert lines[0].startswith("Crazy Eights · ")
    assert lines[1:] == ["Round 2", "1. Ann: 0 points", "2. Ben: 50 points"]

    # Ben passes 100 in the second round (Ben dealt it): the rematch keeps the
    # table, and the deal moves on to Ann.
    record_round(table, "Ann", {"Ben": ["8", "8"]})
    table.see("Ann wins!")
    table.tap("Rematch")
    table.see("1. Ann")
    table.see("2. Ben")
    table.tap("Start match")
    table.see("Round 1")
    table.see("Ann deals, Ben starts")

    # The roster: wins per game over the finished matches; rename and hide.
    table.tab("Players")
    table.see("Crazy Eights: 1 of 1 match won (100%)")
    table.tap("Rename Ben")
    table.fill("New name for Ben", "Benny")
    table.tap("Save name")
    table.see("Benny")
    table.tap("Hide Benny")
    table.see("Hidden players")
    table.button("Show Benny again").wait_for()
    table.tab("Matches")
    table.see("Ann and Benny")


# Stands in for the browser's Screen Wake Lock API and notes what the app asks of it.
WAKE_LOCK_LOG_JS = """
window.__wakeLock = [];
navigator.wakeLock.request = async (type) => {
    window.__wakeLock.push('request');
    const sentinel = new EventTarget();
    Object.assign(sentinel, {released: false, type});
    sentinel.release = async () => {
        window.__wakeLock.push('release');
        sentinel.released = true;
    };
    return sentinel;
};
"""


def test_the_phone_stays_awake_through_a_round_until_the_match_is_left(
    table: Table, server: Server
) -> None:
    table.page.context.add_init_script(WAKE_LOCK_LOG_JS)
    table.open(server.matches["awake"])

    def wake_lock(calls: list[str]) -> None:
        """Wait until the app's wake lock calls so far are `calls` (a busy
        machine may take seconds). Each check is of every call since the page
        opened, and the last waits for the release that comes after all the
        others (one connection keeps the server's messages in order): a call
        that should not have come shows there, without a pause to let it land."""
        table.page.wait_for_function(
            "calls => JSON.stringify(window.__wakeLock) === JSON.stringify(calls)",
            arg=calls,
        )

    wake_lock(["request"])
    table.tap("Record round")
    table.tap("Ada")
    # Counting cards: the screen must not sleep (the answer to each tap came
    # after any call the tap before made).
    table.tap("Add king to Bo")
    table.tap("Save round")
    table.standing(2, "Bo", 10)
    wake_lock(["request"])
    table.tap("Back to matches")
    table.see("New match")
    wake_lock(["request", "release"])


MATERIAL_RED_600 = (0xE5, 0x39, 0x35)
"""How Flutter draws ft.Colors.RED_600 (Bo's seat)."""


def _chart_pixels(
    table: Table, wanted: tuple[int, int, int], wait_s: float = 30.0
) -> int:
    """How many pixels of the scoreboard's chart (its legend aside) are `wanted`,
    once there are any: the chart is drawn a moment after the screen."""
    chart = table.see("Chart of the running totals after each round")
    viewport = table.page.viewport_size or {"width": 390, "height": 844}
    table.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
    table.page.mouse.wheel(0, 2000)
    count = 0
    deadline = time.monotonic() + wait_s
    while count == 0 and time.monotonic() < deadline:
        time.sleep(0.5)
        box = chart.bounding_box()
        assert box is not None
        clip = {**box, "height": min(box["height"], CHART_HEIGHT)}
        image = Image.open(io.BytesIO(table.page.screenshot(clip=clip))).convert("RGB")
        count = sum(
            n
            for n, pixel in image.getcolors(1 << 20) or []
            if all(abs(a - b) <= 24 for a, b in zip(pixel, wanted, strict=True))
        )
    return count
