"""Nonsense typed or sent by a person: a clear message, and the session answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match
from companion.storage import Store

HUGE = "9" * 4301
"""Past Python's 4,300-digit limit for turning text into an int."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding a match just started for each test that needs
    one (starting a match by taps is test_crazy_eights.py's to check)."""
    matches = {
        key: Match.new("crazy-eights", ["Ada", "Bo"]) for key in ("points", "address")
    }
    yield from serving(tmp_path_factory, matches=matches)


def test_a_number_of_4301_digits_as_points_is_refused_and_back_works(
    table: Table, server: Server
) -> None:
    path = server.matches["points"]
    table.open(path)
    table.tap("Record round")
    table.tap("Ada")
    table.tap("Enter points for Bo instead")
    table.fill("Points for Bo", HUGE)
    # The message names the largest number of points a hand may have.
    table.see("Bo: 99999999999… points is too many (at most 10,000).")
    table.shot("bad-input-huge-points-390x844")
    expect(table.button("Save round")).to_be_disabled()
    table.tap("Back to the scoreboard")
    table.standing(1, "Ada", 0)
    table.reload()
    table.standing(1, "Ada", 0)
    table.see("Record round")
    assert table.path() == path


def test_an_address_that_is_no_screen_or_a_long_number_gets_the_apps_answer(
    table: Table, server: Server
) -> None:
    path = server.matches["address"]
    # A dot sent these to Flet's own files: a 404, or for a name too long for
    # the file system {"detail":"Not Found"}, before the app saw them.
    table.open(path + "/round/1." + HUGE)
    table.see("Who went out?")
    table.open("/players/J.R.")
    table.see("J.R. has not finished a match yet.")
    table.open("/no/such/screen")
    table.see("There is nothing at this address")
    table.shot("bad-input-no-such-address-390x844")
    table.tap("Back to the matches")
    table.see("New match")
    assert table.path() == "/"


def _import(table: Table, path: Path) -> None:
    """Settings → Import a file, picking `path` in the browser's file chooser."""
    table.open("/settings")
    with table.page.expect_file_chooser() as chooser:
        table.tap("Import a file")
    chooser.value.set_files(str(path))


def _stored(data_dir: Path) -> dict[str, bytes]:
    """Every file of the data folder with its bytes, to compare before and after."""
    return {
        str(path.relative_to(data_dir)): path.read_bytes()
        for path in sorted(data_dir.rglob("*"))
        if path.is_file() and path.suffix != ".lock"
    }


def test_a_refused_import_names_the_file_the_user_picked(
    table: Table, server: Server, tmp_path: Path
) -> None:
    junk = tmp_path / "kitchen table.json"
    junk.write_text("[" * 10_000 + "]" * 10_000)
    _import(table, junk)
    table.see(
        "kitchen table.json is not an export from this app. Nothing was imported."
    )
    table.shot("bad-input-import-refused-390x844")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (13 * 2**20))
    _import(table, big)
    table.see(
        "big.json is larger than 12 MB, more than any export of a real table. "
        "Nothing was imported."
    )
    # Past the 16 MiB one websocket message carries, this showed nothing at all:
    # the served app uploads the file, and refuses it by its size first.
    huge = tmp_path / "whole club.json"
    huge.write_bytes(b" " * (20 * 10**6))
    before = _stored(server.data_dir)
    _import(table, huge)
    table.see(
        "whole club.json is larger than 12 MB, more than any export of a real "
        "table. Nothing was imported."
    )
    table.shot("bad-input-import-20mb-390x844")
    assert _stored(server.data_dir) == before
    # A real export still imports, now by the upload route.
    friends = Store.in_memory()
    friends.add_match(Match.new("uno", ["Cy", "Di"]))
    friends.export_all(tmp_path / "friends.json")
    _import(table, tmp_path / "friends.json")
    table.see("1 match imported from friends.json")
