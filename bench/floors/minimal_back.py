"""A minimal Flet app whose tap goes back a screen: the yardstick for Save.

Saving a round returns from the record screen to the scoreboard, as this app's
Back button returns from /count/more to /count, counting one more on the way.
Run: python bench/floors/minimal_back.py --port 8551 [--no-transition], then
open /count.
With --no-transition every platform's route transition is PageTransitionTheme.NONE.
"""

from dataclasses import dataclass
from functools import partial

import flet as ft

OPEN_LABEL = "Open"
BACK_LABEL = "Back and add one"
START_PATH = "/count"


def count_text(count: int) -> str:
    """What the first screen shows after `count` returns."""
    return f"Returned {count} times"


@ft.observable
@dataclass
class Counter:
    """How many times the user came back."""

    count: int = 0


CounterContext = ft.create_context(None)


@ft.component
def CountScreen() -> ft.View:
    """The count and a button to the second screen."""
    counter = ft.use_context(CounterContext)
    return ft.View(
        route=START_PATH,
        controls=[
            ft.Text(count_text(counter.count)),
            ft.Button(
                OPEN_LABEL,
                on_click=lambda: ft.context.page.navigate(f"{START_PATH}/more"),
            ),
        ],
    )


@ft.component
def MoreScreen() -> ft.View:
    """A second screen whose one button counts and goes back."""
    counter = ft.use_context(CounterContext)

    def back() -> None:
        counter.count += 1
        ft.context.page.navigate(START_PATH)

    return ft.View(
        route=f"{START_PATH}/more", controls=[ft.Button(BACK_LABEL, on_click=back)]
    )


@ft.component
def App() -> ft.Control:
    """The two screens stacked by the router, as ours are."""
    counter, _ = ft.use_state(Counter)
    routes = [
        ft.Route(
            path=START_PATH.strip("/"),
            component=CountScreen,
            children=[ft.Route(path="more", component=MoreScreen)],
        )
    ]
    return CounterContext(counter, lambda: ft.Router(routes, manage_views=True))


def main(page: ft.Page, transition: bool = True) -> None:
    """Render the app's view stack (without route animations if not `transition`)."""
    if not transition:
        none = ft.PageTransitionTheme.NONE
        page.theme = ft.Theme(
            page_transitions=ft.PageTransitionsTheme(
                android=none, ios=none, linux=none, macos=none, windows=none
            )
        )
    page.render_views(App)


if __name__ == "__main__":
    from minimal_run import arguments, serve

    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument("--no-transition", action="store_true")
    args = parser.parse_args()
    serve(partial(main, transition=not args.no_transition), args)
