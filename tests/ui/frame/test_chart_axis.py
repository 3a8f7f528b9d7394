"""Chart axes: round-number ticks, labels no closer than ten, room at the edge."""

import pytest

from companion.ui.frame.chart_axis import (
    POINT_ROOM,
    axis_step,
    edge_room,
    value_room,
    value_ticks,
)


def test_ticks_are_round_numbers_that_cover_every_value() -> None:
    assert value_ticks(0, 126).values == [0, 25, 50, 75, 100, 125, 150]
    assert value_ticks(0, 100).values == [0, 20, 40, 60, 80, 100]
    assert value_ticks(0, 500).values == [0, 100, 200, 300, 400, 500]
    assert value_ticks(0, 6).values == [0, 1, 2, 3, 4, 5, 6]
    assert value_ticks(-30, 126).values == [-50, 0, 50, 100, 150]


def test_a_single_value_still_gets_an_axis_with_zero_on_it() -> None:
    assert value_ticks(0, 0).values == [0, 1]
    assert value_ticks(42, 42).values == [0, 10, 20, 30, 40, 50]
    assert value_ticks(-5, -5).values == [-5, -4, -3, -2, -1, 0]


def test_never_more_than_the_steps_asked_for() -> None:
    for high in range(1, 3000, 7):
        ticks = value_ticks(-high // 3, high)
        assert len(ticks.values) <= 7
        assert ticks.low <= -high // 3 and ticks.high >= high


def test_labels_under_the_chart_and_room_after_the_last() -> None:
    assert [axis_step(n) for n in (1, 10, 11, 200)] == [1, 1, 2, 20]
    # A third of a step at least; about 4% of the width on a long match.
    assert edge_room(1) == 1 / 3 and edge_room(200) == 8


def test_room_past_the_ends_keeps_a_point_on_an_end_tick_inside_the_plot() -> None:
    for ticks, plot in ((value_ticks(0, 0), 84), (value_ticks(0, 720), 152)):
        room = value_room(ticks, plot)
        span = ticks.high - ticks.low + 2 * room
        # A point on the lowest tick (a total of 0) is drawn this far above the
        # plot's floor; one on the highest as far below its top.
        assert room / span * plot == pytest.approx(POINT_ROOM)
    # A plot too short for the room still gets a scale (a point off centre).
    assert value_room(value_ticks(0, 0), 2 * POINT_ROOM) > 0
