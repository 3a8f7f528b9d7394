"""The Join screen: a phone at a shared table enters the code before it sees a thing."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.access.sharing import AccessError
from companion.engine.errors import MatchError
from companion.engine.names import MAX_NAME_LENGTH
from companion.ui.frame.live_line import live_line
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import screen
from companion.ui.frame.state import use_app
from companion.words.app_name import APP_NAME
from companion.words.messages import error_message


@ft.component
@guarded_screen
def JoinScreen() -> ft.View:
    """The only screen a session that has not joined gets: code, name, Join."""
    state, t = use_app()
    # (code, name) in one state: the tap on Join sees both as last typed.
    form, set_form = ft.use_state(("", ""))
    refusal, set_refusal = ft.use_state(cast(AccessError | MatchError | None, None))

    def join(_: object = None) -> None:
        def submit(typed: tuple[str, str]) -> tuple[str, str]:
            refused: AccessError | MatchError | None = state.access.join(*typed)
            set_refusal(refused)
            return typed

        set_form(submit)

    message = error_message(t, refusal) if refusal is not None else ""
    if not message and state.gate.sent_back(state.session_id):
        message = t.gettext(
            "The host made a new join code, so this phone left the table: "
            "enter the new code to join again."
        )
    controls: list[ft.Control | None] = [
        ft.Container(
            padding=ft.Padding.only(top=24),
            alignment=ft.Alignment.CENTER,
            content=ft.Icon(ft.Icons.GROUPS_OUTLINED, size=56, color=ft.Colors.PRIMARY),
        ),
        ft.Text(
            t.gettext("Join this table"),
            theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
            text_align=ft.TextAlign.CENTER,
        ),
        ft.Text(
            t.gettext(
                "Enter the join code shown on the host's screen, in Settings under "
                "Share this table."
            ),
            text_align=ft.TextAlign.CENTER,
        ),
        ft.TextField(
            label=t.gettext("Join code"),
            value=form[0],
            keyboard_type=ft.KeyboardType.NUMBER,
            text_size=24,
            # The value is the client's (forgeable): a str, or the update is
            # dropped (serving/client_patches.py); state.join checks it again.
            on_change=lambda e: set_form(lambda f: (e.control.value, f[1])),
            on_submit=join,
        ),
        ft.TextField(
            label=t.gettext("Your name"),
            hint_text=t.gettext("Optional: shown to the host"),
            value=form[1],
            max_length=MAX_NAME_LENGTH,
            # Forgeable as the code: held to the name rules by state.join.
            on_change=lambda e: set_form(lambda f: (f[0], e.control.value)),
            on_submit=join,
        ),
        live_line(ft.Text(message, color=ft.Colors.ERROR, size=16))
        if message
        else None,
        ft.FilledButton(
            t.gettext("Join"),
            icon=ft.Icons.LOGIN,
            height=56,
            on_click=join,
        ),
    ]
    # page.route is the client's to set (forgeable): it only names this View;
    # a session that has not joined gets no other screen, whatever the route.
    route = ft.context.page.route or "/"
    return screen(state, route, APP_NAME, controls)
