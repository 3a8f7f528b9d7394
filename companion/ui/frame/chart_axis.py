"""Where a chart puts its labels and grid: shared by the scoreboard, a player's page
and the share picture."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.words.i18n import Translator

STEPS = (1, 2, 5, 10, 20, 25, 50)
"""Round steps between two ticks, then the same times 10, 100, ..."""


def axis_step(count: int) -> int:
    """Rounds between two labels under the chart: at most about ten labels."""
    return max(1, -(-count // 10))


def edge_room(count: int) -> float:
    """Room after the last of `count` steps along the bottom, so its label and
    point are drawn whole (about 4% of the width, a third of a step at least)."""
    return max(1 / 3, count / 25)


def _round_steps() -> Iterator[int]:
    scale = 1
    while True:
        for step in STEPS:
            yield step * scale
        scale *= 10


@dataclass(frozen=True)
class Ticks:
    """A value axis: round-number ticks from `low` to `high`, `step` apart."""

    low: int
    high: int
    step: int

    @property
    def values(self) -> list[int]:
        """Every tick, lowest first."""
        return list(range(self.low, self.high + 1, self.step))


def value_ticks(low: int, high: int, most: int = 6) -> Ticks:
    """Round-number ticks around every value from `low` to `high` (0 always
    included), at most `most` steps: 0, 25, 50, ..., 125 for values up to 126,
    never 0, 32, 63, 94, 126."""
    low, high = min(0, low), max(0, high)
    for step in _round_steps():
        bottom = (low // step) * step
        top = max(-(-high // step) * step, bottom + step)
        if (top - bottom) // step <= most:
            return Ticks(bottom, top, step)
    raise AssertionError("unreachable: the steps grow without end")


POINT_ROOM = 14
"""Pixels between a point on the lowest or highest tick and the plot's edge: its
dot (about 5 px across its middle) and the tick's label drawn whole, clear of
the labels under the plot."""


def value_room(ticks: Ticks, plot_height: float, room: float = POINT_ROOM) -> float:
    """How far the value axis runs past its lowest and its highest tick, so that
    a point on either sits `room` pixels inside a plot `plot_height` pixels tall
    rather than on its edge, over the labels under it or cut by the top."""
    inside = max(plot_height - 2 * room, room)
    return (ticks.high - ticks.low) * room / inside


def value_axis(t: Translator, ticks: Ticks, *, roomy: bool = False) -> Any:
    """A chart's left axis (a flet_charts.ChartAxis): a label at each tick, and
    no other (the ends are ticks themselves, or, when the axis is `roomy`, the
    value_room past them, which has no label)."""
    # Imported when a chart is drawn, not at start-up: flet_charts is heavy.
    import flet_charts as fch

    return fch.ChartAxis(
        labels=[fch.ChartAxisLabel(value=v, label=t.number(v)) for v in ticks.values],
        label_size=44,
        label_spacing=ticks.step,
        show_min=not roomy,
        show_max=not roomy,
    )
