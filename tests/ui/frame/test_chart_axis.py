"""Chart axes: round-number ticks, labels no closer than ten, room at the edge."""

from companion.ui.frame.chart_axis import axis_step, edge_room, value_ticks


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
