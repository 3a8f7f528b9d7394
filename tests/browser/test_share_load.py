"""Load on a shared table: ten phones watch one match while the host records round
after round by taps; nothing is lost and every phone ends on the host's totals."""

from __future__ import annotations

import os
import re
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import Server, serving
from driver import Table
from flows import ENGLISH, join, join_code
from playwright.sync_api import expect

from companion.engine.games import get_game
from companion.engine.match import Match
from companion.storage import Store
from companion.words.game_texts import card_name

VIEWERS = 10
ROUNDS = 15
"""Each round redraws eleven pages (3.8 s a round on two cores): fifteen show what
fifty did, that every round reaches every phone and the store, in a third of the
time."""
HAND = "3"
"""Bo holds one three each round: three points, the cheapest round to enter."""


def _tree_rss_mb(root: int) -> float:
    """Resident memory of `root` and all its descendants, in MB (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: split after the last ")".
        children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(
            int(entry)
        )
    total_kb, pending = 0, [root]
    while pending:
        pid = pending.pop()
        pending.extend(children.get(pid, []))
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+)", status, re.MULTILINE)
        total_kb += int(found.group(1)) if found else 0
    return total_kb / 1024


def _record(host: Table, number: int) -> float:
    """Record round `number` by taps (Ada out, Bo holds a three); seconds from the
    tap on Save until the host's scoreboard shows the next round.

    Plain Playwright clicks, which wait for the control to stand still: quicker
    than Table.tap, and nothing covers these controls here.
    """
    page = host.page
    for name in ("Record round", "Ada", f"Add {card_name(ENGLISH, HAND)} to Bo"):
        page.get_by_role("button", name=name, exact=True).click()
    save = page.get_by_role("button", name="Save round", exact=True)
    expect(save).to_be_enabled()
    started = time.monotonic()
    save.click()
    page.get_by_text(f"Round {number + 1}", exact=True).first.wait_for()
    return time.monotonic() - started


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The shared table, holding the match before it starts (starting a match by
    taps is test_crazy_eights.py's to check): Crazy Eights that never ends here."""
    match = Match.new("crazy-eights", ["Ada", "Bo"], limit=100_000)
    yield from serving(tmp_path_factory, share=True, matches={"load": match})


def test_ten_viewers_follow_every_round_recorded_on_the_host(
    shared_server: Server, phones: Callable[..., Table]
) -> None:
    began = time.monotonic()
    assert shared_server.process is not None
    pid = shared_server.process.pid
    host = phones(shared_server.url)
    path = shared_server.matches["load"]
    code = join_code(host)
    rss_host_only = _tree_rss_mb(pid)

    viewers = [
        phones(shared_server.url, f"198.51.100.{100 + n}") for n in range(VIEWERS)
    ]
    # Every page starts loading at once; each joins as soon as its app is drawn,
    # and the scoreboards come while the next phones are joining.
    for viewer in viewers:
        viewer.page.goto(viewer.base_url + path, wait_until="commit")
    for viewer in viewers:
        viewer.ready()
        join(viewer, code)
    for viewer in viewers:
        viewer.standing(1, "Ada", 0)
    rss_watched = _tree_rss_mb(pid)
    joined = time.monotonic() - began

    host.open(path)
    latencies = [_record(host, number) for number in range(1, ROUNDS + 1)]
    total = ROUNDS * get_game("crazy-eights").points(HAND)
    host.standing(2, "Bo", total)
    for viewer in viewers:
        viewer.standing(1, "Ada", 0, timeout=10_000)
        viewer.standing(2, "Bo", total, timeout=10_000)
        viewer.see(f"Round {ROUNDS + 1}")
    rss_after = _tree_rss_mb(pid)

    shared_server.stop()
    store = Store.open(shared_server.data_dir)
    try:
        stored = store.load_match(path.rsplit("/", 1)[1])
    finally:
        store.close()
    assert len(stored.rounds) == ROUNDS
    assert stored.totals() == {"Ada": 0, "Bo": total}
    print(
        f"\n{VIEWERS} viewers, {ROUNDS} rounds recorded on the host by taps:"
        f"\n  host save (tap on Save until the scoreboard shows the next round):"
        f" median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s"
        f"\n  server RSS: {rss_host_only:.0f} MB with the host alone,"
        f" {rss_watched:.0f} MB with {VIEWERS} viewers joined,"
        f" {rss_after:.0f} MB after {ROUNDS} rounds"
        f"\n  test time {time.monotonic() - began:.0f} s"
        f" ({joined:.0f} s to open the host and join the viewers)"
    )
