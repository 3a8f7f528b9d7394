"""Share a match's standings: the phone's share sheet, else download and copy."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

import flet as ft

from companion.engine.match import Match
from companion.ui.frame import format as fmt
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
        if not can_draw_pictures():
            await ft.Share().share_text(text, subject=subject)
            return
        picture = ft.ShareFile.from_bytes(
            standings_png(t, match, when, is_dark(state)),
            mime_type="image/png",
            name=image_name(match, when),
        )
        try:
            result = await ft.Share().share_files([picture], text=text, subject=subject)
            shared = result.status is not ft.ShareResultStatus.UNAVAILABLE
        except (RuntimeError, TimeoutError):
            # The client could not share: offer the picture as a download.
            await ft.FilePicker().save_file(
                file_name=picture.name, src_bytes=picture.data
            )
            shared = False
        if shared:
            return
        # No share sheet (a desktop browser): the picture was downloaded, and the
        # text goes to the clipboard for the group chat.
        await ft.Clipboard().set(text)
        tell(
            t.gettext(
                "Picture downloaded and standings copied. "
                "Paste them into your group chat."
            )
        )

    return share


def share_button(t: Translator, on_click: Callable[[], Awaitable[None]]) -> ft.Control:
    """The Share button of a finished match."""
    return ft.FilledTonalButton(
        t.gettext("Share standings"),
        icon=ft.Icons.SHARE,
        height=56,
        on_click=on_click,
    )
