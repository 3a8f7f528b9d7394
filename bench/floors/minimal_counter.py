"""The smallest Flet web app that answers a tap: the yardstick for tap latency.

Run: python bench/floors/minimal_counter.py --port 8551
"""

import flet as ft

LABEL = "Add one"


def count_text(count: int) -> str:
    """What the counter shows after `count` taps."""
    return f"Count: {count}"


@ft.component
def Counter() -> ft.View:
    """A number and a button that increments it, written declaratively like ours."""
    count, set_count = ft.use_state(0)
    return ft.View(
        route="/",
        controls=[
            ft.Text(count_text(count)),
            ft.Button(LABEL, on_click=lambda: set_count(count + 1)),
        ],
    )


def main(page: ft.Page) -> None:
    """Render the counter as the page's only view."""
    page.render_views(Counter)


if __name__ == "__main__":
    from minimal_run import run

    run(main, __doc__)
