"""A minimal Flet app whose navigation bar switches four screens: the floor for ours.

The same four destinations (labels and icons) as our navigation bar; each screen
a title and a few lines of text, swapped in place when a destination is tapped.
Run: python bench/floors/minimal_tabs.py --port 8551, then open /.
"""

import flet as ft

PLACES = [
    ("Matches", ft.Icons.STYLE_OUTLINED, ft.Icons.STYLE),
    ("Rules", ft.Icons.MENU_BOOK_OUTLINED, ft.Icons.MENU_BOOK),
    ("Players", ft.Icons.PEOPLE_OUTLINE, ft.Icons.PEOPLE),
    ("Settings", ft.Icons.SETTINGS_OUTLINED, ft.Icons.SETTINGS),
]
LINES = 6


def line_text(place: str, number: int) -> str:
    """Line `number` of the screen of `place`."""
    return f"{place}: line {number}"


@ft.component
def App() -> ft.Control:
    """The screen of the selected place above the navigation bar."""
    selected, select = ft.use_state(0)
    place = PLACES[selected][0]

    def changed(event: ft.Event[ft.NavigationBar]) -> None:
        select(int(event.control.selected_index))

    return ft.Column(
        expand=True,
        controls=[
            ft.Text(place, size=22),
            *(ft.Text(line_text(place, n)) for n in range(1, LINES + 1)),
            ft.Container(expand=True),
            ft.NavigationBar(
                selected_index=selected,
                destinations=[
                    ft.NavigationBarDestination(
                        icon=icon, selected_icon=chosen, label=label
                    )
                    for label, icon, chosen in PLACES
                ],
                on_change=changed,
            ),
        ],
    )


def main(page: ft.Page) -> None:
    """Render the app."""
    page.render(App)


if __name__ == "__main__":
    from minimal_run import run

    run(main, __doc__)
