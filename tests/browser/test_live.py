"""Two phones on one match: a round saved on one shows on the other at once."""

from __future__ import annotations

import time

from driver import Table
from flows import new_match, record_round


def test_a_round_saved_in_one_tab_shows_in_the_other(browser, table: Table) -> None:
    path = new_match(table, "Crazy Eights", ["Ada", "Bo", "Cy"])
    other_context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US"
    )
    try:
        other = Table(other_context.new_page(), table.base_url).open(path)
        other.standing(1, "Ada", 0)
        other.see("Ada deals, Bo starts")

        record_round(table, "Cy", {"Ada": ["K"], "Bo": ["5", "4"]}, save=False)
        table.button("Save round").wait_for()
        saved = time.monotonic()
        table.tap("Save round")
        other.standing(2, "Bo", 9, timeout=5000)
        lag = time.monotonic() - saved
        other.standing(1, "Cy", 0)
        other.standing(3, "Ada", 10)
        other.see("Bo deals, Cy starts")
        print(
            "\nround saved in one tab (tap on Save), shown in the other after "
            f"{lag:.2f} s"
        )
        assert lag < 1.5
    finally:
        other_context.close()
