"""A session's settings: language, theme, screen, whose phone, the site's address."""

from __future__ import annotations

from typing import Protocol

from companion.engine.errors import MatchError
from companion.engine.names import check_name, phone_name
from companion.storage import Store, StoreError
from companion.ui.frame.state_access import Seat, SessionAccess


class Looks(Seat, Protocol):
    """A session whose screens are drawn in its chosen looks (AppState)."""

    lang: str
    theme: str
    keep_awake: bool


class SessionSettings:
    """The part of AppState that remembers what Settings chooses.

    The stored settings are the host's, each change asked of the gate as it
    is made; a phone at the table keeps its choices for its own session.
    """

    def __init__(self, seat: Looks, store: Store, access: SessionAccess) -> None:
        self._seat = seat
        self._store = store
        self._access = access

    def set_language(self, lang: str) -> None:
        """Remember the chosen language (a guest's only for its own session)."""
        if self._setting(language=lang):
            self._seat.lang = lang

    def set_theme(self, theme: str) -> None:
        """Remember the chosen theme (a guest's only for its own session)."""
        if self._setting(theme=theme):
            self._seat.theme = theme

    def set_keep_awake(self, keep_awake: bool) -> None:
        """Remember whether the screen stays on during a match (guests: session)."""
        if self._setting(keep_awake=keep_awake):
            self._seat.keep_awake = keep_awake

    def set_phone_name(self, typed: object) -> bool:
        """Remember whose phone this is (a player's name rules, "" for
        nobody's); False after reporting a name the rules refuse."""
        name = phone_name(typed)
        if name is None:
            try:
                check_name(typed)
            except MatchError as error:
                self._seat.report(error)
            return False
        if name == self._seat.phone_name:
            return True
        if self._access.is_guest:
            # A joined phone's name is the gate's: the host's list shows it.
            return self._access.name_guest(name)
        if self._setting(phone_name=name):
            self._seat.phone_name = name
            return True
        return False

    def set_site_address(self, address: str | None) -> bool:
        """Remember the phone-alone site's address (None: forget it), which
        the served app's hand-over codes open; the host's alone. False after
        reporting why not."""
        if not self._access.hosting() or not self._update(site_address=address):
            return False
        self._seat.changed()
        return True

    def remember_rules(self, game_id: str, rules: dict[str, object]) -> None:
        """Remember the game of the match the host started and its house rules:
        New match offers them next time."""
        if not self._access.hosting():
            return
        house = dict(self._store.settings()["house_rules"])
        house[game_id] = rules
        self._update(last_game=game_id, house_rules=house)

    def _setting(self, **changes: object) -> bool:
        # The stored settings are the host's: a phone at the table choosing
        # Spanish must not turn the host's screen Spanish.
        if self._access.is_guest:
            return True
        return self._access.hosting() and self._update(**changes)

    def _update(self, **changes: object) -> bool:
        """Store settings changes; callers have asked the gate."""
        try:
            self._store.update_settings(**changes)
        except StoreError as error:
            self._seat.report(error)
            return False
        return True
