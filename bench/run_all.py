"""Runs the benches one after another and prints one table of their figures.

Run: bench/run-all [--runs 5] [--tiny] [--all] [--only NAME,...] [--json FILE]
                   [--compare FILE] [--log FILE] [--verbose]
By default, every bench with a target (TARGETED), each with the settings its
figures are quoted with; `--all` adds the figures without a target and the
diagnostics (MORE). Each bench writes its figures for the table through
harness.figure; the table says which met their targets, with the date, the
commit and the machine. `--json FILE` keeps the table; `--compare FILE` puts an
earlier run's figures (its JSON) beside this run's. `--tiny` runs every bench on
its fewest rounds: what CI runs to see that none has rotted, not a measurement.
Exits non-zero if a bench crashed or wrote no figure.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent


Arguments = Callable[[int, Path], list[str]]
"""A bench's arguments, given run-all's --runs and a scratch folder."""


@dataclass(frozen=True)
class Bench:
    """A bench script and its arguments: `full` for a measurement, `tiny` (where
    "{scratch}" is the scratch folder) for a tiny run."""

    script: str
    full: Arguments
    tiny: tuple[str, ...] = ("--tiny",)

    @property
    def name(self) -> str:
        return self.script.removesuffix(".py")


def same(*arguments: str) -> Arguments:
    """The same arguments whatever the runs."""
    return lambda runs, scratch: list(arguments)


def with_runs(most: int | None = None) -> Arguments:
    """--runs, at most `most` (a bench whose every run takes a minute or more)."""
    return lambda runs, scratch: ["--runs", str(min(runs, most or runs))]


TARGETED = [
    Bench("engine.py", same()),
    Bench("storage.py", same("--sizes", "1,100,1000,10000", "--saves", "200")),
    Bench("startup.py", with_runs()),
    Bench("taps.py", with_runs()),
    Bench("memory.py", with_runs()),
    Bench("history.py", with_runs()),
    Bench("stats.py", with_runs(3)),
    # Three servers on a throttled phone: about a minute a run.
    Bench("transfer.py", with_runs(2)),
    # Today's commit cloned and served beside ours: two starts a run.
    Bench("fallback_fonts.py", with_runs(3)),
    # Two or three static sites booting Pyodide at two CPU speeds, then Saves:
    # about 10 minutes; the peer only with $FLET_CLI_PYTHON (bench/peers/).
    Bench("static_app.py", same("--runs", "1", "--cpu", "1,4", "--saves", "3")),
    Bench("handover_sizes.py", same("--seed", "1")),
    Bench("rule_search.py", same()),
    # 10,000 sequences of three phones' steps: a few minutes.
    Bench("merge_properties.py", same()),
    # As root: the static site, a hostile phone flooding a host then a
    # follower, three phases of 60 s each way (about 9 minutes).
    Bench("hostile_peer.py", same()),
]
"""The benches with a target, in the order they run."""
MORE = [
    Bench("stats_render.py", same()),
    Bench("merge.py", same()),
    Bench("live.py", with_runs()),
    Bench("crash.py", same("--kills", "100")),
    Bench("back_floor.py", with_runs()),
    Bench("page_loads.py", with_runs(3)),
    Bench("served_start.py", with_runs(3)),
    Bench("screen_switches.py", with_runs(3)),
    Bench("snapshot_memory.py", with_runs(2)),
    # Three starts of the static site a run, each tab closed 5 s before the next.
    Bench("handover_open.py", with_runs(3)),
    # As root: Chromium in a network namespace holding only loopback.
    Bench("peer_connect.py", with_runs(30)),
    # As root too: the static site built, two of its phones following (minutes).
    Bench("follow_live.py", with_runs()),
    # As root too: the static site, a host and six following pages (minutes).
    Bench("six_followers.py", with_runs()),
    Bench(
        "renderer_traps.py",
        lambda runs, scratch: [
            "--minutes",
            "5",
            "--out",
            str(scratch / "traps.jsonl"),
            "--site",
            str(scratch / "site"),
        ],
        ("--tiny", "--targets", "served,static,churn", "--site", "{scratch}/site"),
    ),
    Bench(
        "process_cpu.py",
        same("--", sys.executable, "bench/engine.py", "--tiny"),
        ("--every", "0.2", "--", sys.executable, "bench/engine.py", "--tiny"),
    ),
]
"""Figures without a target and diagnostics: with --all."""


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each bench")
    parser.add_argument("--tiny", action="store_true", help="each bench's --tiny")
    parser.add_argument("--all", action="store_true", help="also the benches of MORE")
    parser.add_argument("--only", help="these benches (script names, no .py)")
    parser.add_argument("--json", type=Path, help="keep this run's table here")
    parser.add_argument("--compare", type=Path, help="an earlier run's --json")
    parser.add_argument("--log", type=Path, help="every bench's own output, here")
    parser.add_argument("--verbose", action="store_true", help="show that output")
    return parser.parse_args()


def chosen(args: argparse.Namespace) -> list[Bench]:
    """The benches this run runs, in their order."""
    benches = TARGETED + (MORE if args.all or args.only else [])
    if not args.only:
        return benches
    names = args.only.split(",")
    unknown = set(names) - {bench.name for bench in benches}
    if unknown:
        raise SystemExit(f"no bench {', '.join(sorted(unknown))}")
    return [bench for bench in benches if bench.name in names]


def command(bench: Bench, args: argparse.Namespace, scratch: Path) -> list[str]:
    """How `bench` is run: tiny or full."""
    if args.tiny:
        more = [part.format(scratch=scratch) for part in bench.tiny]
    else:
        more = bench.full(args.runs, scratch)
    return [sys.executable, str(BENCH / bench.script), *more]


def run(
    bench: Bench, args: argparse.Namespace, scratch: Path, log
) -> tuple[dict[str, object], list[dict[str, object]]]:
    """Run one bench; what became of it, and the figures it wrote."""
    figures_file = scratch / f"{bench.script}.jsonl"
    env = {**os.environ, "BENCH_FIGURES": str(figures_file)}
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO), env.get("PYTHONPATH", "")])
    )
    started = time.monotonic()
    shown = []
    with subprocess.Popen(
        command(bench, args, scratch), cwd=REPO, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
    ) as process:  # fmt: skip
        assert process.stdout is not None
        for line in process.stdout:
            shown.append(line)
            log.write(line)
            if args.verbose:
                print(line, end="", flush=True)
    seconds = time.monotonic() - started
    figures = []
    if figures_file.exists():
        for line in figures_file.read_text("utf-8").splitlines():
            figures.append({"bench": bench.name, **json.loads(line)})
    ran = {
        "bench": bench.name,
        "seconds": round(seconds, 1),
        "exit": process.returncode,
        "figures": len(figures),
    }
    if process.returncode or not figures:
        failure = "crashed" if process.returncode else "wrote no figure"
        print(f"\n!!! {bench.script} {failure}; its last lines:")
        print("".join(shown[-30:]), end="")
    return ran, figures


def header(args: argparse.Namespace) -> dict[str, str]:
    """When, on what code and on what machine this run is."""

    def output(*command: str) -> str:
        done = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = output("git", "rev-parse", "--short", "HEAD") or "unknown"
    if output("git", "status", "--porcelain", "--untracked-files=no"):
        commit += " + uncommitted changes"
    import flet

    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.machine(),
    )
    memory_kb = int(Path("/proc/meminfo").read_text().split()[1])
    chromium = output("/usr/bin/chromium", "--version") or "no Chromium"
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
        "mode": "tiny (no figure here is a measurement)"
        if args.tiny
        else f"full, --runs {args.runs}",
        "machine": f"{os.cpu_count()} cores, {model}, {memory_kb / 1048576:.0f} GB,"
        f" Python {platform.python_version()}, flet {flet.__version__}, {chromium}",
    }


def shown(value: float) -> str:
    """A figure to three significant digits (four from 100 to 1,000: 149.7 is not
    150 against a target of < 150), without an exponent."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.1f}" if abs(value) >= 100 else f"{value:.3g}"


def table(
    figures: list[dict[str, object]], before: dict[tuple[str, str], float]
) -> list[str]:
    """The table's lines: bench, figure, value, target, verdict (and the earlier
    run's value and the change, where there is one)."""
    rows = [["bench", "figure", "value", "target", "verdict"]]
    if before:
        rows[0] += ["before", "now/before"]
    for found in figures:
        unit = str(found["unit"])
        value = float(found["value"])  # type: ignore[arg-type]
        row = [
            str(found["bench"]),
            str(found["figure"]),
            f"{shown(value)} {unit}",
            f"{found['target']} {unit}" if found["target"] else "-",
            str(found.get("verdict", "-")),
        ]
        if before:
            earlier = before.get((str(found["bench"]), str(found["figure"])))
            row += (
                [f"{shown(earlier)} {unit}", f"{value / earlier:.2f}x"]
                if earlier
                else ["-", "-"]
            )
        rows.append(row)
    widths = [max(len(row[n]) for row in rows) for n in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) for cell, width in zip(row, widths, strict=True)
        ).rstrip()
        for row in rows
    ]


def earlier(path: Path | None) -> dict[tuple[str, str], float]:
    """An earlier run's figures by (bench, figure), from its --json."""
    if path is None:
        return {}
    kept = json.loads(path.read_text("utf-8"))
    print(f"compared with {path}: {kept['date']}, commit {kept['commit']}")
    return {(f["bench"], f["figure"]): f["value"] for f in kept["figures"]}


def main() -> None:
    args = arguments()
    before = earlier(args.compare)
    about = header(args)
    print(f"Card Table Companion benches, {about['date']}, commit {about['commit']}")
    print(f"{about['mode']}; machine: {about['machine']}", flush=True)
    benches = chosen(args)
    ran, figures = [], []
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory(prefix="bench-run-all-") as scratch,
        open(args.log or os.devnull, "w", encoding="utf-8") as log,
    ):
        for bench in benches:
            print(f"{bench.script} ...", end=" ", flush=True)
            log.write(f"\n=== {' '.join(command(bench, args, Path(scratch)))}\n")
            outcome, found = run(bench, args, Path(scratch), log)
            print(f"{outcome['seconds']:.0f} s", flush=True)
            ran.append(outcome)
            figures += found
    print(f"\nall benches took {time.monotonic() - started:.0f} s\n")
    print("\n".join(table(figures, before)))
    if args.json:
        args.json.write_text(
            json.dumps({**about, "benches": ran, "figures": figures}, indent=1) + "\n",
            "utf-8",
        )
    broken = [r["bench"] for r in ran if r["exit"] or not r["figures"]]
    if broken:
        print(f"\nfailed: {', '.join(map(str, broken))}")
        sys.exit(1)


if __name__ == "__main__":
    main()
