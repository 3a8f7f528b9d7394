"""Killing the app in the middle of saves never loses a round whose save returned."""

import os
import random
import select
import signal
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from companion.engine.match import Match
from companion.storage import Store

KILLS = 100
MID_SAVE_KILLS = 40
"""Kills that must land after a save began and before it returned."""
MID_WRITE_KILLS = 10
"""Kills that must land while a file was being written (its temporary file left)."""
MAX_KILLS = 400
ROUNDS = 10
"""Rounds per match: short, so that kills also land while a new match is added."""
PLAYERS = ["Ada", "Bo", "Cy", "Di"]
HANDS = {"Bo": {"8": 1}, "Cy": {"K": 1, "3": 2}, "Di": {"A": 1}}
DAMAGE_NOTICES = {"backup-restored", "file-moved-aside"}


def record_until_killed(data: Path, report: int) -> NoReturn:
    """The child: save rounds forever, reporting each save as begun and as returned."""
    try:
        store = Store.open(data)
        while True:
            playing = [s.id for s in store.list_matches() if s.finished is None]
            os.write(report, b"begin\n")
            if playing:
                match_id = playing[0]
                match = store.update_match(
                    match_id, lambda m: m.record_round("Ada", HANDS)
                )
                rounds = len(match.rounds)
            else:
                new = Match.new("crazy-eights", PLAYERS, rounds=ROUNDS)
                match_id, rounds = store.add_match(new), 0
            os.write(report, f"done {match_id} {rounds}\n".encode())
    finally:
        os._exit(1)


@dataclass
class Kill:
    """What a killed child reported: the saves that returned, and whether the kill
    landed during a save (one begun, not returned)."""

    saved: list[tuple[str, int]]
    mid_save: bool


def run_and_kill(data: Path, begun: int, delay: float, save_times: list[float]) -> Kill:
    """Fork a saving child; SIGKILL it `delay` s after its `begun`-th save began.

    The parent reads the reports as they come, so the kill is timed from a save's
    start however slow the machine is, and each save's duration (begin to
    return, as the parent saw it) goes into `save_times`.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        record_until_killed(data, write_end)
    os.close(write_end)
    lines: list[str] = []
    pending, begins, began_at = b"", 0, 0.0
    while begins < begun:
        ready, _, _ = select.select([read_end], [], [], 60)
        assert ready, "the child reported nothing for 60 s"
        chunk = os.read(read_end, 65536)
        assert chunk, "the child ended before it was killed"
        now = time.monotonic()
        pending += chunk
        *complete, pending = pending.split(b"\n")
        for line in (raw.decode() for raw in complete):
            lines.append(line)
            if line == "begin":
                begins, began_at = begins + 1, now
            else:
                save_times.append(now - began_at)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_end, 65536):
        pending += chunk
    os.close(read_end)
    # A line cut short by the kill was never fully reported.
    lines += [raw.decode() for raw in pending.split(b"\n")[:-1]]
    returned = [line.split() for line in lines if line != "begin"]
    saved = [(match_id, int(rounds)) for _, match_id, rounds in returned]
    return Kill(saved, lines[-1] == "begin")


def test_sigkill_in_the_middle_of_saves_loses_no_saved_round(tmp_path: Path) -> None:
    rng = random.Random(20261201)
    saved: dict[str, int] = {}
    save_times: list[float] = []
    kills = mid_save = mid_write = 0
    while kills < KILLS or (
        (mid_save < MID_SAVE_KILLS or mid_write < MID_WRITE_KILLS) and kills < MAX_KILLS
    ):
        # The kill falls within one typical save after a save began, as measured
        # on this machine so far: most kills land while a save is being written.
        typical = statistics.median(save_times[-50:]) if save_times else 0.02
        kill = run_and_kill(
            tmp_path, rng.randint(1, 4), rng.uniform(0, typical), save_times
        )
        kills += 1
        mid_save += kill.mid_save
        mid_write += any(tmp_path.rglob(".tmp-*"))
        for match_id, rounds in kill.saved:
            saved[match_id] = max(saved.get(match_id, 0), rounds)
        with Store.open(tmp_path) as store:
            assert not DAMAGE_NOTICES & {notice.code for notice in store.notices}
            listed = {s.id: s.round_count for s in store.list_matches()}
            for match_id, rounds in saved.items():
                stored = store.load_match(match_id)
                assert len(stored.rounds) >= rounds
                assert listed[match_id] == len(stored.rounds)
                saved[match_id] = len(stored.rounds)
    print(
        f"\n{kills} kills: {mid_save} during a save, {mid_write} during a file's"
        f" write; {len(saved)} matches"
    )
    # The kills must have landed during real saves for this test to mean anything.
    assert mid_save >= MID_SAVE_KILLS
    assert mid_write >= MID_WRITE_KILLS
    assert len(saved) > 3
