"""The smallest Flet web app (one Text): the yardstick for start-up and memory.

Run: python bench/floors/minimal_app.py --port 8551
"""

import flet as ft

TEXT = "Hello from a bare Flet app"


def main(page: ft.Page) -> None:
    """One Text, nothing else."""
    page.add(ft.Text(TEXT))


if __name__ == "__main__":
    from minimal_run import run

    run(main, __doc__)
