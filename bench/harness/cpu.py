"""CPU seconds by process, read from /proc: every process's, and Chromium's by
kind (renderer, GPU process, the rest) over one action of a bench."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

from harness.report import Table

TICK = os.sysconf("SC_CLK_TCK")
SETTLE_S = 1.0
"""How long after an action its CPU is still counted: the work a load or a tap
leaves behind (wasm tier-up, late frames) counts too."""


def read_processes() -> dict[int, tuple[str, float]]:
    """Every process now: its command line ('' once it ended) and CPU seconds."""
    found: dict[int, tuple[str, float]] = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        seconds = (int(fields[11]) + int(fields[12])) / TICK
        found[int(entry)] = (
            command.replace(b"\0", b" ").decode(errors="ignore"),
            seconds,
        )
    return found


def chromium_cpu() -> dict[str, float]:
    """CPU seconds (user + system) of every Chromium process now, by kind."""
    by_kind: dict[str, float] = {}
    for command, seconds in read_processes().values():
        if not command.startswith("/usr/lib/chromium/chromium"):
            continue
        found = re.search(r"--type=([a-z-]+)", command)
        kind = {"renderer": "renderer", "gpu-process": "GPU process"}.get(
            found.group(1) if found else "", "the rest"
        )
        by_kind[kind] = by_kind.get(kind, 0.0) + seconds
    return by_kind


def measured(action: Callable[[], None]) -> tuple[float, dict[str, float]]:
    """Wall seconds of `action` and Chromium's CPU seconds by kind over it plus
    SETTLE_S. A process that ends meanwhile (a tab closed) is not in `action`."""
    before, started = chromium_cpu(), time.perf_counter()
    action()
    wall = time.perf_counter() - started
    time.sleep(SETTLE_S)
    after = chromium_cpu()
    return wall, {kind: after[kind] - before.get(kind, 0.0) for kind in after}


def add(table: Table, label: str, wall: float, cpu: dict[str, float]) -> None:
    """One run's rows for `label`: Chromium's CPU, by kind, and the wall time."""
    table.add(f"{label}: Chromium CPU", sum(cpu.values()))
    for kind in ("renderer", "GPU process", "the rest"):
        table.add(f"{label}: {kind}", cpu.get(kind, 0.0))
    table.add(f"{label}: wall", wall)
