"""Two copies of a match that went different ways: keep one, the other, or both."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.match import Match
from companion.storage.match_copies import one_match
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.saved_notice import show_put_back, snack
from companion.ui.frame.shell import icon_button, labelled, navigate, notice, screen
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.scoreboard.copies_sides import side_by_side
from companion.words.i18n import Translator


def copies_route(kept: str, copy: str) -> str:
    """The address of the choice between the match `kept` and its copy `copy`."""
    return f"/match/{kept}/differs/{copy}"


def compare_offer(t: Translator, state: AppState, match_id: str) -> ft.Control | None:
    """The scoreboard's line for a match kept beside a copy of it (or that
    is one): Compare copies. None for any other match."""
    pair = state.store.copy_pair(match_id)
    if pair is None:
        return None
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
        content=ft.Row(
            [
                ft.Icon(ft.Icons.CALL_SPLIT),
                ft.Text(
                    t.gettext("Another copy of this match went another way."),
                    expand=True,
                ),
                ft.TextButton(
                    t.gettext("Compare copies"),
                    height=TARGET,
                    on_click=lambda: navigate(copies_route(*pair)),
                ),
            ]
        ),
    )


def _choices(
    t: Translator,
    state: AppState,
    kept: tuple[str, Match],
    copy: tuple[str, Match],
) -> ft.Control:
    """The three buttons; each choice asks the gate as it is made."""
    back_here = copies_route(kept[0], copy[0])

    def keep(mine: tuple[str, Match], other: tuple[str, Match], told: str) -> None:
        # The one let go must still be the one shown: a round added to it
        # meanwhile is never deleted unseen (the store refuses, and says so).
        stored = state.handover.keep_one_copy(mine[0], other[0], other[1])
        if stored is None:
            return
        navigate(f"/match/{mine[0]}")
        show_put_back(state, stored, told, back_here)

    def keep_kept() -> None:
        told = t.gettext("The copy that came was deleted; the match you had is kept.")
        keep(kept, copy, told)

    def keep_copy() -> None:
        told = t.gettext("The match you had was deleted; the copy that came is kept.")
        keep(copy, kept, told)

    def keep_both() -> None:
        # Nothing changes: both stay in the list, and either's scoreboard
        # offers this choice again.
        navigate("/")
        snack(t, t.gettext("Both copies are kept, side by side in your matches."))

    def button(
        kind: Callable[..., ft.Control],
        text: str,
        label: str,
        on_click: Callable[[], None],
    ) -> ft.Control:
        return labelled(label, kind(text, height=TARGET, on_click=on_click), on_click)

    return ft.Column(
        [
            button(
                ft.FilledButton,
                t.gettext("Keep the match you had"),
                t.gettext("Keep the match you had and delete the copy that came"),
                keep_kept,
            ),
            button(
                ft.FilledButton,
                t.gettext("Keep the copy that came"),
                t.gettext("Keep the copy that came and delete the match you had"),
                keep_copy,
            ),
            button(
                ft.OutlinedButton,
                t.gettext("Keep both"),
                t.gettext("Keep both copies"),
                keep_both,
            ),
        ],
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


@ft.component
@guarded_screen
def CopiesScreen() -> ft.View:
    """The two copies side by side from the first round they differ in."""
    state, t = use_app()
    # Route parameters: the client's to set (forgeable). Ids that name no
    # pair of stored copies show a line and a way back, and no choice.
    params = ft.use_route_params()
    kept_id, copy_id = params.get("id", ""), params.get("copy", "")
    route = copies_route(kept_id, copy_id)
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to matches"),
        on_click=lambda: navigate("/"),
    )
    title = t.gettext("Two copies of this match")
    kept = state.load_match(kept_id)
    copy = state.load_match(copy_id)
    if kept is None or copy is None or not one_match(copy_id, kept_id):
        gone = notice(
            ft.Icons.CALL_SPLIT,
            ft.Colors.OUTLINE,
            t.gettext("These two copies are not both here"),
            t.gettext(
                "One of them was deleted or kept in place of the other, or this "
                "address names no two copies of one match."
            ),
            t.gettext("Back to the matches"),
            "/",
        )
        return screen(state, route, title, [gone], leading=back)
    intro = ft.Text(
        t.gettext(
            "This match went one way on this phone and another way on the "
            "phone it came from. Keep the one that is right, or both."
        )
    )
    choices = (
        _choices(t, state, (kept_id, kept), (copy_id, copy)) if state.is_host else None
    )
    return screen(
        state,
        route,
        title,
        [intro, *side_by_side(t, kept, copy), choices],
        leading=back,
    )
