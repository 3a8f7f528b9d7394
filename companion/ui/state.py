"""The per-session observable store: language, theme, problems, and every save."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from companion.errors import MatchError
from companion.i18n import LANGUAGES, Translator, get_translator
from companion.match import Match
from companion.storage import Store, StoreError, StoreNotice

THEMES = ("system", "light", "dark")

Problem = StoreError | StoreNotice | MatchError
"""Something the store reported that the user must see."""


@ft.observable
@dataclass
class AppState:
    """What one browser session shows; the store is shared by all sessions.

    Screens read matches from the store on every render; `revision` changes
    whenever data changed (here or in another session), which re-renders them.
    """

    store: Store
    lang: str = "en"
    theme: str = "system"
    keep_awake: bool = True
    revision: int = 0
    problems: tuple[Problem, ...] = ()
    # Underscored: Flet's observable ignores it, so wiring it up on connect
    # does not render the whole session a second time.
    _broadcast: Callable[[str], None] | None = field(default=None, repr=False)

    @classmethod
    def load(cls, store: Store, fallback_lang: str = "en") -> AppState:
        """A session's state from the stored settings and the store's notices."""
        settings = store.settings()
        lang = settings.get("language") or fallback_lang
        theme = settings.get("theme") or "system"
        return cls(
            store=store,
            lang=lang if lang in LANGUAGES else "en",
            theme=theme if theme in THEMES else "system",
            keep_awake=bool(settings.get("keep_awake", True)),
            problems=tuple(store.notices),
        )

    @property
    def t(self) -> Translator:
        """The translator for the session's language."""
        return get_translator(self.lang)

    @property
    def language_chosen(self) -> bool:
        """Whether someone picked a language in Settings (it beats the browser's)."""
        return bool(self.store.settings().get("language"))

    def changed(self) -> None:
        """Data changed elsewhere: re-render what shows it."""
        self.revision += 1

    def report(self, error: StoreError | MatchError) -> None:
        """Show a failed action's reason until dismissed."""
        self.problems = (*self.problems, error)

    def _report(self, error: StoreError) -> None:
        self.problems = (*self.problems, error)

    def dismiss(self, index: int) -> None:
        """Hide problem `index` once read."""
        self.problems = self.problems[:index] + self.problems[index + 1 :]

    def _saved(self, match_id: str) -> None:
        self.revision += 1
        if self._broadcast is not None:
            self._broadcast(match_id)

    def add_match(self, match: Match) -> str | None:
        """Store a new match; its id, or None after reporting why it failed."""
        try:
            match_id = self.store.add_match(match)
        except StoreError as error:
            self._report(error)
            return None
        self._saved(match_id)
        # The match exists now: failing to remember its rules must not hide it.
        house = dict(self.store.settings()["house_rules"])
        house[match.game_id] = match.settings.to_dict()
        self._update(last_game=match.game_id, house_rules=house)
        return match_id

    def save_match(
        self, match_id: str, match: Match, base: Match | None = None
    ) -> bool:
        """Store a changed match; False after reporting why it failed.

        With `base` (the match the change was made to), a match changed meanwhile
        in another session is not overwritten: that is reported instead.
        """
        try:
            self.store.save_match(match_id, match, base=base)
        except StoreError as error:
            self._report(error)
            self.revision += 1
            return False
        self._saved(match_id)
        return True

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
        return self.store.settings()["house_rules"].get(game_id)

    def set_language(self, lang: str) -> None:
        """Remember the chosen language for every session."""
        if self._update(language=lang):
            self.lang = lang

    def set_theme(self, theme: str) -> None:
        """Remember the chosen theme."""
        if self._update(theme=theme):
            self.theme = theme

    def set_keep_awake(self, keep_awake: bool) -> None:
        """Remember whether the screen stays on during a match."""
        if self._update(keep_awake=keep_awake):
            self.keep_awake = keep_awake

    def _update(self, **changes: object) -> bool:
        try:
            self.store.update_settings(**changes)
        except StoreError as error:
            self._report(error)
            return False
        return True


StateContext = ft.create_context(None)
"""Gives every screen its session's AppState."""


def use_app() -> tuple[AppState, Translator]:
    """The session state (re-rendering on its changes) and its translator."""
    state = ft.use_context(StateContext)
    if state is None:
        raise RuntimeError("screens render inside StateContext")
    return state, state.t
