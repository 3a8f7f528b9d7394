"""The smallest Flet web app (one Text): the yardstick for start-up and memory.

Run: python bench/minimal_app.py --port 8551
"""

import argparse

import flet as ft

TEXT = "Hello from a bare Flet app"


def main(page: ft.Page) -> None:
    """One Text, nothing else."""
    page.add(ft.Text(TEXT))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    args = parser.parse_args()
    ft.run(
        main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True
    )
