"""The smallest Flet web app (one Text): the yardstick for start-up and memory.

Run: python bench/minimal_app.py --port 8551
"""

import flet as ft
from minimal_run import run

TEXT = "Hello from a bare Flet app"


def main(page: ft.Page) -> None:
    """One Text, nothing else."""
    page.add(ft.Text(TEXT))


if __name__ == "__main__":
    run(main, __doc__)
