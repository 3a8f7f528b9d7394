"""Where a command's CPU goes: seconds by kind of process, read from /proc.

Run: python bench/process_cpu.py [--every 1.0] -- COMMAND...
e.g. `python bench/process_cpu.py -- bash scripts/test.sh -q` on a clean clone.
Runs COMMAND and, once every --every seconds until it ends, reads every
process's CPU seconds (user + system) from /proc; a process is counted by the
last figure read for it, under the kind its command line first showed (a
process that has ended but is not yet reaped has no command line). Counts
every process on the machine that started or ran meanwhile, so run it on an
otherwise quiet machine. Prints the command's wall time, the seconds and share
by kind and how busy the cores were. What a process spends after the last
read of it is missed (at most --every seconds of it). No target: issue 31's
figures of what the suite's time is made of.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time

from harness import figure
from harness.cpu import read_processes
from harness.report import FIGURES

UNSEEN = "kernel threads, and processes ended before they were seen"
KINDS = [
    (r"/chromium .*--type=renderer", "Chromium renderers"),
    (r"/chromium .*--type=gpu-process", "Chromium GPU process"),
    (r"/chromium", "Chromium browser, utility, zygote"),
    (r"-m companion\.cli\.main", "our servers (companion)"),
    (r"playwright|node ", "Playwright's driver"),
    (r"python", "other Python (pytest and its workers, pip, ruff, ...)"),
]


def kind_of(command: str) -> str:
    """The kind of a process by its command line."""
    for pattern, kind in KINDS:
        if re.search(pattern, command):
            return kind
    return "everything else"


def main() -> None:
    """Run the command, sample, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    before = {pid: seconds for pid, (_, seconds) in read_processes().items()}
    seen: dict[int, tuple[str, float]] = {}
    started = time.monotonic()
    # The command's own benches are not this one's figures (bench/run-all).
    env = {k: v for k, v in os.environ.items() if k != FIGURES}
    running = subprocess.Popen(command, env=env)
    while True:
        for pid, (line, seconds) in read_processes().items():
            known = seen.get(pid)
            kind = known[0] if known else kind_of(line) if line else UNSEEN
            seen[pid] = (kind, seconds - before.get(pid, 0.0))
        if running.poll() is not None:
            break
        time.sleep(args.every)
    wall = time.monotonic() - started
    by_kind: dict[str, float] = {}
    for kind, seconds in seen.values():
        by_kind[kind] = by_kind.get(kind, 0.0) + seconds
    total = sum(by_kind.values())
    print(f"\n{' '.join(command)}: exit {running.returncode}, {wall:.1f} s wall")
    for kind, seconds in sorted(by_kind.items(), key=lambda item: -item[1]):
        print(f"  {seconds:8.1f} s  {100 * seconds / total:5.1f} %  {kind}")
    cores = os.cpu_count() or 1
    busy = 100 * total / (wall * cores)
    figure("the command's wall time", wall, "s")
    figure("CPU of every process meanwhile", total, "s")
    print(f"  {total:8.1f} s in all: {busy:.1f} % of {cores} cores")
    sys.exit(running.returncode)


if __name__ == "__main__":
    main()
