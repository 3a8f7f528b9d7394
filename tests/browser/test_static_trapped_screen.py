"""On the static site too, a screen whose renderer traps comes back by itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Phones, StaticServer, free_port
from playwright.sync_api import expect
from test_static_site import BOOT_MS, wait_for_app
from test_trapped_screen import RESTARTED, force_trap

from companion.engine.match import Match
from companion.publish.site import build_site
from companion.storage import Store
from companion.webclient.screen_restart import LINE_ID

RESUME = "Resume Crazy Eights with Ada, Bo, and Cy"


@pytest.fixture(scope="module")
def static_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    site = build_site(tmp_path_factory.mktemp("static") / "site")
    server = StaticServer(site.folder, free_port()).start()
    yield server
    server.stop()


def an_export(folder: Path) -> Path:
    """A file holding one match a round in (Ada 0, Cy 6, Bo 60), as exported."""
    store = Store.in_memory()
    store.add_match(
        Match.new("crazy-eights", ["Ada", "Bo", "Cy"]).record_round(
            "Ada", {"Bo": {"8": 1, "K": 1}, "Cy": {"3": 2}}
        )
    )
    made = folder / "companion-one-match.json"
    store.export_all(made)
    return made


def test_a_trapped_screen_of_the_static_app_comes_back_with_its_data(
    phones: Phones, static_server: StaticServer, tmp_path: Path
) -> None:
    table = phones(static_server.url, locale="en-US")
    table.page.goto(static_server.url + "/")
    wait_for_app(table)
    table.tab("Settings")
    export = an_export(tmp_path)
    with table.page.expect_file_chooser() as chooser:
        table.tap("Import a file")
    chooser.value.set_files(str(export))
    table.see(f"1 match imported from {export.name}")
    table.tab("Matches")
    table.tap(RESUME)
    table.standing(3, "Bo", 60)
    scoreboard = table.page.url
    assert re.search(r"#/match/", scoreboard)

    # The match is in the browser's own storage: the restarted page, a
    # new Python and all, finds it there, on the same screen.
    force_trap(table)
    expect(table.page.locator(f"#{LINE_ID}")).to_contain_text(
        RESTARTED, timeout=BOOT_MS
    )
    assert table.page.evaluate("window.beforeTheTrap") is None
    wait_for_app(table, "1. Ada: 0 points")
    assert table.page.url == scoreboard
    table.standing(2, "Cy", 6)
    table.standing(3, "Bo", 60)
