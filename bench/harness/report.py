"""What a bench prints: tables of median, min and max, ratios of paired runs,
verdicts against targets, and the figures bench/run-all puts in its one table."""

from __future__ import annotations

import argparse
import json
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

FIGURES = "BENCH_FIGURES"
"""The environment variable naming the file bench/run-all collects figures in."""
TINY_HELP = (
    "one run of the fewest rounds: to see that the bench still works (CI runs"
    " every bench so), not to measure"
)


@dataclass
class Table:
    """Rows of timings printed as median, min, max; ratios from paired runs."""

    title: str
    unit: str
    rows: dict[str, list[float]] = field(default_factory=dict)

    def add(self, row: str, value: float) -> None:
        self.rows.setdefault(row, []).append(value)

    def add_all(self, row: str, values: Sequence[float]) -> None:
        self.rows.setdefault(row, []).extend(values)

    def add_ratios(self, row: str, over: str, under: str) -> None:
        """Row `row`: the per-run ratios of row `over` to row `under`."""
        self.add_all(row, ratios(self.rows[over], self.rows[under]))

    def median(self, row: str) -> float:
        return statistics.median(self.rows[row])

    def print(self) -> None:
        width = max(len(row) for row in self.rows)
        print(f"\n{self.title}")
        print(f"  {'':<{width}} {'median':>9} {'min':>9} {'max':>9} {'runs':>5}  unit")
        for row, values in self.rows.items():
            unit = "x" if row.startswith("ratio") else self.unit
            print(
                f"  {row:<{width}} {statistics.median(values):>9.3f} "
                f"{min(values):>9.3f} {max(values):>9.3f} {len(values):>5}  {unit}"
            )


def ratios(ours: Sequence[float], minimal: Sequence[float]) -> list[float]:
    """Per-pair ratios ours/minimal of interleaved runs."""
    return [a / b for a, b in zip(ours, minimal, strict=True)]


def verdict(ok: bool, text: str) -> None:
    """The one-line verdict against a target."""
    print(f"verdict: {'PASS' if ok else 'MISS'}: {text}")


def figure(
    name: str, value: float, unit: str, target: str = "", ok: bool | None = None
) -> None:
    """One figure for bench/run-all's table: `target` as written ("<= 1.2x"), `ok`
    whether this run met it. A JSON line in the file $BENCH_FIGURES names; nothing
    when a bench runs on its own."""
    path = os.environ.get(FIGURES)
    if not path:
        return
    line = {"figure": name, "value": value, "unit": unit, "target": target}
    if ok is not None:
        line["verdict"] = "PASS" if ok else "MISS"
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")


def at_most(name: str, value: float, unit: str, bound: float) -> bool:
    """A figure whose target is `value <= bound`; whether this run met it."""
    ok = value <= bound
    figure(name, value, unit, f"<= {bound:g}", ok)
    return ok


def under(name: str, value: float, unit: str, bound: float) -> bool:
    """A figure whose target is `value < bound`; whether this run met it."""
    ok = value < bound
    figure(name, value, unit, f"< {bound:g}", ok)
    return ok


def tiny_flag(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """`parser` with --tiny (see TINY_HELP)."""
    parser.add_argument("--tiny", action="store_true", help=TINY_HELP)
    return parser


def arguments(description: str | None = None, runs: int = 5) -> argparse.ArgumentParser:
    """A bench's command line: --runs N (`runs` unless given) and --tiny."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=runs)
    return tiny_flag(parser)


def runs_of(args: argparse.Namespace) -> int:
    """The runs to make: --runs (at least 1), or 1 with --tiny."""
    return 1 if args.tiny else max(1, args.runs)


def runs_argument(default: int = 5) -> int:
    """`--runs N` from the command line (at least 1; 1 with --tiny)."""
    return runs_of(arguments(runs=default).parse_args())
