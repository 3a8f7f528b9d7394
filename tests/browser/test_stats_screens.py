"""Stats per game on the Players screen and a player's page; sharing the standings."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import Server
from driver import Table
from flows import new_match, record_round
from PIL import Image

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.records import summary_of
from companion.storage.stats import GameKey, HeadToHead, StatsBook
from companion.ui.players import stats_texts as texts
from companion.words.i18n import get_translator

START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


def vandatta(players: list[str], went_out: list[str]) -> Match:
    """A two-round Vändåtta: each named player goes out once; the others hold a 3."""
    match = Match.new("vandatta", players, rounds=2)
    for out in went_out:
        match = match.record_round(out, {p: {"3": 1} for p in players if p != out})
    return match


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
        store.add_imported(seeded())
    running = Server(data).start()
    yield running
    running.stop()


def test_players_and_a_players_page_in_english(table: Table) -> None:
    t = get_translator("en")
    table.open("/players")
    table.see("Vändåtta: 2 of 3 matches won (67%)")
    table.see("Uno: 1 of 1 match won (100%)")
    table.see("Most wins: Ada, 2 wins · last Mar 3, 2026")
    table.shot("players-stats-390x844")
    table.tap("Stats of Ada")
    table.see("Head to head")
    table.see(texts.head_to_head_line(t, "Ada", HeadToHead("Bo", 3, 2, 1)))
    table.see("Longest winning streak")
    table.see("Chart of Ada's final totals in Vändåtta, match by match")
    table.shot("player-page-390x844")
    # A record opens the match that set it.
    table.open("/players")
    table.tap("Most wins: Ada, 2 wins · last Mar 3, 2026")
    table.see("Ada wins!")
    assert table.path() == f"/match/{3:012x}"


def test_any_name_has_a_page(table: Table) -> None:
    table.open("/players")
    table.tap("Stats of Åse Ø/2")
    # Her own page, though the URL's %2F comes back as a slash.
    table.see("Against Cy: 1 match · Åse Ø/2 ahead 0 · behind 0 · level 1")


def test_players_and_a_players_page_in_norwegian(browser, server: Server) -> None:
    nb = get_translator("nb")
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="nb-NO"
    )
    try:
        table = Table(context.new_page(), server.url).open("/players")
        book = StatsBook(summary_of(s) for s in seeded())
        (figures,) = [
            s for s in book.player_games("Ada") if s.key == GameKey("vandatta", True)
        ]
        table.see(texts.headline(nb, figures, {}))
        table.tap(nb.gettext("Stats of {name}").format(name="Ada"))
        table.see(nb.gettext("Head to head"))
        table.see(nb.gettext("Longest winning streak"))
        table.shot("player-page-nb-390x844")
    finally:
        context.close()


def test_share_at_the_end_of_a_match_downloads_the_picture_and_copies_the_text(
    table: Table, tmp_path: Path
) -> None:
    new_match(table, "Vändåtta", ["Ann", "Ben"], end_value="1")
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
