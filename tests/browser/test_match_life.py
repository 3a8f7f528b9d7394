"""A match's whole life at the table: ended early, deleted, undone; and Share
standings in a browser that has no Web Share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from conftest import Phones, Server
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match
from companion.storage import Store
from companion.storage.records import StoredMatch, summary_of
from companion.storage.stats import StatsBook

UNDER_WAY = (
    Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    .record_round("Ada", {"Bo": {"8": 1}, "Cy": {"K": 1}})
    .record_round("Cy", {"Ada": {"3": 1}, "Bo": {"Q": 1}})
)
"""Ada 3, Cy 10, Bo 60: Ada leads, and Crazy Eights' lowest total wins."""

UNO = Match.new("uno", ["Ada", "Bo"]).record_round("Bo", {"Ada": {"K": 1}})
FINISHED = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
    "Ada", {"Bo": {"8": 3}}
)
EVENING = dt.datetime(2026, 11, 30, 20, 5, tzinfo=dt.UTC)
PLAYED = Match.new("vandatta", ["Cy", "Di"], rounds=1).record_round(
    "Cy", {"Di": {"8": 1}}
)
REMATCHED = [
    StoredMatch("0e0e0e0e0e01", EVENING, EVENING + dt.timedelta(minutes=20), PLAYED),
    StoredMatch(
        "0e0e0e0e0e02",
        EVENING + dt.timedelta(minutes=21),
        EVENING + dt.timedelta(minutes=42),
        PLAYED,
    ),
]
"""A Vändåtta match of Cy and Di and its rematch, one evening, stored as they
ended (20:25 and 20:47 UTC): the same game, players, winner and date."""
ONE_WIN = "Crazy Eights: 1 of 1 match won (100%)"
TWO_WINS = "Crazy Eights: 2 of 2 matches won (100%)"

NO_WEB_SHARE_JS = """
delete Navigator.prototype.share;
delete Navigator.prototype.canShare;
"""
"""What Chromium on Linux offers: no Web Share at all (not even canShare)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This module's table, its matches stored before it starts (it stands in for
    conftest's)."""
    matches = {"under-way": UNDER_WAY, "uno": UNO, "finished": FINISHED}
    data_dir = tmp_path_factory.mktemp("data") / "companion"
    with Store.open(data_dir) as store:
        store.merge_all(REMATCHED)
    # The list's times are the server's local ones: UTC, so the test knows them.
    running = Server(data_dir, env={"TZ": "UTC"}, matches=matches).start()
    yield running
    running.stop()


def _stats_equal_a_recomputation(server: Server) -> None:
    """The figures the server kept, read back as it left them, against the ones
    worked out afresh from every stored match file."""
    server.stop()
    try:
        with Store.open(server.data_dir) as store:
            stored = [store.load_stored(s.id) for s in store.list_matches()]
            fresh = StatsBook(summary_of(s) for s in stored).snapshot()
            assert store.stats_snapshot() == fresh
            assert store.notices == []
    finally:
        server.start()


def test_a_match_ends_early_and_is_deleted_with_undo_and_the_stats_follow(
    table: Table, server: Server
) -> None:
    path = server.matches["under-way"]
    table.open(path)
    table.tap("End match now")
    table.see("End the match now?")
    table.see("No more rounds can be recorded; the standings now decide: Ada wins!")
    table.shot("match-end-ask-390x844")
    table.tap("End match")
    table.see("The table ended the match early, on these standings.")
    table.see("Ada wins!")
    expect(table.button("Record round")).to_have_count(0)
    table.shot("match-ended-early-390x844")
    table.see("Match ended.")
    table.undo()
    table.see("Undone.")
    table.button("Record round").wait_for()

    table.tap("End match now")
    table.tap("End match")
    table.see("Ada wins!")
    table.tab("Players")
    table.see(TWO_WINS)

    # Deleting asks once, saying what goes; Undo on the snackbar puts it back.
    table.go(server.matches["uno"])
    table.tap("Delete match")
    table.see("Delete this match?")
    table.see("Its 1 round will be deleted with it.")
    table.shot("match-delete-ask-390x844")
    table.tap("Delete")
    table.see("Match deleted.")
    table.button("New match").wait_for()
    expect(table.button("Resume Uno with Ada and Bo")).to_have_count(0)
    table.shot("match-deleted-390x844")
    table.undo()
    table.standing(1, "Bo", 20)
    assert table.path() == server.matches["uno"]

    # The ended match deleted: Ada's win there goes with it.
    table.open(path)
    table.tap("Delete match")
    table.see("Its 2 rounds will be deleted with it.")
    table.tap("Delete")
    table.see("Match deleted.")
    table.tab("Players")
    table.see(ONE_WIN)
    expect(table.page.get_by_text(TWO_WINS)).to_have_count(0)
    _stats_equal_a_recomputation(server)


def test_share_standings_falls_back_where_the_browser_has_no_web_share(
    table: Table, server: Server
) -> None:
    table.page.context.add_init_script(NO_WEB_SHARE_JS)
    table.open(server.matches["finished"])
    assert table.page.evaluate("typeof navigator.canShare") == "undefined"
    table.see("Ada wins!")
    with table.page.expect_download() as download:
        table.tap("Share standings")
    assert download.value.suggested_filename.endswith(".png")
    table.see(
        "Picture downloaded and standings copied. Paste them into your group chat."
    )
    copied = table.page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[2:] == [
        "1. Ada: 0 points",
        "2. Bo: 150 points",
        "Ada wins!",
    ]
    # The screen is still the app's, and answers.
    table.tap("Rematch")
    table.button("Start match").wait_for()


def test_a_match_and_its_rematch_are_told_apart_by_when_they_ended(
    table: Table, phones: Phones, server: Server
) -> None:
    table.open("/")
    first = table.button("Open Vändåtta of Nov 30, 2026, 8:25\u202fPM")
    rematch = table.button("Open Vändåtta of Nov 30, 2026, 8:47\u202fPM")
    expect(first).to_have_count(1)
    expect(rematch).to_have_count(1)
    table.see("Nov 30, 2026, 8:47\u202fPM · Cy and Di · Cy wins!")
    rematch.scroll_into_view_if_needed()
    table.shot("matches-rematch-390x844")

    norsk = phones(server.url, locale="nb-NO").open("/")
    norsk.button("Åpne Vändåtta fra 30. nov. 2026, 20:25").wait_for()
    norsk.see("30. nov. 2026, 20:47 · Cy og Di · Cy vinner!")
    norsk.button("Åpne Vändåtta fra 30. nov. 2026, 20:47").scroll_into_view_if_needed()
    norsk.shot("matches-rematch-nb-390x844")
