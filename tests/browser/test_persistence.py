"""Nothing is lost: a reload mid-match, and a server restart, keep every round."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Server, serving
from driver import Table
from flows import new_match, record_round

from companion.engine.match import Match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding a Vändåtta match to export, one round in (the
    first test starts its own match by taps, which drops any without a round:
    that it outlives a restart is what it checks)."""
    match = Match.new("vandatta", ["Ada", "Bo"]).record_round("Ada", {"Bo": {"3": 1}})
    yield from serving(tmp_path_factory, matches={"export": match})


def test_reload_and_server_restart_keep_the_match(table: Table, server: Server) -> None:
    path = new_match(table, "Crazy Eights", ["Ada", "Bo", "Cy"])
    record_round(table, "Bo", {"Ada": ["7", "7"], "Cy": ["K"]})
    table.standing(3, "Ada", 14)

    # Halfway through entering the next round, the phone reloads the page: the
    # same screen comes back, with what was tapped so far.
    table.tap("Record round")
    table.tap("Cy")
    table.tap("Add nine to Ada")
    table.reload()
    table.see("Cy went out")
    table.button("Remove one nine from Ada (1 held)").wait_for()
    assert table.path() == path + "/round"
    table.tap("Back to the scoreboard")
    table.standing(1, "Bo", 0)
    table.standing(2, "Cy", 10)
    table.standing(3, "Ada", 14)

    # The server stops (Ctrl-C) and starts again on the same data directory.
    server.stop()
    server.start()
    table.open(path)
    table.standing(1, "Bo", 0)
    table.standing(2, "Cy", 10)
    table.standing(3, "Ada", 14)
    table.see("Round 2")
    # The half-entered round outlived the restart too; the table starts afresh.
    table.tap("Record round")
    table.see("The round was kept as you left it.")
    table.tap("Start afresh")
    table.tap("Back to the scoreboard")
    record_round(table, "Ada", {"Bo": ["2"], "Cy": ["3"]})
    table.standing(1, "Bo", 2)
    table.open("/")
    table.see("2 rounds played")


def test_export_downloads_a_file_and_import_reads_it_back(
    table: Table, server: Server, tmp_path: Path
) -> None:
    table.open("/settings")
    table.see(str(server.data_dir))
    with table.page.expect_download() as download:
        table.tap("Export everything")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    exported = json.loads(saved.read_text(encoding="utf-8"))
    assert len(exported["matches"]) >= 1
    table.see(re.compile(r"match(es)? exported as companion-"))
    with table.page.expect_file_chooser() as chooser:
        table.tap("Import a file")
    chooser.value.set_files(saved)
    # Everything in the file is already stored: nothing is added twice.
    table.see(f"0 matches imported from {saved.name}")
