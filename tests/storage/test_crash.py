"""Killing the app at random moments never loses a round whose save returned."""

import os
import random
import signal
import time
from pathlib import Path
from typing import NoReturn

from companion.engine.match import Match
from companion.storage import Store

KILLS = 100
PLAYERS = ["Ada", "Bo", "Cy", "Di"]
HANDS = {"Bo": {"8": 1}, "Cy": {"K": 1, "3": 2}, "Di": {"A": 1}}
DAMAGE_NOTICES = {"backup-restored", "file-moved-aside"}


def record_until_killed(data: Path, report: int) -> NoReturn:
    """The child: record rounds forever, reporting each save after it returns."""
    try:
        store = Store.open(data)
        while True:
            playing = [s.id for s in store.list_matches() if s.finished is None]
            if playing:
                match_id = playing[0]
            else:
                new = Match.new("crazy-eights", PLAYERS, rounds=40)
                match_id = store.add_match(new)
                os.write(report, f"{match_id} 0\n".encode())
            match = store.update_match(match_id, lambda m: m.record_round("Ada", HANDS))
            os.write(report, f"{match_id} {len(match.rounds)}\n".encode())
    finally:
        os._exit(1)


def run_and_kill(data: Path, delay: float) -> list[tuple[str, int]]:
    """Fork a recording child, SIGKILL it after `delay`, return what it reported."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        record_until_killed(data, write_end)
    os.close(write_end)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    chunks = []
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    os.close(read_end)
    text = b"".join(chunks).decode()
    # A line cut short by the kill was never fully reported.
    complete = text[: text.rfind("\n") + 1]
    return [(line.split()[0], int(line.split()[1])) for line in complete.splitlines()]


def test_sigkill_at_random_moments_loses_no_saved_round(tmp_path: Path) -> None:
    rng = random.Random(20261130)
    saved: dict[str, int] = {}
    reported = 0
    for _ in range(KILLS):
        reports = run_and_kill(tmp_path, rng.uniform(0.005, 0.06))
        reported += len(reports)
        for match_id, rounds in reports:
            saved[match_id] = max(saved.get(match_id, 0), rounds)
        with Store.open(tmp_path) as store:
            assert not DAMAGE_NOTICES & {notice.code for notice in store.notices}
            listed = {s.id: s.round_count for s in store.list_matches()}
            for match_id, rounds in saved.items():
                stored = store.load_match(match_id)
                assert len(stored.rounds) >= rounds
                assert listed[match_id] == len(stored.rounds)
                saved[match_id] = len(stored.rounds)
    # The kills must have landed among real saves for this test to mean anything.
    assert reported > 3 * KILLS
    assert len(saved) > 3
