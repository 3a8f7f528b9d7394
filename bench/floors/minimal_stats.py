"""A bare Flet app shaped like our Players screen and a player's page: the stats floor.

No code of ours: routed Views as ours are (manage_views), a first screen with a
navigation bar whose Players tab opens a leaderboard (three game buttons, two
period buttons, four ranked rows; "All time" and "Tonight" rank again), a roster
of four players (each a card with three headline lines, a target named by the
player, two icon buttons) and three records cards; tapping Ada's row opens her
page: three game cards, each with ten figure
rows, a flet-charts line of 30 points and three head-to-head lines. What bench/
stats.py times on it is what such screens cost in Flet itself.
Run: python bench/floors/minimal_stats.py --port 8551
"""

import flet as ft
import flet_charts as fch

PLAYERS = ("Ada", "Bo", "Cy", "Di")
GAMES = ("Crazy Eights", "Vändåtta", "Uno")
POINTS = 30
"""Matches on each chart: ours draws the latest 30."""
PLAYERS_TAB = "Players"
HEADLINE = "Crazy Eights: 2 of 3 matches won (67%)"
"""Ada's first headline: shows once the Players screen is drawn."""
PAGE_TEXT = "Head to head"
"""Shows once a player's page is drawn."""
ROUTES = ("/", "/rules", "/players", "/settings")


PERIODS = ("Tonight", "All time")


def ranked_label(period: str, place: int) -> str:
    """The accessible name of a leaderboard row: "Ada, place 1: ..." (by period)."""
    player = PLAYERS[place - 1] if period == PERIODS[0] else PLAYERS[-place]
    return f"{player}, place {place}: 3 of 4 matches won (75%) · 12.3 points per round"


def caption(period: str) -> str:
    """Under the leaderboard: which matches count (differs by period)."""
    if period == PERIODS[0]:
        return "Matches finished since 06:00. Most wins first, then win rate."
    return "Every finished match. Most wins first, then win rate."


def headlines(name: str) -> list[str]:
    return [
        HEADLINE if name == PLAYERS[0] else f"{GAMES[0]}: 1 of 3 matches won (33%)",
        f"{GAMES[1]}: 1 of 3 matches won (33%)",
        f"{GAMES[2]}: 0 of 3 matches won (0%)",
    ]


def nav_bar(selected: int) -> ft.NavigationBar:
    return ft.NavigationBar(
        selected_index=selected,
        destinations=[
            ft.NavigationBarDestination(icon=ft.Icons.STYLE_OUTLINED, label="Matches"),
            ft.NavigationBarDestination(icon=ft.Icons.MENU_BOOK, label="Rules"),
            ft.NavigationBarDestination(icon=ft.Icons.PEOPLE, label=PLAYERS_TAB),
            ft.NavigationBarDestination(icon=ft.Icons.SETTINGS, label="Settings"),
        ],
        on_change=lambda e: ft.context.page.navigate(ROUTES[e.control.selected_index]),
    )


def view(route: str, title: str, controls: list[ft.Control], **more) -> ft.View:
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(title), leading=more.pop("leading", None)),
        scroll=ft.ScrollMode.AUTO,
        padding=ft.Padding.all(12),
        spacing=12,
        controls=controls,
        **more,
    )


@ft.component
def StartScreen() -> ft.View:
    """The first screen: a button and the navigation bar."""
    return view(
        "/",
        "Matches",
        [ft.FilledButton("New match", icon=ft.Icons.ADD)],
        navigation_bar=nav_bar(0),
    )


def player_row(name: str) -> ft.Control:
    def open_page() -> None:
        ft.context.page.navigate(f"/players/{name}")

    lines = "\n".join(headlines(name))
    return ft.Card(
        content=ft.Row(
            [
                ft.Semantics(
                    label=name,
                    value=lines,
                    button=True,
                    exclude_semantics=True,
                    on_tap=open_page,
                    expand=True,
                    content=ft.Container(
                        on_click=open_page,
                        padding=ft.Padding.only(left=16, top=8, bottom=8),
                        content=ft.Column(
                            [ft.Text(name, weight=ft.FontWeight.W_600), ft.Text(lines)]
                        ),
                    ),
                ),
                ft.IconButton(ft.Icons.EDIT_OUTLINED, tooltip=f"Rename {name}"),
                ft.IconButton(ft.Icons.VISIBILITY_OFF, tooltip=f"Hide {name}"),
            ]
        )
    )


def choice_row(labels: tuple[str, ...], chosen: str, on_select) -> ft.Control:
    return ft.Row(
        [
            (ft.FilledButton if label == chosen else ft.OutlinedButton)(
                label, on_click=lambda _, v=label: on_select(v)
            )
            for label in labels
        ],
        wrap=True,
    )


def opener(name: str):
    def open_page() -> None:
        ft.context.page.navigate(f"/players/{name}")

    return open_page


def leaderboard(period: str, set_period) -> list[ft.Control]:
    rows = [
        ft.Semantics(
            label=ranked_label(period, place),
            button=True,
            exclude_semantics=True,
            on_tap=opener(ranked_label(period, place).split(",")[0]),
            content=ft.Container(
                on_click=opener(ranked_label(period, place).split(",")[0]),
                content=ft.Row(
                    [
                        ft.Text(str(place), size=20),
                        ft.Column(
                            [
                                ft.Text(ranked_label(period, place).split(",")[0]),
                                ft.Text("3 of 4 matches won (75%) · 12.3 per round"),
                            ],
                            expand=True,
                        ),
                        ft.Icon(ft.Icons.CHEVRON_RIGHT),
                    ]
                ),
            ),
        )
        for place in range(1, len(PLAYERS) + 1)
    ]
    return [
        ft.Text("Leaderboard", weight=ft.FontWeight.W_600),
        choice_row(GAMES, GAMES[0], lambda _: None),
        choice_row(PERIODS, period, set_period),
        ft.Card(content=ft.Column([*rows, ft.Text(caption(period), size=12)])),
    ]


def records_card(game: str) -> ft.Control:
    lines = [
        "Highest round: 40 by Bo · 2 Jan 2025",
        "Lowest winning total: 3 by Ada · 5 Jan 2025",
        "Longest match: 12 rounds · 3 Jan 2025",
        "Most wins: 4, Cy",
    ]
    return ft.Card(
        content=ft.Container(
            padding=16,
            content=ft.Column(
                [ft.Text(game, weight=ft.FontWeight.W_600)]
                + [ft.TextButton(line) for line in lines]
            ),
        )
    )


@ft.component
def PlayersScreen() -> ft.View:
    """The leaderboard, the roster with headlines, then the records per game."""
    period, set_period = ft.use_state(PERIODS[0])
    controls = leaderboard(period, set_period)
    controls.extend(player_row(name) for name in PLAYERS)
    controls.append(ft.Text("Records", weight=ft.FontWeight.W_600))
    controls.extend(records_card(game) for game in GAMES)
    return view("/players", PLAYERS_TAB, controls, navigation_bar=nav_bar(2))


def chart(game: str, player: str) -> ft.Control:
    points = [fch.LineChartDataPoint(x, (x * 37) % 120) for x in range(POINTS)]
    return ft.Semantics(
        label=f"Chart of {player}'s final totals in {game}, match by match",
        content=ft.Column(
            [
                ft.Text("Final total, match by match"),
                fch.LineChart(
                    data_series=[
                        fch.LineChartData(
                            points=points,
                            color=ft.Colors.BLUE_600,
                            stroke_width=3,
                            point=True,
                        )
                    ],
                    min_x=0,
                    max_x=POINTS - 1,
                    min_y=0,
                    max_y=120,
                    height=180,
                    interactive=False,
                    left_axis=fch.ChartAxis(label_size=44),
                    bottom_axis=fch.ChartAxis(
                        labels=[
                            fch.ChartAxisLabel(value=x, label=str(x))
                            for x in range(0, POINTS, 5)
                        ],
                        label_size=28,
                    ),
                ),
            ],
            spacing=4,
        ),
    )


def game_card(game: str, player: str) -> ft.Control:
    figures = [
        ("Matches", "3,334"),
        ("Wins", "1,112"),
        ("Win rate", "33%"),
        ("Points per round", "12.5"),
        ("Points per match", "61.0"),
        ("Best round", "0 points"),
        ("Worst round", "40 points"),
        ("Current winning streak", "0"),
        ("Longest winning streak", "2"),
        ("Last played", "1 Feb 2026"),
    ]
    rows = [
        ft.Row([ft.Text(what, expand=True), ft.Text(value, weight=ft.FontWeight.W_600)])
        for what, value in figures
    ]
    often = "1,200 times"
    rivals = [
        ft.Text(f"{player} has beaten {other} {often}, {other} has beaten {player}")
        for other in PLAYERS
        if other != player
    ]
    return ft.Card(
        content=ft.Container(
            padding=16,
            content=ft.Column(
                [
                    ft.Text(game, weight=ft.FontWeight.W_600),
                    ft.Column(rows, spacing=6),
                    chart(game, player),
                    ft.Text(PAGE_TEXT, weight=ft.FontWeight.W_600),
                    *rivals,
                ],
                spacing=10,
            ),
        )
    )


@ft.component
def PlayerScreen() -> ft.View:
    """One player's page: a card per game."""
    name = ft.use_route_params().get("name", "")
    back = ft.IconButton(
        ft.Icons.ARROW_BACK,
        tooltip="Back to players",
        on_click=lambda: ft.context.page.navigate("/players"),
    )
    return view(
        f"/players/{name}",
        name,
        [game_card(game, name) for game in GAMES],
        leading=back,
        navigation_bar=nav_bar(2),
    )


@ft.component
def App() -> ft.Control:
    """The screens, routed as ours are."""
    routes = [
        ft.Route(index=True, component=StartScreen),
        ft.Route(path="players", component=PlayersScreen),
        ft.Route(path="players/:name", component=PlayerScreen),
    ]
    return ft.Router(routes, manage_views=True)


def main(page: ft.Page) -> None:
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
    page.render_views(App)


if __name__ == "__main__":
    from minimal_run import run

    run(main, __doc__)
