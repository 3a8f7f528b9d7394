"""Two phones on one match: a round saved on one shows on the other by itself.

How soon is measured by bench/live.py; here only that it comes, within a wait
generous enough for a busy machine.
"""

from __future__ import annotations

import pytest
from conftest import Phones, Server
from driver import Table
from flows import record_round


@pytest.fixture(scope="module")
def server(started_match_server: Server) -> Server:
    """The module's server: a match just started (conftest)."""
    return started_match_server


def test_a_round_saved_in_one_tab_shows_in_the_other(
    phones: Phones, table: Table, server: Server
) -> None:
    path = server.matches["match"]
    table.open(path)
    other = phones(table.base_url, locale="en-US").open(path)
    other.standing(1, "Ada", 0)
    other.see("Ada deals, Bo starts")

    record_round(table, "Cy", {"Ada": ["K"], "Bo": ["5", "4"]}, save=False)
    table.tap("Save round")
    # No reload, no tap in the other tab: the round arrives by itself.
    other.standing(2, "Bo", 9)
    other.standing(1, "Cy", 0)
    other.standing(3, "Ada", 10)
    other.see("Bo deals, Cy starts")
