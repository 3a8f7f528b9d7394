"""Share a match's standings: the phone's share sheet, else download and copy."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

import flet as ft

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.player_colours import match_slots
from companion.ui.frame.state import AppState
from companion.ui.scoreboard.share_image import (
    can_draw_pictures,
    image_name,
    standings_png,
)
from companion.words.i18n import Translator


def is_dark(state: AppState) -> bool:
    """Whether the screen is dark now: the chosen theme, or the system's."""
    if state.theme != "system":
        return state.theme == "dark"
    # The client reports its brightness (forgeable): it only picks the colours
    # of the picture this same person shares.
    return ft.context.page.platform_brightness == ft.Brightness.DARK


def match_time(state: AppState, match_id: str) -> datetime | None:
    """When a match finished (or, still going, was started), from the index."""
    summary = next((s for s in state.store.list_matches() if s.id == match_id), None)
    return None if summary is None else summary.finished or summary.created


async def shared(text: str, subject: str, picture: ft.ShareFile | None) -> bool:
    """Whether the phone's share sheet took the standings (or the person closed
    it); False where the browser has none."""
    try:
        if picture is None:
            result = await ft.Share().share_text(text, subject=subject)
        else:
            result = await ft.Share().share_files([picture], text=text, subject=subject)
    except RuntimeError:
        # The client reports the browser's own error: Chromium on Linux has no
        # Web Share at all ("canShare is not a function").
        return False
    return result.status is not ft.ShareResultStatus.UNAVAILABLE


async def _downloaded(picture: ft.ShareFile) -> bool:
    """Whether the picture was offered as a download."""
    try:
        await ft.FilePicker().save_file(file_name=picture.name, src_bytes=picture.data)
    except RuntimeError:
        return False
    return True


def share_handler(
    t: Translator,
    state: AppState,
    match_id: str,
    match: Match,
    tell: Callable[[str], None],
) -> Callable[[], Awaitable[None]]:
    """What the Share button does; `tell` shows the user a short note."""

    async def share() -> None:
        when = match_time(state, match_id)
        text = fmt.summary_text(t, match, when)
        subject = fmt.game_name(t, match.game_id)
        picture = None
        if can_draw_pictures():
            picture = ft.ShareFile.from_bytes(
                standings_png(
                    t,
                    match,
                    when,
                    is_dark(state),
                    match_slots(state.store, match.players),
                ),
                mime_type="image/png",
                name=image_name(match, when),
            )
        if await shared(text, subject, picture):
            return
        # No share sheet (a desktop browser, Chromium on Linux): the picture is
        # downloaded, and the text goes to the clipboard for the group chat.
        downloaded = picture is not None and await _downloaded(picture)
        try:
            await ft.Clipboard().set(text)
        except RuntimeError:
            tell(t.gettext("This browser can neither share nor copy the standings."))
            return
        if downloaded:
            tell(
                t.gettext(
                    "Picture downloaded and standings copied. "
                    "Paste them into your group chat."
                )
            )
        else:
            tell(
                t.gettext(
                    "This browser cannot share, so the standings were copied. "
                    "Paste them into your group chat."
                )
            )

    return share


def share_button(t: Translator, on_click: Callable[[], Awaitable[None]]) -> ft.Control:
    """The Share button of a finished match: it shares a row with Rematch, and a
    long label (Spanish) takes two lines rather than push the row onto two."""
    return ft.FilledTonalButton(
        content=ft.Text(t.gettext("Share standings"), text_align=ft.TextAlign.CENTER),
        icon=ft.Icons.SHARE,
        height=56,
        expand=True,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
        on_click=on_click,
    )
