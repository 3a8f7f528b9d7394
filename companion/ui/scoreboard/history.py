"""The scoreboard's round history (expandable, editable) and running-totals chart."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import flet as ft

from companion.engine.games import EndKind
from companion.engine.match import Match
from companion.storage import StoreError
from companion.ui.frame import format as fmt
from companion.ui.frame.chart_axis import (
    axis_step,
    edge_room,
    value_axis,
    value_ticks,
)
from companion.ui.frame.render_guard import guarded_part
from companion.ui.frame.shell import labelled
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def _round_actions(
    t: Translator,
    index: int,
    on_edit: Callable[[int], None],
    on_delete: Callable[[int], None],
) -> ft.Control:
    """Edit and Delete for one round (left out for a phone that may only watch)."""
    number = index + 1
    edit_label = t.gettext("Edit round {number}").format(number=number)
    delete_label = t.gettext("Delete round {number}").format(number=number)
    return ft.Row(
        [
            labelled(
                edit_label,
                ft.OutlinedButton(
                    t.gettext("Edit"),
                    icon=ft.Icons.EDIT_OUTLINED,
                    height=TARGET,
                    on_click=lambda: on_edit(index),
                ),
                lambda: on_edit(index),
            ),
            labelled(
                delete_label,
                ft.OutlinedButton(
                    t.gettext("Delete"),
                    icon=ft.Icons.DELETE_OUTLINE,
                    height=TARGET,
                    on_click=lambda: on_delete(index),
                ),
                lambda: on_delete(index),
            ),
        ],
        alignment=ft.MainAxisAlignment.END,
    )


@ft.component
@guarded_part
def RoundTile(
    t: Translator,
    match: Match,
    index: int,
    points_by: dict[str, int],
    on_edit: Callable[[int], None] | None,
    on_delete: Callable[[int], None] | None,
    this_phone: str = "",
) -> ft.Control:
    """One round in the history; opened, the cards each player held, and
    where it was recorded if not on this phone (`this_phone`, its id).

    A round never opened sends nothing of what is inside it: a Save then draws
    a dozen titles, not a dozen rounds' worth of cards (bench/README.md). Once
    opened its lines stay, so that closing it slides them away.
    """
    opened, set_opened = ft.use_state(False)
    filled, set_filled = ft.use_state(False)
    played = match.rounds[index]
    lines: list[ft.Control] = []
    cards = fmt.card_set(match)
    for player in match.players if filled else ():
        entry = played.entry(player)
        if entry is not None:
            held = fmt.hand_text(t, entry, cards)
        elif played.places:
            held = fmt.place_text(t, played, player)
        else:
            held = fmt.went_out_text(t, played)
        lines.append(
            ft.Row(
                [
                    ft.Text(player, weight=ft.FontWeight.W_600, width=110),
                    ft.Text(held, expand=True),
                    ft.Text(fmt.signed(t, points_by[player])),
                ]
            )
        )
    origin = played.origin
    if filled and origin is not None and origin.phone != this_phone:
        lines.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.SMARTPHONE, size=18),
                    ft.Text(fmt.origin_text(t, origin), size=13, expand=True),
                ]
            )
        )
    if filled and on_edit is not None and on_delete is not None:
        lines.append(_round_actions(t, index, on_edit, on_delete))

    def toggle(e: ft.Event[ft.ExpansionTile]) -> None:
        # e.data is the client's (forgeable): only True opens, and opening
        # shows this round's lines, which this session may see anyway.
        set_opened(e.data is True)
        if e.data is True:
            set_filled(True)

    outcome = (
        fmt.places_text(t, match, played)
        if played.places
        else fmt.went_out_text(t, played)
    )
    return ft.ExpansionTile(
        title=ft.Text(f"{fmt.round_title(t, index + 1)} · {outcome}"),
        subtitle=ft.Text(fmt.round_points_line(t, match, points_by)),
        controls=lines,
        expanded=opened,
        on_change=toggle,
        controls_padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        min_tile_height=56,
    )


RECENT_ROUNDS = 6
"""Rounds listed before "Show all": about four fit under a phone's standings, and
every round listed is built, sent and drawn again on each Save (bench/README.md)."""


def round_history(
    t: Translator,
    match: Match,
    on_edit: Callable[[int], None] | None,
    on_delete: Callable[[int], None] | None,
    show_all: bool,
    on_show_all: Callable[[], None],
    this_phone: str = "",
) -> ft.Control:
    """The rounds, newest first; each opens to the cards each player held,
    and where it was recorded if not on `this_phone` (the id of the phone
    that shows them).

    Without `on_edit` and `on_delete` (a phone that may only watch) a round
    offers no Edit or Delete.
    """
    if not match.rounds:
        return ft.Text(t.gettext("No rounds yet."), italic=True)
    per_round = match.round_points()
    count = len(match.rounds)
    shown = range(count) if show_all else range(max(0, count - RECENT_ROUNDS), count)
    tiles: list[ft.Control] = [
        # Keyed by number and content: a tile stays open while it shows the same
        # round, and the round that takes a deleted one's number starts closed.
        RoundTile(  # type: ignore[call-arg]  # ft.component takes a key too
            t,
            match,
            index,
            per_round[index],
            on_edit,
            on_delete,
            this_phone,
            key=f"round-{index + 1}-{hash(match.rounds[index]):x}",
        )
        for index in reversed(shown)
    ]
    if len(shown) < count:
        tiles.append(
            ft.TextButton(
                t.ngettext("Show all {n} round", "Show all {n} rounds", count).format(
                    n=t.number(count)
                ),
                icon=ft.Icons.EXPAND_MORE,
                height=TARGET,
                on_click=on_show_all,
            )
        )
    return ft.Card(content=ft.Column(tiles, spacing=0))


MOST_CHART_POINTS = 20
"""Points per line: one every ~17 px across a phone's chart. Each is a control to
build, send and draw: 50 made a Save on a 200-round match ~70 ms slower in the
static app (bench/README.md)."""


def plotted_rounds(count: int, most: int = MOST_CHART_POINTS) -> list[int]:
    """Which rounds (1-based) the chart draws: every step-th, and always the last.

    Counted from the first round, so that a new round moves only the last point:
    the lines keep their shape, and a save sends the chart's change, not all of it.
    """
    step = max(1, -(-count // most))
    return [*range(step, count, step), count]


def totals_chart(
    t: Translator,
    match: Match,
    colours: tuple[str, ...],
    durable: Callable[[], Awaitable[None]],
) -> ft.Control | None:
    """The running totals chart, or None before the first round.

    `colours` are the seats' (player_colours.match_colours); `durable` returns
    once the last save is kept (Store.durable): the chart waits for it.
    """
    return MemoTotalsChart(t, match, colours, durable) if match.rounds else None


CHART_HEIGHT = 220
"""The chart's height, and its stand-in's while the scoreboard is first drawn."""


@ft.component
@guarded_part
def TotalsChart(
    t: Translator,
    match: Match,
    colours: tuple[str, ...],
    durable: Callable[[], Awaitable[None]],
) -> ft.Control:
    """The running total of each player after every round, one line per seat.

    A scoreboard just opened (after Save, too) shows a blank of the chart's size
    first and the chart and its legend in a message of its own: the standings,
    which the players look at, reach the screen without waiting for ~110
    controls to be built, sent and drawn (bench/README.md). Drawn again later
    (another session's save), the chart changes in place.
    """
    drawn, set_drawn = ft.use_state(False)

    async def draw_after_the_standings() -> None:
        # In the browser the app runs on the one thread that also finishes the
        # save's sync to IndexedDB, which the standings wait for: building the
        # chart before that would hold both up.
        with contextlib.suppress(StoreError):
            await durable()
        # One turn of the event loop: the standings' message goes out first.
        await asyncio.sleep(0)
        set_drawn(True)

    ft.use_effect(draw_after_the_standings, dependencies=[])
    content = (
        ft.Column([_line_chart(t, match, colours), _legend(match, colours)])
        if drawn
        else ft.Container(height=CHART_HEIGHT)
    )
    return ft.Semantics(
        label=t.gettext("Chart of the running totals after each round"),
        content=content,
    )


def _legend(match: Match, colours: tuple[str, ...]) -> ft.Control:
    """Each player's name beside the colour of their line."""
    return ft.Row(
        spacing=16,
        controls=[
            ft.Row(
                [
                    ft.Container(width=14, height=14, bgcolor=colours[seat]),
                    ft.Text(player),
                ],
                spacing=4,
                tight=True,
            )
            for seat, player in enumerate(match.players)
        ],
        wrap=True,
    )


def _line_chart(t: Translator, match: Match, colours: tuple[str, ...]) -> ft.Control:
    """The lines of the running totals, every plotted round a point."""
    # Imported on the first chart drawn, not at start-up: flet_charts brings
    # every chart type (and the matplotlib and plotly wrappers) with it.
    import flet_charts as fch

    series = match.running_totals()
    values = [value for totals in series for value in totals.values()]
    end = match.settings.end
    if end.kind is EndKind.LIMIT:
        values.append(end.value)
    ticks = value_ticks(min(values), max(values))
    count = len(series)
    lines = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(0, 0)]
            + [
                fch.LineChartDataPoint(n, series[n - 1][player])
                for n in plotted_rounds(count)
            ],
            color=colours[seat],
            stroke_width=3,
            point=True,
        )
        for seat, player in enumerate(match.players)
    ]
    chart: ft.Control = fch.LineChart(
        data_series=lines,
        min_x=0,
        max_x=count + edge_room(count),
        min_y=ticks.low,
        max_y=ticks.high,
        height=CHART_HEIGHT,
        interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=ticks.step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        left_axis=value_axis(t, ticks),
        bottom_axis=fch.ChartAxis(
            labels=[
                fch.ChartAxisLabel(value=i, label=t.number(i))
                for i in range(0, count + 1, axis_step(count))
            ],
            label_size=28,
            label_spacing=axis_step(count),
            # The right end is the room after the last point, not a label's place.
            show_max=False,
        ),
    )
    return chart


MemoTotalsChart = ft.memo(TotalsChart)
"""TotalsChart drawn again only for another match or language: a render that
leaves the match as it was (another session's save, Show all) skips the chart."""
