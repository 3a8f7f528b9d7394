"""A player's page: figures per game, final totals over time, head to head."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from companion.engine.games import Game
from companion.storage.stats import PlayerGameStats, Result
from companion.ui.frame.chart_axis import (
    axis_step,
    edge_room,
    value_axis,
    value_room,
    value_ticks,
)
from companion.ui.frame.player_colours import match_colours
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import icon_button, navigate, screen, section_title
from companion.ui.frame.state import AppState, use_app
from companion.ui.players import stats_texts as texts
from companion.words.i18n import Translator

CHART_MATCHES = 30
"""The latest matches the chart draws: more would not fit a phone's width."""

MATCH_LABELS = 28
"""Pixels under the plot for the match numbers."""


def _figures_table(t: Translator, stats: PlayerGameStats) -> ft.Control:
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(what, expand=True),
                    ft.Text(figure, weight=ft.FontWeight.W_600),
                ]
            )
            for what, figure in texts.figure_rows(t, stats)
        ],
        spacing=6,
    )


def totals_chart(
    t: Translator,
    player: str,
    colour: str,
    game: str,
    matches: int,
    shown: list[Result],
) -> ft.Control:
    """The final total of the latest matches; `matches` counts all of them."""
    # Imported on the first chart drawn, as in history.py: flet_charts is heavy.
    import flet_charts as fch

    first = matches - len(shown) + 1
    last = first + len(shown) - 1
    totals = [r.total for r in shown]
    # One match: a scale of a few ticks around its point is enough.
    ticks = value_ticks(min(totals), max(totals), 3 if len(shown) == 1 else 6)
    points = [fch.LineChartDataPoint(first + n, r.total) for n, r in enumerate(shown)]
    # One match: its point in the middle, not on an edge beside an empty axis.
    before = 1 if len(shown) == 1 else 0
    after = 1 if len(shown) == 1 else edge_room(len(shown))
    # One match needs no more than its point and a scale.
    height = 140 if len(shown) == 1 else 180
    # A total on the lowest tick (a 0) or the highest is drawn inside the plot,
    # not on its edge over the match number under it.
    room = value_room(ticks, height - MATCH_LABELS)
    chart = fch.LineChart(
        data_series=[
            fch.LineChartData(points=points, color=colour, stroke_width=3, point=True)
        ],
        min_x=first - before,
        max_x=last + after,
        min_y=ticks.low - room,
        max_y=ticks.high + room,
        height=height,
        interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=ticks.step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        left_axis=value_axis(t, ticks, roomy=True),
        bottom_axis=fch.ChartAxis(
            labels=[
                fch.ChartAxisLabel(value=first + n, label=t.number(first + n))
                for n in range(0, len(shown), axis_step(len(shown)))
            ],
            label_size=MATCH_LABELS,
            label_spacing=axis_step(len(shown)),
            # The right end is the room after the last point, not a label's place.
            show_max=False,
        ),
    )
    latest = texts.latest_total(t, last, shown[-1].total)
    return ft.Semantics(
        label=t.gettext(
            "Chart of {player}'s final totals in {game}, match by match"
        ).format(player=player, game=game),
        content=ft.Column(
            [
                ft.Text(t.gettext("Final total, match by match")),
                ft.Text(latest, weight=ft.FontWeight.W_600),
                chart,
            ],
            spacing=4,
        ),
    )


def game_card(
    t: Translator, state: AppState, stats: PlayerGameStats, own: Mapping[str, Game]
) -> ft.Control:
    """One game's card: the figures, the chart, head to head (bench/stats_render.py
    times it)."""
    player = stats.player
    game = texts.game_label(t, stats.key, own)
    results = state.store.results(player, stats.key, CHART_MATCHES)
    # The player's own colour, as in every match's chart.
    (colour,) = match_colours(state.store, [player])
    rivals = state.store.head_to_head(player, stats.key)
    parts: list[ft.Control] = [
        section_title(game),
        _figures_table(t, stats),
        totals_chart(t, player, colour, game, stats.matches, results),
    ]
    if rivals:
        parts.append(ft.Text(t.gettext("Head to head"), weight=ft.FontWeight.W_600))
        parts.extend(
            ft.Text(texts.head_to_head_line(t, player, rival)) for rival in rivals
        )
    return ft.Card(
        content=ft.Container(padding=16, content=ft.Column(parts, spacing=10))
    )


@ft.component
@guarded_screen
def PlayerScreen() -> ft.View:
    """One player's figures per game, never mixed across games."""
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown name shows that
    # there is no such player.
    name = texts.player_from_route(ft.use_route_params().get("name", ""))
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to players"),
        on_click=lambda: navigate("/players"),
    )
    games = state.store.player_games(name)
    own = {game.id: game for game in state.store.own_games()}
    controls: list[ft.Control | None] = [game_card(t, state, s, own) for s in games]
    if not games:
        controls.append(
            ft.Text(t.gettext("{name} has not finished a match yet.").format(name=name))
        )
    return screen(
        state,
        texts.player_route(name),
        name,
        controls,
        nav=2,
        leading=back,
    )
