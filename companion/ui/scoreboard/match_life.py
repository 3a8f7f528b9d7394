"""End a match early or delete it: the host's two buttons, each asking once."""

from __future__ import annotations

import flet as ft

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.question import ask
from companion.ui.frame.saved_notice import show_put_back, show_undo
from companion.ui.frame.shell import navigate
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def delete_question(t: Translator, match: Match) -> str:
    """What deleting a match takes away, in one line."""
    count = len(match.rounds)
    if not count:
        return t.gettext("It has no rounds yet.")
    return t.ngettext(
        "Its {n} round will be deleted with it.",
        "Its {n} rounds will be deleted with it.",
        count,
    ).format(n=t.number(count))


def end_question(t: Translator, match: Match) -> str:
    """Who wins if the match ends now, as the game decides it."""
    result = fmt.winners_text(t, match.end_early().winners)
    return t.gettext(
        "No more rounds can be recorded; the standings now decide: {result}"
    ).format(result=result)


def life_buttons(
    t: Translator, state: AppState, match_id: str, match: Match
) -> ft.Control | None:
    """End match now (a match under way with rounds) and Delete match; the host's
    only: on a shared table the host decides (the state refuses anyone else),
    and of a match followed live, the phone it follows."""
    if not state.is_host or state.follow.followed_live(match_id):
        return None

    def end() -> None:
        ended = state.writes.end_match(match_id, match)
        if ended is not None:
            show_undo(state, match_id, match, ended, t.gettext("Match ended."))

    def delete() -> None:
        stored = state.writes.delete_match(match_id)
        if stored is None:
            return
        navigate("/")
        show_put_back(state, stored, t.gettext("Match deleted."), f"/match/{match_id}")

    buttons: list[ft.Control] = []
    if match.rounds and not match.is_over:
        buttons.append(
            ft.OutlinedButton(
                t.gettext("End match now"),
                icon=ft.Icons.FLAG_OUTLINED,
                height=TARGET,
                on_click=lambda: ask(
                    t,
                    t.gettext("End the match now?"),
                    end_question(t, match),
                    t.gettext("End match"),
                    end,
                ),
            )
        )
    buttons.append(
        ft.TextButton(
            t.gettext("Delete match"),
            icon=ft.Icons.DELETE_OUTLINE,
            height=TARGET,
            on_click=lambda: ask(
                t,
                t.gettext("Delete this match?"),
                delete_question(t, match),
                t.gettext("Delete"),
                delete,
            ),
        )
    )
    return ft.Row(buttons, wrap=True, alignment=ft.MainAxisAlignment.CENTER)
