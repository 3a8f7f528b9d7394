"""A save the disk refuses is shown to the player; the round waits to be saved again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import Server, serving
from driver import Table
from flows import record_round
from read_only import read_only

from companion.engine.match import Match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding a match just started (starting a match by taps is
    test_crazy_eights.py's to check)."""
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    yield from serving(tmp_path_factory, matches={"match": match})


def test_a_refused_save_is_shown_and_the_round_can_be_saved_once_the_disk_allows(
    table: Table, server: Server
) -> None:
    path = server.matches["match"]
    table.open(path)
    record_round(table, "Ada", {"Bo": ["K"]})
    table.standing(2, "Bo", 10)
    with read_only(server.data_dir / "matches"):
        record_round(table, "Bo", {"Ada": ["8"]}, save=False)
        table.tap("Save round")
        table.see(re.compile(r"cannot be written to\. Nothing was changed\."))
    # The cards entered are still on screen: saving again now works.
    table.tap("Save round")
    table.standing(1, "Bo", 10)
    table.standing(2, "Ada", 50)
    table.open(path)
    table.standing(2, "Ada", 50)
