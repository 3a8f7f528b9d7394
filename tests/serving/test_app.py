"""The static site's entry: a failed sync to IndexedDB is told in the user's words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from event_loops import run_apart

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
