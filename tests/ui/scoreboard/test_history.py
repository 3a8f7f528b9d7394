"""Which rounds the running-totals chart draws on a long match."""

from companion.ui.scoreboard.history import MOST_CHART_POINTS, plotted_rounds


def test_a_new_round_leaves_the_points_already_drawn_where_they_were() -> None:
    # The lines keep their shape from one save to the next; only the newest
    # point moves (until the spacing grows at the next multiple of the limit).
    for count in range(1, 20 * MOST_CHART_POINTS):
        before, after = plotted_rounds(count), plotted_rounds(count + 1)
        if count % MOST_CHART_POINTS:
            assert after[: len(before) - 1] == before[:-1]
        assert after[-1] == count + 1 and len(after) <= MOST_CHART_POINTS


def test_points_are_evenly_spread_from_the_first_round() -> None:
    # Twenty points a line: a 200-round match draws every tenth round.
    assert plotted_rounds(200) == list(range(10, 201, 10))
    drawn = plotted_rounds(203)
    assert drawn[:-1] == list(range(11, 203, 11)) and drawn[-1] == 203
