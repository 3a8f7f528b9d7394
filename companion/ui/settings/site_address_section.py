"""Settings -> Hand matches to phones: the phone-alone site's address (the host's)."""

from __future__ import annotations

import flet as ft

from companion.storage import StoreError
from companion.storage.match_link import site_address
from companion.ui.frame.shell import section_title
from companion.ui.frame.state import AppState, use_app
from companion.ui.settings.saved_field import saved_field
from companion.words.i18n import Translator
from companion.words.messages import error_message


@ft.component
def SiteAddressForm() -> ft.Control:
    """The address field, Save, and what became of the last Save."""
    state, t = use_app()
    stored = state.store.settings().get("site_address") or ""
    typed, set_typed = ft.use_state(stored)
    outcome, set_outcome = ft.use_state(("", False))

    def save() -> None:
        address = None
        if typed.strip():
            try:
                address = site_address(typed)
            except StoreError as error:
                set_outcome((error_message(t, error), True))
                return
        if state.settings.set_site_address(address):
            set_typed(address or "")
            said = (
                t.gettext("Address saved.")
                if address
                else t.gettext("Address cleared.")
            )
            set_outcome((said, False))

    field = ft.TextField(
        label=t.gettext("Address of the phone-alone site"),
        hint_text="https://",
        value=typed,
        keyboard_type=ft.KeyboardType.URL,
        # The client's text (forgeable): a str or dropped
        # (serving/client_patches.py); checked as an address on Save.
        on_change=lambda e: set_typed(e.control.value),
    )
    return saved_field(field, t.gettext("Save address"), save, outcome)


def site_address_section(t: Translator, state: AppState) -> list[ft.Control]:
    """Where the host gives the address a match's hand-over code opens."""
    if not state.is_host:
        return []
    return [
        section_title(t.gettext("Hand matches to phones")),
        ft.Text(
            t.gettext(
                "A match's scoreboard shows a code that another phone scans to take "
                "the match home. The code opens Card Table Companion on that phone "
                "alone: the site made by “companion publish” and put on the web. "
                "Give that site's full address here."
            )
        ),
        SiteAddressForm(),
    ]
