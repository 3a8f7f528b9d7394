"""The per-session observable store: language, theme, access, problems, every save."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import flet as ft

from companion.access.sharing import AccessError, ShareGate
from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.storage import ImportResult, Store, StoredMatch, StoreError, StoreNotice
from companion.storage.transfer import check_import_size
from companion.ui.frame.device_id import device_at_start
from companion.ui.frame.state_access import SessionAccess
from companion.ui.frame.state_drafts import SessionDrafts
from companion.words.i18n import LANGUAGES, Translator, get_translator

THEMES = ("system", "light", "dark")

Problem = StoreError | StoreNotice | MatchError | AccessError
"""Something the store or the share gate reported that the user must see."""


@ft.observable
@dataclass
class AppState(SessionAccess, SessionDrafts):
    """What one browser session shows; the store is shared by all sessions.

    Screens read matches from the store on every render; `revision` changes
    whenever data changed (here or in another session), which re-renders them.
    Every write asks the share gate first: a viewer's session changes nothing,
    whatever event its browser sends.
    """

    store: Store
    gate: ShareGate = field(default_factory=lambda: ShareGate(False))
    session_id: str = ""
    # The address the server accepted this session's websocket from
    # (serving/peers.py); never page.client_ip, which the client can set.
    client_ip: str | None = None
    links: tuple[str, ...] = ()
    device: str = ""
    """The key of the device the session's browser runs on ("" until known):
    what is kept per device (a round being entered) is kept under it."""
    visits: int = 0
    """How many times the session's browser came back to it: a reload keeps the
    session, and with it what its screens hold (root.py counts them)."""
    lang: str = "en"
    theme: str = "system"
    keep_awake: bool = True
    revision: int = 0
    problems: tuple[Problem, ...] = ()
    # Underscored: Flet's observable ignores it, so wiring it up on connect
    # does not render the whole session a second time.
    _broadcast: Callable[[str], None] | None = field(default=None, repr=False)
    _announce_access: Callable[[], None] | None = field(default=None, repr=False)
    _chosen_game: str | None = field(default=None, repr=False)

    @classmethod
    def load(
        cls,
        store: Store,
        gate: ShareGate | None = None,
        *,
        session_id: str = "",
        client_ip: str | None = None,
        links: tuple[str, ...] = (),
    ) -> AppState:
        """A session's state from the stored settings and the store's notices.

        A guest (a phone that joins with the code) starts from the defaults: the
        stored settings are the host's, and the store's notices are the host's
        business. `links` are the addresses phones open the table at.
        """
        state = cls(
            store=store,
            gate=gate or ShareGate(False),
            session_id=session_id,
            client_ip=client_ip,
            links=links,
        )
        # Chosen once: a session's peer, and so whether it is the host's, never
        # changes (a guest's role may, from locked to viewer to recorder).
        state.device = device_at_start(store, state.is_host)
        if state.is_guest:
            return state
        settings = store.settings()
        lang = settings.get("language") or "en"
        theme = settings.get("theme") or "system"
        state.lang = lang if lang in LANGUAGES else "en"
        state.theme = theme if theme in THEMES else "system"
        state.keep_awake = bool(settings.get("keep_awake", True))
        state.problems = tuple(store.notices)
        return state

    @property
    def t(self) -> Translator:
        """The translator for the session's language."""
        return get_translator(self.lang)

    @property
    def language_chosen(self) -> bool:
        """Whether the host picked a language in Settings (it beats the browser's).

        A guest's language always follows its own browser.
        """
        return not self.is_guest and bool(self.store.settings().get("language"))

    @property
    def game_chosen_last(self) -> str | None:
        """The game this session chose last (a match started, a game picked or
        named on Rules): the Rules tab opens on it. Kept for the session only."""
        return self._chosen_game

    def choose_game(self, game_id: str) -> None:
        """Remember the game this session chose (no re-render: nothing shows it)."""
        self._chosen_game = game_id

    def changed(self) -> None:
        """Data changed elsewhere: re-render what shows it."""
        self.revision += 1

    def report(self, error: StoreError | MatchError | AccessError) -> None:
        """Show a failed action's reason until dismissed.

        A guest is never shown the host's files: a reason that names one (the
        data folder a save could not write to) reaches it as "the host's device
        could not save this".
        """
        if self.is_guest and isinstance(error, StoreError) and "path" in error.params:
            error = AccessError("host-could-not-save")
        self.problems = (*self.problems, error)

    def dismiss(self, index: int) -> None:
        """Hide problem `index` once read."""
        self.problems = self.problems[:index] + self.problems[index + 1 :]

    def _saved(self, match_id: str, rerender: bool = True) -> None:
        if rerender:
            self.revision += 1
        if self._broadcast is not None:
            self._broadcast(match_id)

    def add_match(self, match: Match) -> str | None:
        """Store a new match; its id, or None after reporting why it failed."""
        if not self._allowed():
            return None
        try:
            # An empty match is left for this one (a rematch nobody played):
            # it would sit under "In progress" for good.
            match_id = self.store.add_match(match, drop_empty=True)
        except StoreError as error:
            self.report(error)
            return None
        self._saved(match_id)
        self.choose_game(match.game_id)
        if not self.is_host or match.definition is not None:
            # The remembered game and house rules are the host's stored settings,
            # and a user's game carries its own rules: nothing to remember then.
            return match_id
        # The match exists now: failing to remember its rules must not hide it.
        house = dict(self.store.settings()["house_rules"])
        house[match.game_id] = match.settings.to_dict()
        self._update(last_game=match.game_id, house_rules=house)
        return match_id

    def save_match(
        self,
        match_id: str,
        match: Match,
        base: Match | None = None,
        rerender: bool = True,
    ) -> bool:
        """Store a changed match; False after reporting why it failed.

        With `base` (the match the change was made to), a match changed meanwhile
        in another session is not overwritten: that is reported instead. Without
        `rerender` this session's screens are not redrawn: the caller moves to the
        screen that shows the saved match, and the one it leaves must not first
        show the saved match (Save's record screen would flash the next round).
        """
        if not self._allowed():
            return False
        try:
            self.store.save_match(match_id, match, base=base)
        except StoreError as error:
            self.report(error)
            self.revision += 1
            return False
        self._saved(match_id, rerender)
        return True

    def end_match(self, match_id: str, match: Match) -> Match | None:
        """End a match now, on its standings (the host decides); the ended match,
        or None after reporting why not."""
        if not self._hosting():
            return None
        try:
            ended = match.end_early()
        except MatchError as error:
            self.report(error)
            return None
        return ended if self.save_match(match_id, ended, base=match) else None

    def delete_match(self, match_id: str) -> StoredMatch | None:
        """Delete a match (the host decides); what was deleted, to put back on
        Undo, or None after reporting why not."""
        if not self._hosting():
            return None
        try:
            stored = self.store.load_stored(match_id)
            self.store.delete_match(match_id)
        except StoreError as error:
            self.report(error)
            self.revision += 1
            return None
        self._saved(match_id)
        return stored

    def restore_match(self, stored: StoredMatch) -> bool:
        """Put a deleted match back (the host's Undo); False after reporting why."""
        if not self._hosting():
            return False
        try:
            self.store.restore_match(stored)
        except StoreError as error:
            self.report(error)
            return False
        self._saved(stored.id)
        return True

    def rename_player(self, old: str, new: str) -> bool:
        """Rename a player everywhere; False after reporting why it failed."""
        if not self._hosting():
            return False
        try:
            self.store.rename_player(old, new)
        except (StoreError, MatchError) as error:
            self.report(error)
            return False
        self._saved("")
        return True

    def hide_player(self, name: str, hidden: bool) -> bool:
        """Hide a player from the new-match roster, or show them again."""
        if not self._hosting():
            return False
        try:
            self.store.hide_player(name, hidden=hidden)
        except StoreError as error:
            self.report(error)
            return False
        self._saved("")
        return True

    def import_file(self, path: Path, name: str | None = None) -> ImportResult | None:
        """Add what an export file holds; None after reporting why it failed.

        `name` is the file's name as the user picked it (the path is a copy's).
        """
        if not self._hosting():
            return None
        try:
            result = self.store.import_file(path, name)
        except StoreError as error:
            self.report(error)
            return None
        self._saved("")
        return result

    def may_import(self, name: str, size: int) -> bool:
        """Whether this session may import a file `name` of `size` bytes (the
        host's, within the size limit); False after reporting why not."""
        if not self._hosting():
            return False
        try:
            check_import_size(size, name)
        except StoreError as error:
            self.report(error)
            return False
        return True

    def export_all(self, path: Path) -> int | None:
        """Write every match, player and setting to `path` (the host only); the
        number of matches, or None after reporting why not."""
        if not self._hosting():
            return None
        try:
            return self.store.export_all(path)
        except StoreError as error:
            self.report(error)
            return None

    def tell_others_with(self, broadcast: Callable[[str], None]) -> None:
        """Set how a save is announced to the other sessions (pubsub)."""
        self._broadcast = broadcast

    def load_match(self, match_id: str) -> Match | None:
        """The stored match, or None if there is no such match."""
        try:
            return self.store.load_match(match_id)
        except StoreError:
            return None

    def house_rules(self, game_id: str) -> dict[str, object] | None:
        """The settings of the last match started at this game, if any."""
        rules: dict[str, object] | None = self.store.settings()["house_rules"].get(
            game_id
        )
        return rules

    def set_language(self, lang: str) -> None:
        """Remember the chosen language (a guest's only for its own session)."""
        if self._setting(language=lang):
            self.lang = lang

    def set_theme(self, theme: str) -> None:
        """Remember the chosen theme (a guest's only for its own session)."""
        if self._setting(theme=theme):
            self.theme = theme

    def set_keep_awake(self, keep_awake: bool) -> None:
        """Remember whether the screen stays on during a match (guests: session)."""
        if self._setting(keep_awake=keep_awake):
            self.keep_awake = keep_awake

    def _setting(self, **changes: object) -> bool:
        # The stored settings are the host's: a phone at the table choosing
        # Spanish must not turn the host's screen Spanish.
        if self.is_guest:
            return True
        return self._hosting() and self._update(**changes)

    def _update(self, **changes: object) -> bool:
        try:
            self.store.update_settings(**changes)
        except StoreError as error:
            self.report(error)
            return False
        return True


StateContext: ft.ContextProvider[AppState | None] = ft.create_context(None)
"""Gives every screen its session's AppState."""


def use_app() -> tuple[AppState, Translator]:
    """The session state (re-rendering on its changes) and its translator."""
    state = ft.use_context(StateContext)
    if state is None:
        raise RuntimeError("screens render inside StateContext")
    return state, state.t
