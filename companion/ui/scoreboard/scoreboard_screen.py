"""The Scoreboard: standings, who deals, Record round, history, chart, end of match."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.engine.match import Match
from companion.storage import StoreError
from companion.sync.following import Following
from companion.ui.frame import format as fmt
from companion.ui.frame.follow_line import follow_line
from companion.ui.frame.follow_session import use_following
from companion.ui.frame.not_found_screen import match_not_found
from companion.ui.frame.player_colours import match_colours
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.saved_notice import show_undo, snack
from companion.ui.frame.shell import (
    icon_button,
    navigate,
    rules_action,
    screen,
    section_title,
)
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.frame.whose_phone import whose_phone
from companion.ui.scoreboard.bg_stats import play_link
from companion.ui.scoreboard.copies_screen import compare_offer
from companion.ui.scoreboard.history import round_history, totals_chart
from companion.ui.scoreboard.match_life import life_buttons
from companion.ui.scoreboard.share_standings import share_button, share_handler
from companion.words.i18n import Translator


def _standings(t: Translator, match: Match, colours: tuple[str, ...]) -> ft.Control:
    last = match.round_points()[-1] if match.rounds else None
    rows: list[ft.Control] = []
    for standing in match.ranking():
        seat = match.players.index(standing.player)
        change = fmt.signed(t, last[standing.player]) if last else ""
        distance = fmt.distance_text(t, match, standing.player)
        details = [d for d in (change, distance) if d]
        rows.append(
            ft.Semantics(
                label=fmt.standing_label(t, standing),
                container=True,
                exclude_semantics=True,
                content=ft.Container(
                    padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                    content=ft.Row(
                        [
                            ft.Text(f"{standing.rank}.", width=28, size=18),
                            ft.Container(
                                width=12,
                                height=36,
                                bgcolor=colours[seat],
                                border_radius=6,
                            ),
                            ft.Column(
                                [
                                    ft.Text(
                                        standing.player,
                                        size=18,
                                        weight=ft.FontWeight.W_600,
                                    ),
                                    ft.Text(
                                        " · ".join(details),
                                        size=13,
                                        color=ft.Colors.ON_SURFACE_VARIANT,
                                    ),
                                ],
                                spacing=0,
                                expand=True,
                            ),
                            ft.Text(
                                t.number(standing.total),
                                size=28,
                                weight=ft.FontWeight.BOLD,
                            ),
                        ]
                    ),
                ),
            )
        )
    return ft.Card(content=ft.Column(rows, spacing=0))


def _header(t: Translator, match: Match) -> ft.Control:
    lines = [fmt.progress_text(t, match), fmt.end_text(t, match)]
    if not match.is_over:
        lines.append(fmt.dealer_text(t, match))
    return ft.Column(
        [
            ft.Text(lines[0], theme_style=ft.TextThemeStyle.TITLE_LARGE),
            *(ft.Text(line) for line in lines[1:]),
        ],
        spacing=2,
    )


def _finished(
    t: Translator,
    match_id: str,
    match: Match,
    can_change: bool,
    share: Callable[[], Awaitable[None]],
    bg_stats: str | None,
) -> ft.Control:
    logging = (
        ft.OutlinedButton(
            t.gettext("Log in BG Stats"),
            icon=ft.Icons.OPEN_IN_NEW,
            height=TARGET,
            # A link the person opens: BG Stats' own page (or app) takes it.
            url=ft.Url(bg_stats, target=ft.UrlTarget.BLANK),
        )
        if bg_stats
        else None
    )
    return ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
        border_radius=16,
        padding=16,
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(
                            ft.Icons.EMOJI_EVENTS, size=40, color=ft.Colors.AMBER_700
                        ),
                        ft.Text(
                            fmt.winners_text(t, match.winners),
                            theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                            expand=True,
                        ),
                    ]
                ),
                ft.Text(
                    t.gettext("The table ended the match early, on these standings.")
                    if match.ended_early
                    else t.gettext("The match is over.")
                ),
                ft.Row(
                    [
                        *(
                            [
                                ft.FilledButton(
                                    content=ft.Text(
                                        t.gettext("Rematch"),
                                        text_align=ft.TextAlign.CENTER,
                                    ),
                                    icon=ft.Icons.REPLAY,
                                    height=56,
                                    expand=True,
                                    style=ft.ButtonStyle(
                                        padding=ft.Padding.symmetric(horizontal=12)
                                    ),
                                    on_click=lambda: navigate(f"/new/{match_id}"),
                                )
                            ]
                            if can_change
                            else []
                        ),
                        share_button(t, share),
                    ],
                    spacing=8,
                ),
                *([logging] if logging else []),
            ]
        ),
    )


@ft.component
@guarded_screen
def ScoreboardScreen() -> ft.View:
    """The standings of one match and everything done to it."""
    state, t = use_app()
    following = use_following()
    # A route parameter: the client's to set (forgeable). An unknown id shows Not found;
    # a session sees matches only once let in.
    match_id = ft.use_route_params().get("id", "")
    match = state.load_match(match_id)
    show_all, set_show_all = ft.use_state(False)
    route = f"/match/{match_id}"
    home = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to matches"),
        on_click=lambda: navigate("/"),
    )
    if match is None:
        return match_not_found(state, route, home, nav=0)

    def edit(index: int) -> None:
        navigate(f"/match/{match_id}/round/{index + 1}")

    def delete(index: int) -> None:
        if state.writes.save_match(match_id, match.delete_round(index), base=match):
            show_undo(
                state,
                match_id,
                match,
                match.delete_round(index),
                t.gettext("Round {number} deleted.").format(number=index + 1),
            )

    share = share_handler(t, state, match_id, match, lambda text: snack(t, text))

    async def copy_summary() -> None:
        when = next(
            (s.created for s in state.store.list_matches() if s.id == match_id), None
        )
        await ft.Clipboard().set(fmt.summary_text(t, match, when))
        snack(t, t.gettext("Standings copied. Paste them into your group chat."))

    record = ft.FilledButton(
        t.gettext("Record round"),
        icon=ft.Icons.ADD_CIRCLE_OUTLINE,
        height=64,
        expand=True,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
        on_click=lambda: navigate(f"/match/{match_id}/round"),
    )
    colours = match_colours(state.store, match.players)
    # A phone that may only watch gets no control that would change the match.
    changing = state.follow.may_change(match_id)
    board = [
        follow_line(t, following, match_id),
        whose_phone(t, state, following, match_id, match.players),
        compare_offer(t, state, match_id),
        _header(t, match),
        _finished(t, match_id, match, changing, share, _bg_stats(state, match_id))
        if match.is_over
        else None,
        _standings(t, match, colours),
        ft.Row([record]) if changing and not match.is_over else None,
        _passing_buttons(t, state, following, match_id),
        life_buttons(t, state, match_id, match),
    ]
    history = [
        section_title(t.gettext("Rounds")),
        round_history(
            t,
            match,
            edit if changing else None,
            delete if changing else None,
            show_all,
            lambda: set_show_all(True),
            state.writes.this_phone,
        ),
        totals_chart(t, match, colours, state.store.durable),
    ]
    layout = ft.ResponsiveRow(
        [
            ft.Column([c for c in board if c], col={"xs": 12, "md": 6}, spacing=12),
            ft.Column([c for c in history if c], col={"xs": 12, "md": 6}, spacing=12),
        ],
        spacing=16,
        run_spacing=16,
    )
    actions = [
        icon_button(
            icon=ft.Icons.COPY_ALL,
            tooltip=t.gettext("Copy summary"),
            on_click=copy_summary,
        ),
        rules_action(t, match.game_id),
    ]
    return screen(
        state,
        route,
        fmt.match_title(t, match),
        [layout],
        nav=0,
        actions=actions,
        leading=home,
        wide=True,
        rules_game=match.game_id,
    )


def _passing_buttons(
    t: Translator, state: AppState, following: Following | None, match_id: str
) -> ft.Control | None:
    """Hand over (the host's: a phone takes the match) and Let a phone follow
    (the phone-alone site's: others follow it over the Wi-Fi), in words, as
    the instructions name them; the app bar keeps its room for the title."""
    passing: list[tuple[str, ft.IconData, str]] = []
    if state.is_host:
        passing.append((t.gettext("Hand over"), ft.Icons.QR_CODE_2, "code"))
    if (
        following is not None
        and state.is_host
        and not state.follow.followed_live(match_id)
    ):
        passing.append(
            (t.gettext("Let a phone follow"), ft.Icons.PHONELINK_RING, "follow")
        )
    buttons: list[ft.Control] = [
        ft.OutlinedButton(
            label,
            icon=icon,
            height=TARGET,
            on_click=lambda _, to=f"/match/{match_id}/{part}": navigate(to),
        )
        for label, icon, part in passing
    ]
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8) if buttons else None


def _bg_stats(state: AppState, match_id: str) -> str | None:
    """The link that logs the finished match in BG Stats (None if unreadable)."""
    try:
        stored = state.store.load_stored(match_id)
    except StoreError:
        return None
    return play_link(state.t, stored)
