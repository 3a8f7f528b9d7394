"""Where a chart puts its labels: shared by the scoreboard's and a player's charts."""

from __future__ import annotations


def axis_step(count: int) -> int:
    """Rounds between two labels under the chart: at most about ten labels."""
    return max(1, -(-count // 10))
