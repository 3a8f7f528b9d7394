"""A player's chart of final totals: every point clear of the plot's edges."""

from __future__ import annotations

from datetime import UTC, datetime

import flet as ft
import flet_charts as fch
import pytest

from companion.storage.stats import Result
from companion.ui.frame.chart_axis import POINT_ROOM
from companion.ui.players.player_screen import totals_chart
from companion.words.i18n import get_translator

EN = get_translator("en")


def results(*totals: int) -> list[Result]:
    when = datetime(2026, 3, 1, tzinfo=UTC)
    return [Result(f"m{n}", when, total, 1, False) for n, total in enumerate(totals)]


def line_chart(control: ft.Control) -> fch.LineChart:
    """The chart inside the Semantics and Column totals_chart returns."""
    assert isinstance(control, ft.Semantics) and isinstance(control.content, ft.Column)
    (chart,) = [c for c in control.content.controls if isinstance(c, fch.LineChart)]
    return chart


def heights_above_the_plots_floor(chart: fch.LineChart) -> tuple[list[float], float]:
    """Where each point is drawn, in pixels up from the plot's bottom edge (the
    match numbers are under it), and the plot's height."""
    plot = chart.height - chart.bottom_axis.label_size
    scale = plot / (chart.max_y - chart.min_y)
    (line,) = chart.data_series
    return [(point.y - chart.min_y) * scale for point in line.points], plot


@pytest.mark.parametrize(
    "totals", [(0,), (720,), (100,), (42,), (0, 0, 3), (0, 2, 0), (12, 100, 37)]
)
def test_every_point_is_drawn_clear_of_the_plots_edges(totals: tuple[int, ...]):
    chart = line_chart(totals_chart(EN, "Bo", "#d32f2f", "Uno", 5, results(*totals)))
    heights, plot = heights_above_the_plots_floor(chart)
    for height in heights:
        # Not on the bottom edge over its match number, nor cut by the top.
        assert POINT_ROOM - 0.01 <= height <= plot - POINT_ROOM + 0.01


def test_one_match_is_a_point_in_the_middle_on_a_short_scale():
    for total, ticks in ((0, ["0", "1"]), (720, ["0", "250", "500", "750"])):
        chart = line_chart(totals_chart(EN, "Bo", "#d32f2f", "Uno", 1, results(total)))
        (line,) = chart.data_series
        assert [p.x for p in line.points] == [1]
        assert (chart.min_x, chart.max_x) == (0, 2)
        assert [label.label for label in chart.left_axis.labels] == ticks
        # The room past the end ticks has no label of its own.
        assert not chart.left_axis.show_min and not chart.left_axis.show_max
