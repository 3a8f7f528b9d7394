"""A bare Flet app with a first screen as full as our scoreboard: the start-up floor.

No code of ours: an app bar with three icon buttons, three lines of text, four
standings, a big button, twelve closed rounds (title and points: like ours, a
round's cards would come only when it is opened), a four-line chart of 31 points
with its legend, and a navigation bar, drawn with the same Flet controls (and
flet-charts) as ours. What it costs over the one-Text `minimal_app.py` is what any
real first screen costs in Flet itself.
With --swap it opens on a single button that puts the whole screen in its place
(and the screen's Record round button puts the button back): the floor under a
Save, which swaps the record screen for the scoreboard within one View.
Run: python bench/floors/minimal_screen.py --port 8551 [--swap]
"""

from collections.abc import Callable
from functools import partial

import flet as ft
import flet_charts as fch

PLAYERS = ("Ada", "Bo", "Cy", "Di")
COLOURS = (
    ft.Colors.BLUE_600,
    ft.Colors.RED_600,
    ft.Colors.AMBER_700,
    ft.Colors.PURPLE_500,
)
ROUNDS = 30
SHOWN = 12
"""Rounds listed, newest first, as our scoreboard lists them."""


def round_title(number: int) -> str:
    """The title of a listed round: "Round 30 · Cy went out"."""
    return f"Round {number} · {PLAYERS[number % len(PLAYERS)]} went out"


LAST_TEXTS = [round_title(ROUNDS), round_title(ROUNDS - SHOWN + 1)]
"""Texts that show once the whole screen is drawn."""
SWAP_LABEL = "Show the scoreboard"
"""With --swap: the button that draws the whole screen in its place."""
BACK_LABEL = "Record round"
"""The screen's big button; with --swap it puts SWAP_LABEL's button back."""


def standing(seat: int, name: str) -> ft.Control:
    return ft.ListTile(
        leading=ft.Container(
            width=10, height=36, bgcolor=COLOURS[seat], border_radius=5
        ),
        title=ft.Text(name, size=18, weight=ft.FontWeight.W_600),
        subtitle=ft.Text(f"+{seat * 3} · {99_000 + seat:,} to go"),
        trailing=ft.Text(str(300 + 40 * seat), size=28, weight=ft.FontWeight.BOLD),
    )


def round_tile(number: int) -> ft.Control:
    """A closed round: title and points; like ours, its cards come when opened."""
    return ft.ExpansionTile(
        title=ft.Text(round_title(number)),
        subtitle=ft.Text("Ada +20 · Bo 0 · Cy +7 · Di +2"),
    )


def chart() -> ft.Control:
    lines = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x, x * (10 + seat)) for x in range(31)],
            color=COLOURS[seat],
            stroke_width=3,
            point=True,
        )
        for seat in range(len(PLAYERS))
    ]
    return ft.Column(
        [
            fch.LineChart(
                data_series=lines,
                min_x=0,
                max_x=ROUNDS,
                min_y=0,
                max_y=500,
                height=220,
                interactive=False,
                left_axis=fch.ChartAxis(label_size=44, label_spacing=100),
                bottom_axis=fch.ChartAxis(
                    labels=[
                        fch.ChartAxisLabel(value=i, label=str(i))
                        for i in range(0, ROUNDS + 1, 3)
                    ],
                    label_size=28,
                ),
            ),
            ft.Row([ft.Text(p) for p in PLAYERS], spacing=16),
        ]
    )


def show_scoreboard(
    page: ft.Page, on_record: Callable[[ft.Event], None] | None = None
) -> None:
    """The whole screen: app bar, standings, rounds, chart, navigation bar."""
    page.appbar = ft.AppBar(
        leading=ft.IconButton(ft.Icons.ARROW_BACK, tooltip="Back"),
        title=ft.Text("Crazy Eights"),
        actions=[
            ft.IconButton(ft.Icons.STYLE_OUTLINED, tooltip="Share"),
            ft.IconButton(ft.Icons.MENU_BOOK, tooltip="Rules"),
        ],
    )
    page.navigation_bar = ft.NavigationBar(
        destinations=[
            ft.NavigationBarDestination(icon=ft.Icons.STYLE, label="Matches"),
            ft.NavigationBarDestination(icon=ft.Icons.MENU_BOOK, label="Rules"),
            ft.NavigationBarDestination(icon=ft.Icons.PEOPLE_OUTLINE, label="Players"),
            ft.NavigationBarDestination(
                icon=ft.Icons.SETTINGS_OUTLINED, label="Settings"
            ),
        ]
    )
    page.controls = [
        ft.Text(f"Round {ROUNDS + 1}", size=22),
        ft.Text("Ends when a total passes 100,000"),
        ft.Text("Cy deals, Di starts"),
        ft.Card(content=ft.Column([standing(s, p) for s, p in enumerate(PLAYERS)])),
        ft.FilledButton(
            BACK_LABEL,
            icon=ft.Icons.ADD_CIRCLE_OUTLINE,
            height=64,
            on_click=on_record,
        ),
        ft.Text("Rounds", weight=ft.FontWeight.W_600),
        ft.Card(
            content=ft.Column(
                [round_tile(n) for n in range(ROUNDS, ROUNDS - SHOWN, -1)], spacing=0
            )
        ),
        chart(),
    ]


def show_button(page: ft.Page) -> None:
    """The small screen: one button that swaps in the whole screen."""
    page.appbar = page.navigation_bar = None
    page.controls = [
        ft.FilledButton(
            SWAP_LABEL,
            on_click=lambda _: show_scoreboard(page, lambda _: show_button(page)),
        )
    ]


def main(page: ft.Page, swap: bool = False) -> None:
    """The whole screen in one go (with `swap`: the button that draws it)."""
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
    page.scroll = ft.ScrollMode.AUTO
    if swap:
        show_button(page)
    else:
        show_scoreboard(page)
    page.update()


if __name__ == "__main__":
    from minimal_run import arguments, serve

    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument("--swap", action="store_true")
    args = parser.parse_args()
    serve(partial(main, swap=args.swap), args)
