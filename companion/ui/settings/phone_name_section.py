"""Settings -> This phone: whose phone it is, typed once, shown to the host's list."""

from __future__ import annotations

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.names import MAX_NAME_LENGTH, check_name, phone_name
from companion.ui.frame.follow_session import use_following
from companion.ui.frame.shell import section_title
from companion.ui.frame.state import AppState, use_app
from companion.ui.settings.saved_field import saved_field
from companion.words.i18n import Translator
from companion.words.messages import error_message


@ft.component
def PhoneNameForm() -> ft.Control:
    """The name field, Save, and what became of the last Save."""
    state, t = use_app()
    following = use_following()
    typed, set_typed = ft.use_state(state.phone_name)
    outcome, set_outcome = ft.use_state(("", False))

    def save() -> None:
        name = phone_name(typed)
        if name is None:
            try:
                check_name(typed)
            except MatchError as error:
                set_outcome((error_message(t, error), True))
            return
        if state.settings.set_phone_name(name):
            if following is not None:
                # A phone followed now hears it at once.
                following.guest.tell_name(name)
            set_typed(name)
            said = t.gettext("Name saved.") if name else t.gettext("Name cleared.")
            set_outcome((said, False))

    field = ft.TextField(
        label=t.gettext("Whose phone is this?"),
        hint_text=t.gettext("Your name"),
        value=typed,
        max_length=MAX_NAME_LENGTH,
        # The client's text (forgeable): a str or dropped
        # (serving/client_patches.py); held to the name rules on Save.
        on_change=lambda e: set_typed(e.control.value),
    )
    return saved_field(field, t.gettext("Save name"), save, outcome)


def _section(t: Translator, why: str) -> list[ft.Control]:
    return [section_title(t.gettext("This phone")), ft.Text(why), PhoneNameForm()]


def phone_name_section(t: Translator, state: AppState) -> list[ft.Control]:
    """Whose phone this is: the phone it follows lists it by this name."""
    if not state.is_host:
        return []
    why = t.gettext(
        "A phone this one follows shows this name in its list, so its "
        "owner can tell whose phone may record."
    )
    return _section(t, why)


def joined_phone_name_section(t: Translator, state: AppState) -> list[ft.Control]:
    """A joined phone's name at the shared table: the host's list shows it."""
    if not state.is_guest or not state.role.can_see:
        return []
    why = t.gettext(
        "The host's list of joined phones shows this name, so the host "
        "can tell whose phone may record."
    )
    return _section(t, why)
