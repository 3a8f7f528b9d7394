"""The smallest Flet web app that shows a tap in one tab in the other tabs too.

Run: python bench/floors/minimal_live.py --port 8551
The floor under our live update (bench/live.py): a shared count, a button that
adds one and tells the other sessions over Flet's pubsub, each of which
re-renders from the shared count, as our sessions re-read a saved match.
"""

import flet as ft

LABEL = "Add one"
TOPIC = "count"
shared = {"count": 0}


def count_text(count: int) -> str:
    """What every tab shows after `count` taps in any of them."""
    return f"Count: {count}"


@ft.component
def Counter() -> ft.View:
    """The shared count and a button that adds one, declarative like ours."""
    page = ft.context.page
    count, set_count = ft.use_state(shared["count"])

    def connect() -> None:
        def on_changed(_topic: str, _message: str) -> None:
            async def refresh() -> None:
                set_count(shared["count"])

            page.run_task(refresh)

        page.pubsub.subscribe_topic(TOPIC, on_changed)

    def add_one() -> None:
        shared["count"] += 1
        set_count(shared["count"])
        page.pubsub.send_others_on_topic(TOPIC, "")

    ft.use_effect(connect, dependencies=[], cleanup=page.pubsub.unsubscribe_all)
    return ft.View(
        route="/",
        controls=[ft.Text(count_text(count)), ft.Button(LABEL, on_click=add_one)],
    )


def main(page: ft.Page) -> None:
    """Render the counter as the page's only view."""
    page.render_views(Counter)


if __name__ == "__main__":
    from minimal_run import run

    run(main, __doc__)
