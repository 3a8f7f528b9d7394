"""The entries: the served app's first screen in the phone's language; the static
site's failed sync to IndexedDB told in the user's words."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from event_loops import run_apart
from raw_phone import RawPhone, register, shared_server

from companion.serving import app
from companion.storage import Store, StoreError
from companion.words.i18n import get_translator
from companion.words.messages import error_message


class Page:
    """The little of a Flet page the message needs: the browser's languages."""

    def __init__(self, languages: list[str]) -> None:
        self.languages = languages
        self.shown: list[Any] = []

    async def get_device_info(self) -> SimpleNamespace:
        return SimpleNamespace(languages=self.languages)

    def show_dialog(self, dialog: Any) -> None:
        self.shown.append(dialog)


def test_a_failed_sync_is_told_in_the_browsers_language_or_the_chosen_one() -> None:
    failure = StoreError("save-failed", reason="QuotaExceededError")
    store = Store.in_memory()
    page = Page(["nb-NO", "en"])
    run_apart(app._tell_failed_sync(page, store, failure))  # type: ignore[arg-type]
    store.update_settings(language="sv")
    run_apart(app._tell_failed_sync(page, store, failure))  # type: ignore[arg-type]
    told = [dialog.content.value for dialog in page.shown]
    assert told == [
        error_message(get_translator("nb"), failure),
        error_message(get_translator("sv"), failure),
    ]
    assert told[0] != error_message(get_translator("en"), failure)


def test_the_served_first_screen_is_in_the_language_its_websocket_asked_for(
    tmp_path: Path,
) -> None:
    # The phone answers none of the server's questions (its device's
    # languages among them): only the websocket's Accept-Language tells.
    norwegian = get_translator("nb")

    async def play(port: int) -> RawPhone:
        languages = "nb-NO,nb;q=0.9,en-US;q=0.8,en;q=0.7"
        async with RawPhone(port, "127.0.0.1", languages) as host:
            await host.send(register())
            await host.wait_for_text(norwegian.gettext("New match"), 20)
            return host

    with shared_server(tmp_path / "data", tmp_path / "server.log") as port:
        host = run_apart(play(port))
    assert norwegian.gettext("New match") in host.seen()
    assert "New match" not in host.seen()
