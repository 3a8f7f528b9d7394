"""Stats per game on the Players screen and a player's page; sharing the standings."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import Phones, Server, serving
from driver import Table
from flows import record_round
from PIL import Image
from playwright.sync_api import expect

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.records import summary_of
from companion.storage.stats import GameKey, StatsBook
from companion.storage.stats_ranking import tonight_since
from companion.ui.frame import format as fmt
from companion.ui.players import stats_texts as texts
from companion.words.i18n import get_translator

START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


def vandatta(players: list[str], went_out: list[str]) -> Match:
    """A two-round Vändåtta: each named player goes out once; the others hold a 3."""
    match = Match.new("vandatta", players, rounds=2)
    for out in went_out:
        match = match.record_round(out, {p: {"3": 1} for p in players if p != out})
    return match


def eights(went_out: str) -> Match:
    """A Crazy Eights of Mor, Far and Kari that `went_out` wins in one round."""
    players = ["Mor", "Far", "Kari"]
    return Match.new("crazy-eights", players).record_round(
        went_out, {p: {"8": 2, "K": 2} for p in players if p != went_out}
    )


def evenings() -> list[StoredMatch]:
    """Crazy Eights: last night Far won three times; tonight (since 06:00 local,
    as the app counts it) Mor twice and Kari once."""
    now = datetime.now().astimezone()
    since = tonight_since(now)
    last_night = [since - timedelta(hours=2, minutes=n) for n in (30, 20, 10)]
    tonight = [since + (now - since) * part for part in (0.2, 0.4, 0.6)]
    return [
        StoredMatch(f"{n:012x}", when - timedelta(minutes=5), when, eights(winner))
        for n, when, winner in zip(
            range(101, 107),
            last_night + tonight,
            ["Far", "Far", "Far", "Mor", "Kari", "Mor"],
            strict=True,
        )
    ]


def seeded() -> list[StoredMatch]:
    """Ada wins two Vändåtta matches, Bo one; Ada collects once at Uno; a name
    with a slash in it plays Cy."""
    played = [
        vandatta(["Ada", "Bo", "Cy"], ["Ada", "Ada"]),
        vandatta(["Ada", "Bo"], ["Bo", "Bo"]),
        vandatta(["Ada", "Bo", "Cy"], ["Ada", "Ada"]),
        vandatta(["Åse Ø/2", "Cy"], ["Åse Ø/2", "Cy"]),
        Match.new("uno", ["Ada", "Bo"]).record_round(
            "Ada", {"Bo": {"RJ": 4, "BJ": 4, "K": 8, "Q": 8}}
        ),
    ]
    return [
        StoredMatch(
            f"{n + 1:012x}",
            START + timedelta(days=n),
            START + timedelta(days=n, hours=1),
            match,
        )
        for n, match in enumerate(played)
    ]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server on a data directory that already holds finished matches."""
    data = tmp_path_factory.mktemp("data") / "companion"
    with Store.open(data) as store:
        store.merge_all(seeded())
    running = Server(data).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose data directory holds two evenings of Crazy Eights."""
    data = tmp_path_factory.mktemp("evenings") / "companion"
    with Store.open(data) as store:
        store.merge_all(evenings())
    running = Server(data).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def last_round_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server holding a one-round Vändåtta of Ann and Ben, not yet played (kept
    apart from the finished matches the other tests count; starting a match by
    taps is test_other_games.py's to check)."""
    match = Match.new("vandatta", ["Ann", "Ben"], rounds=1)
    yield from serving(tmp_path_factory, matches={"match": match})


def test_players_and_a_players_page_in_english(table: Table) -> None:
    table.open("/players")
    table.see("Vändåtta: 2 of 3 matches won (67%)")
    table.see("Uno: 1 of 1 match won (100%)")
    table.see("Most wins: Ada, 2 wins · last Mar 3, 2026")
    table.shot("players-stats-390x844")
    table.tap(re.compile("^Ada Vändåtta"))
    table.see("Head to head")
    table.see("Ada has beaten Bo 2 times, Bo has beaten Ada once")
    table.see("Longest winning streak")
    table.see("Chart of Ada's final totals in Vändåtta, match by match")
    table.shot("player-page-390x844")
    # A record opens the match that set it: below the leaderboard and the
    # roster, scrolled to as a person would.
    table.open("/players")
    record = table.button("Most wins: Ada, 2 wins · last Mar 3, 2026")
    record.wait_for()
    table.page.mouse.move(195, 420)
    table.page.mouse.wheel(0, 2000)
    expect(record).to_be_in_viewport()
    table.tap("Most wins: Ada, 2 wins · last Mar 3, 2026")
    table.see("Ada wins!")
    assert table.path() == f"/match/{3:012x}"


def test_any_name_has_a_page(table: Table) -> None:
    table.open("/players")
    table.tap(re.compile(r"^Åse Ø\/2 Vändåtta"))
    # Her own page, though the URL's %2F comes back as a slash.
    table.see("Åse Ø/2 has never beaten Cy, Cy has never beaten Åse Ø/2; level once")


def test_players_and_a_players_page_in_norwegian(
    phones: Phones, server: Server
) -> None:
    nb = get_translator("nb")
    table = phones(server.url, locale="nb-NO").open("/players")
    book = StatsBook(summary_of(s) for s in seeded())
    (figures,) = [
        s for s in book.player_games("Ada") if s.key == GameKey("vandatta", True)
    ]
    table.see(texts.headline(nb, figures, {}))
    table.tap(re.compile("^Ada Vändåtta"))
    table.see(nb.gettext("Head to head"))
    table.see(nb.gettext("Longest winning streak"))
    table.shot("player-page-nb-390x844")


def tonight() -> datetime:
    return tonight_since(datetime.now().astimezone())


def test_who_is_best_at_crazy_eights_tonight_on_one_screen(
    phones: Phones, evening_server: Server
) -> None:
    board = StatsBook(summary_of(s) for s in evenings()).leaderboard(
        GameKey("crazy-eights", True), tonight()
    )
    assert [line.player for line in board.lines] == ["Mor", "Kari", "Far"]
    for language, locale in (("en", "en-US"), ("nb", "nb-NO")):
        t = get_translator(language)
        table = phones(evening_server.url, locale=locale).open("/players")
        table.tap(fmt.game_name(t, "crazy-eights"))
        table.tap(t.gettext("Tonight"))
        for line in board.lines:
            row = table.button(texts.ranked_label(t, line))
            row.wait_for()
            box = row.bounding_box()
            # Seen without scrolling: above the navigation bar of the screen.
            assert box is not None and box["y"] >= 0
            assert box["y"] + box["height"] < 844 - 80
        table.shot(f"leaderboard-tonight-{language}-390x844")
    assert texts.ranked_label(get_translator("en"), board.lines[0]) == (
        "Mor, place 1: 2 of 3 matches won (67%) · 40 points per round"
    )


def test_the_leaderboards_games_keep_their_order_the_one_played_last_chosen(
    table: Table,
) -> None:
    table.open("/players")
    # Uno was played last: it is the game ranked, but its chip stays after
    # Vändåtta's, in the order the Rules chips have (issue 45).
    table.see(re.compile(r"^Ada, place 1: 1 of 1 match won \(100%\)"))
    vandatta, uno = table.button("Vändåtta"), table.button("Uno")
    vandatta.wait_for()
    first, second = vandatta.bounding_box(), uno.bounding_box()
    assert first is not None and second is not None
    assert (first["y"], first["x"]) < (second["y"], second["x"])


def test_a_leaderboard_row_opens_the_players_page(table: Table) -> None:
    table.open("/players")
    # All time, Ada's two Vändåtta wins put her first.
    table.tap("Vändåtta")
    table.tap("All time")
    table.tap(re.compile("^Ada, place 1: 2 of 3 matches won"))
    table.see("Ada has beaten Bo 2 times, Bo has beaten Ada once")
    assert table.path() == "/players/Ada"


def test_share_at_the_end_of_a_match_downloads_the_picture_and_copies_the_text(
    phones: Phones, last_round_server: Server, tmp_path: Path
) -> None:
    table = phones(last_round_server.url)
    table.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    table.open(last_round_server.matches["match"])
    record_round(table, "Ann", {"Ben": ["8", "K"]})
    table.see("Ann wins!")
    with table.page.expect_download() as download:
        table.tap("Share standings")
    saved = tmp_path / "standings.png"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("vandatta-")
    image = Image.open(io.BytesIO(saved.read_bytes()))
    assert image.format == "PNG" and image.width == 1080 and image.height > 1000
    # Drawn, not blank: the text, the dots and the chart's lines in many colours.
    assert len(image.convert("RGB").getcolors(1 << 20) or []) > 50
    table.see(re.compile("^Picture downloaded and standings copied"))
    copied = table.page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[-1] == "Ann wins!"
    assert "1. Ann: 0 points" in copied.splitlines()
    table.shot("share-done-390x844")
