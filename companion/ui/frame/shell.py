"""The frame around every screen: app bar, navigation bar and storage messages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.storage import StoreNotice
from companion.ui.frame.live_line import live_line
from companion.ui.frame.route_echo import navigate_now
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator
from companion.words.messages import error_message, notice_message

NAV_ROUTES = ("/", "/rules", "/players", "/settings")


def navigate(route: str) -> None:
    """Go to `route`: the URL is the single source of truth for navigation."""
    navigate_now(ft.context.page, route)


def icon_button(
    *,
    icon: ft.IconData,
    tooltip: str,
    on_click: Callable[..., Any],
    disabled: bool = False,
    selected: bool | None = None,
) -> ft.Control:
    """An icon button named by its tooltip (Flutter keeps the two apart)."""
    return ft.Semantics(
        label=tooltip,
        button=True,
        selected=selected,
        exclude_semantics=True,
        on_tap=None if disabled else on_click,
        content=ft.IconButton(
            icon=icon,
            tooltip=tooltip,
            disabled=disabled,
            selected=selected,
            on_click=on_click,
            size_constraints=ft.BoxConstraints(min_width=TARGET, min_height=TARGET),
        ),
    )


def labelled(
    label: str, control: ft.Control, on_click: Callable[..., Any]
) -> ft.Control:
    """A button whose accessible name says more than its visible text."""
    return ft.Semantics(
        label=label, button=True, exclude_semantics=True, on_tap=on_click,
        content=control,
    )  # fmt: skip


def toggle_row(
    label: str,
    on: bool,
    set_on: Callable[[bool], None],
    *,
    before: Sequence[ft.Control] = (),
    after: Sequence[ft.Control] = (),
) -> ft.Control:
    """A switch on a 56 px row that toggles wherever it is tapped, named `label`."""

    def toggle() -> None:
        set_on(not on)

    return ft.Semantics(
        label=label,
        toggled=on,
        exclude_semantics=True,
        on_tap=toggle,
        content=ft.Container(
            height=56,
            border_radius=12,
            on_click=toggle,
            content=ft.Row(
                [
                    *before,
                    # The client's value (forgeable): a bool, or the update is
                    # dropped; what it turns on is refused on the server to a
                    # session that may not (AppState asks the gate).
                    ft.Switch(
                        value=on, on_change=lambda e: set_on(bool(e.control.value))
                    ),
                    *after,
                ]
            ),
        ),
    )


def action_bar(
    reason: str | None, button: ft.Control, *, hint: bool = False
) -> ft.Control:
    """The bottom bar: why the main action is not possible yet, and the action.

    A `hint` says what to do first, in the plain text colour: nothing is wrong.
    """
    return ft.Row(
        [
            live_line(
                ft.Text(
                    reason or "",
                    color=ft.Colors.ON_SURFACE_VARIANT if hint else ft.Colors.ERROR,
                    size=13,
                    max_lines=3,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
                expand=True,
            ),
            button,
        ]
    )


def choices(
    options: Sequence[tuple[str, str]],
    selected: str,
    on_select: Callable[[str], None],
) -> ft.Control:
    """One of a few (value, label) options: 48 px buttons, the chosen one filled."""
    buttons: list[ft.Control] = []
    for value, label in options:
        chosen = value == selected
        kind = ft.FilledButton if chosen else ft.OutlinedButton
        buttons.append(
            kind(
                label,
                icon=ft.Icons.CHECK if chosen else None,
                height=TARGET,
                on_click=lambda _, v=value: on_select(v),
            )
        )
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)


def nav_bar(
    t: Translator, selected: int, rules_game: str | None = None
) -> ft.NavigationBar:
    """Matches, Rules, Players, Settings: one tap from anywhere. Rules opens on
    `rules_game`, the game of the match in view, if there is one."""
    return ft.NavigationBar(
        selected_index=selected,
        destinations=[
            ft.NavigationBarDestination(
                icon=ft.Icons.STYLE_OUTLINED,
                selected_icon=ft.Icons.STYLE,
                label=t.gettext("Matches"),
            ),
            ft.NavigationBarDestination(
                icon=ft.Icons.MENU_BOOK_OUTLINED,
                selected_icon=ft.Icons.MENU_BOOK,
                label=t.gettext("Rules"),
            ),
            ft.NavigationBarDestination(
                icon=ft.Icons.PEOPLE_OUTLINE,
                selected_icon=ft.Icons.PEOPLE,
                label=t.gettext("Players"),
            ),
            ft.NavigationBarDestination(
                icon=ft.Icons.SETTINGS_OUTLINED,
                selected_icon=ft.Icons.SETTINGS,
                label=t.gettext("Settings"),
            ),
        ],
        on_change=lambda e: _go_to_place(e.control.selected_index, rules_game),
    )


def _go_to_place(index: object, rules_game: str | None = None) -> None:
    """Open the navigation bar's place `index`, if it is one."""
    # The client sends the index (forgeable): an int, or the update is dropped
    # (serving/client_patches.py); one past the bar's places goes nowhere.
    if isinstance(index, int) and 0 <= index < len(NAV_ROUTES):
        route = NAV_ROUTES[index]
        navigate(f"{route}/{rules_game}" if route == "/rules" and rules_game else route)


def problems_banner(state: AppState, t: Translator) -> ft.Control | None:
    """What the store reported (restored backup, failed save), until dismissed."""
    if not state.problems:
        return None
    rows: list[ft.Control] = []
    for index, problem in enumerate(state.problems):
        if isinstance(problem, StoreNotice):
            text, colour = notice_message(t, problem), ft.Colors.TERTIARY_CONTAINER
        else:
            text, colour = error_message(t, problem), ft.Colors.ERROR_CONTAINER
        rows.append(
            ft.Container(
                bgcolor=colour,
                border_radius=12,
                padding=ft.Padding.only(left=12),
                content=ft.Row(
                    [
                        ft.Icon(ft.Icons.INFO_OUTLINE),
                        ft.Text(text, expand=True),
                        icon_button(
                            icon=ft.Icons.CLOSE,
                            tooltip=t.gettext("Dismiss message"),
                            on_click=lambda _, i=index: state.dismiss(i),
                        ),
                    ]
                ),
            )
        )
    return ft.Column(rows, spacing=8)


def screen(
    state: AppState,
    route: str,
    title: str,
    controls: Sequence[ft.Control | None],
    *,
    nav: int | None = None,
    actions: Sequence[ft.Control] = (),
    leading: ft.Control | None = None,
    bottom: ft.Control | None = None,
    scroll: bool = True,
    wide: bool = False,
    rules_game: str | None = None,
    padding: int = 12,
) -> ft.View:
    """A screen as a View: title, actions, content that scrolls, optional nav bar
    (whose Rules opens on `rules_game`, the game of a match in view).

    A screen with a `bottom` bar (the Save or Start button) has no navigation bar:
    Flutter shows only one of the two. On a tablet or desktop a scrolling screen
    keeps a readable column in the middle, unless it is `wide` (the scoreboard).
    `padding` 0 lets a control span the screen (the hand-over QR code).
    """
    t = state.t
    body = [c for c in (problems_banner(state, t), *controls) if c is not None]
    if scroll and not wide:
        column = ft.Column(
            body,
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            col={"xs": 12, "md": 10, "lg": 8, "xl": 6},
        )
        body = [ft.ResponsiveRow([column], alignment=ft.MainAxisAlignment.CENTER)]
    return ft.View(
        route=route,
        # Flet 1.0.5's web client blanks a View whose route is changed in place
        # the second time (Rules: Vändåtta, then Uno): a View per route instead.
        key=route,
        appbar=ft.AppBar(
            title=ft.Text(title),
            leading=leading,
            actions=list(actions),
        ),
        navigation_bar=nav_bar(t, nav, rules_game)
        if nav is not None and bottom is None
        else None,
        bottom_appbar=ft.BottomAppBar(
            content=bottom,
            height=88,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        )
        if bottom is not None
        else None,
        scroll=ft.ScrollMode.AUTO if scroll else None,
        padding=ft.Padding.all(padding),
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        # A new list: View declares list[BaseControl] (lists are invariant).
        controls=[*body],
    )


def rules_action(
    t: Translator, game_id: str | None, route: str | None = None
) -> ft.Control:
    """The app bar's shortcut to the rule reminders of the game at hand (at
    `route` if given: the book opened from a round, frame/round_link.py)."""
    route = route or (f"/rules/{game_id}" if game_id else "/rules")
    return icon_button(
        icon=ft.Icons.MENU_BOOK_OUTLINED,
        tooltip=t.gettext("Rule reminders"),
        on_click=lambda: navigate(route),
    )


def section_title(text: str) -> ft.Text:
    """A heading inside a screen."""
    return ft.Text(
        text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.W_600
    )


def empty_state(icon: ft.IconData, text: str) -> ft.Control:
    """What a list shows when there is nothing in it yet."""
    return ft.Container(
        padding=ft.Padding.symmetric(vertical=32, horizontal=16),
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            [
                ft.Icon(icon, size=48, color=ft.Colors.OUTLINE),
                ft.Text(text, text_align=ft.TextAlign.CENTER),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )


def notice(
    icon: ft.IconData,
    icon_colour: str,
    title: str,
    text: str,
    back_label: str,
    back: str,
) -> ft.Control:
    """A screen's whole message in place of its content: what and why, a way back."""
    return ft.Column(
        [
            ft.Icon(icon, size=48, color=icon_colour),
            ft.Text(
                title,
                theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                text_align=ft.TextAlign.CENTER,
            ),
            ft.Text(text, text_align=ft.TextAlign.CENTER),
            ft.FilledButton(
                back_label,
                icon=ft.Icons.ARROW_BACK,
                height=56,
                on_click=lambda: navigate(back),
            ),
        ],
        spacing=16,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
