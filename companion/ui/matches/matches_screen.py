"""The Matches screen: the match in progress on top, finished matches below."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from companion.engine.games import Game
from companion.storage import MatchSummary
from companion.ui.frame import format as fmt
from companion.ui.frame.handover import use_handover
from companion.ui.frame.live_line import live_line
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.semantic_tap import tappable
from companion.ui.frame.shell import empty_state, navigate, screen, section_title
from companion.ui.frame.state import use_app
from companion.ui.frame.state_drafts import HalfEntered
from companion.ui.frame.theme import TARGET
from companion.ui.matches.scan_button import scan_button
from companion.ui.matches.take_in_card import handed_card
from companion.words.i18n import Translator

RECENT_FINISHED = 20
"""Finished matches listed at first: Flet sends every listed control to the
browser, so a long history is paged rather than drawn whole."""


def _half_mark(
    t: Translator, summary: MatchSummary, half: HalfEntered | None
) -> ft.Control | None:
    """A small mark on a match this device has a round half-entered in."""
    if half is None:
        return None
    if half.edit:
        text = t.gettext("Round {number} half-edited")
    elif summary.finished is None and half.number == summary.round_count + 1:
        text = t.gettext("Round {number} half-entered")
    else:
        # That round was saved since, on another device: the record screen
        # lets this one go when it opens.
        return None
    label = text.format(number=half.number)
    return ft.Icon(ft.Icons.EDIT_NOTE, color=ft.Colors.PRIMARY, semantics_label=label)


def _match_tile(
    t: Translator,
    summary: MatchSummary,
    own: Mapping[str, Game],
    half: HalfEntered | None,
) -> ft.Control:
    # A user's game is named by its stored definition (a deleted one: its id).
    game = fmt.game_name(t, own.get(summary.game_id, summary.game_id))
    players = t.join(summary.players)
    if summary.finished is None:
        subtitle = t.ngettext(
            "{players} · {n} round played",
            "{players} · {n} rounds played",
            summary.round_count,
        ).format(players=players, n=t.number(summary.round_count))
        label = t.gettext("Resume {game} with {players}").format(
            game=game, players=players
        )
        icon = ft.Icons.PLAY_CIRCLE_FILL
    else:
        # The time too: a match and its rematch share a name, players and date.
        date = fmt.when_time_text(t, summary.finished)
        subtitle = " · ".join(
            (date, players, fmt.winners_text(t, list(summary.winners)))
        )
        label = t.gettext("Open {game} of {date}").format(game=game, date=date)
        icon = ft.Icons.EMOJI_EVENTS_OUTLINED
    return ft.Card(
        content=tappable(
            label=label,
            button=True,
            on_tap=lambda: navigate(f"/match/{summary.id}"),
            content=ft.ListTile(
                leading=ft.Icon(icon),
                title=ft.Text(game),
                subtitle=ft.Text(subtitle),
                trailing=_half_mark(t, summary, half),
                min_height=64,
                on_click=lambda: navigate(f"/match/{summary.id}"),
            ),
        )
    )


@ft.component
@guarded_screen
def MatchesScreen() -> ft.View:
    """Lists matches; one tap resumes the one in progress."""
    state, t = use_app()
    listed, set_listed = ft.use_state(RECENT_FINISHED)
    handover = use_handover()
    scan_problem, set_scan_problem = ft.use_state("")
    summaries = state.store.list_matches()
    own = {game.id: game for game in state.store.own_games()}
    half = state.drafts.half_entered()
    running = [s for s in summaries if s.finished is None]
    finished = [s for s in summaries if s.finished is not None]
    new_button = ft.FilledButton(
        t.gettext("New match"),
        icon=ft.Icons.ADD,
        height=56,
        on_click=lambda: navigate("/new"),
    )
    controls: list[ft.Control | None] = [handed_card(t, state, handover)]
    if not summaries:
        controls.append(
            empty_state(
                ft.Icons.STYLE_OUTLINED,
                t.gettext(
                    "No matches yet. Start one, and the scores of every round "
                    "will be kept here."
                )
                if state.can_change
                else t.gettext(
                    "No matches yet. They show here as soon as the host starts one."
                ),
            )
        )
    if running:
        controls.append(section_title(t.gettext("In progress")))
        controls.extend(_match_tile(t, s, own, half.get(s.id)) for s in running)
    buttons: list[ft.Control] = [new_button] if state.can_change else []
    if handover.scanner is not None and state.is_host:
        buttons.append(scan_button(t, state, handover.scanner, set_scan_problem))
    if handover.peers is not None and handover.scanner is not None:
        buttons.append(
            ft.OutlinedButton(
                t.gettext("Follow a phone"),
                icon=ft.Icons.PHONELINK_RING,
                height=56,
                on_click=lambda: navigate("/follow"),
            )
        )
    if buttons:
        controls.append(
            ft.Row(buttons, alignment=ft.MainAxisAlignment.CENTER, wrap=True)
        )
    if scan_problem:
        controls.append(live_line(ft.Text(scan_problem, color=ft.Colors.ERROR)))
    if finished:
        controls.append(section_title(t.gettext("Finished")))
        controls.extend(
            _match_tile(t, s, own, half.get(s.id)) for s in finished[:listed]
        )
        more = min(len(finished) - listed, 5 * RECENT_FINISHED)
        if more > 0:
            controls.append(
                ft.TextButton(
                    t.ngettext(
                        "Show {n} older match", "Show {n} older matches", more
                    ).format(n=t.number(more)),
                    icon=ft.Icons.EXPAND_MORE,
                    height=TARGET,
                    on_click=lambda: set_listed(listed + more),
                )
            )
    return screen(state, "/", t.gettext("Matches"), controls, nav=0)
