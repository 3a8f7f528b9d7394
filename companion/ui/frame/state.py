"""The per-session observable store: language, theme, problems, access and writes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import flet as ft

from companion.access.sharing import AccessError, Role, ShareGate, phone_address
from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError, StoreNotice
from companion.storage.match_merge import Followed, TakenIn
from companion.sync.session import FollowedMatch
from companion.ui.frame.device_id import device_at_start
from companion.ui.frame.state_access import SessionAccess
from companion.ui.frame.state_drafts import SessionDrafts
from companion.ui.frame.state_follow import SessionFollow
from companion.ui.frame.state_handover import SessionHandover
from companion.ui.frame.state_settings import SessionSettings
from companion.ui.frame.state_writes import SessionWrites
from companion.words.i18n import LANGUAGES, Translator, get_translator, negotiate

THEMES = ("system", "light", "dark")

Problem = StoreError | StoreNotice | MatchError | AccessError
"""Something the store or the share gate reported that the user must see."""


def opening_looks(
    store: Store, host: bool, languages: Sequence[str]
) -> tuple[str, str]:
    """The language and theme a session opens in: the host's stored choices,
    else the browser's language (`languages`, best first) and the system's
    theme; a guest's are always the browser's (the stored ones are the host's)."""
    lang, theme = negotiate(languages), "system"
    if not host:
        return lang, theme
    settings = store.settings()
    stored_lang = settings.get("language")
    stored_theme = settings.get("theme")
    if stored_lang in LANGUAGES:
        lang = stored_lang
    if stored_theme in THEMES:
        theme = stored_theme
    return lang, theme


@ft.observable
@dataclass
class AppState:
    """What one browser session shows; the store is shared by all sessions.

    Screens read matches from the store on every render; `revision` changes
    whenever data changed (here or in another session), which re-renders them.
    Every write goes through one of its parts (`writes`, `settings`,
    `handover`, `follow`, `drafts`), which asks the share gate (`access`) first:
    a viewer's session changes nothing, whatever event its browser sends. The
    parts change what screens show through this observable state (`saved`,
    `changed`, `report`, its fields), so a change made by one re-renders them.
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
    phone_name: str = ""
    """Whose phone this is, as Settings says ("" for nobody's)."""
    name_put_off: bool = False
    """Not now to "Whose phone is this?": not asked again this session."""
    revision: int = 0
    problems: tuple[Problem, ...] = ()
    handed: StoredMatch | StoreError | None = None
    """The match a link handed over from another phone (or a code scanned)
    carries, read once when it came, or why it cannot be taken in; offered on
    the Matches screen until taken in or let go (None: none)."""
    # Underscored: Flet's observable ignores it, so wiring it up on connect
    # does not render the whole session a second time.
    _broadcast: Callable[[str], None] | None = field(default=None, repr=False)
    _chosen_game: str | None = field(default=None, repr=False)
    access: SessionAccess = field(init=False, repr=False, compare=False)
    follow: SessionFollow = field(init=False, repr=False, compare=False)
    settings: SessionSettings = field(init=False, repr=False, compare=False)
    writes: SessionWrites = field(init=False, repr=False, compare=False)
    handover: SessionHandover = field(init=False, repr=False, compare=False)
    drafts: SessionDrafts = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Each part is given what it needs; this session is each one's Seat.
        self.access = SessionAccess(self)
        self.follow = SessionFollow(self, self.store, self.access)
        self.settings = SessionSettings(self, self.store, self.access)
        self.writes = SessionWrites(
            self,
            self.store,
            access=self.access,
            follow=self.follow,
            settings=self.settings,
            chose_game=self.choose_game,
        )
        self.handover = SessionHandover(self, self.store, self.access)
        self.drafts = SessionDrafts(self, self.store, self.access)

    @classmethod
    def load(
        cls,
        store: Store,
        gate: ShareGate | None = None,
        *,
        session_id: str = "",
        client_ip: str | None = None,
        links: tuple[str, ...] = (),
        languages: Sequence[str] = (),
    ) -> AppState:
        """A session's state from the stored settings and the store's notices.

        A guest (a phone that joins with the code) starts from the defaults: the
        stored settings are the host's, and the store's notices are the host's
        business. `links` are the addresses phones open the table at;
        `languages`, the browser's (best first), give the language where none
        was chosen, so the first screen is drawn in it.
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
        state.lang, state.theme = opening_looks(store, state.is_host, languages)
        if state.is_guest:
            return state
        settings = store.settings()
        state.keep_awake = bool(settings.get("keep_awake", True))
        state.phone_name = str(settings.get("phone_name") or "")
        state.problems = tuple(store.notices)
        return state

    @property
    def role(self) -> Role:
        """What this session may do at the table (asked of the gate now)."""
        return self.access.role

    @property
    def is_guest(self) -> bool:
        """Whether this session is a phone that joined (or must join) with the code."""
        return self.access.is_guest

    @property
    def is_host(self) -> bool:
        """Whether this session is the host's: imports, exports, names, settings."""
        return self.access.is_host

    @property
    def can_change(self) -> bool:
        """Whether this session may record, edit and delete rounds, start matches."""
        return self.access.can_change

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
        """Data changed (here or elsewhere): re-render what shows it."""
        self.revision += 1

    def saved(self, match_id: str, rerender: bool = True) -> None:
        """A part wrote: re-render (unless not `rerender`), tell the others."""
        if rerender:
            self.revision += 1
        if self._broadcast is not None:
            self._broadcast(match_id)

    def report(self, error: StoreError | MatchError | AccessError) -> None:
        """Show a failed action's reason until dismissed.

        A guest is never shown the host's files: a reason that names one (the
        data folder a save could not write to) reaches it as "the host's device
        could not save this".
        """
        if self.is_guest and isinstance(error, StoreError) and "path" in error.params:
            error = AccessError("host-could-not-save")
        self.problems = (*self.problems, error)

    def take_problems(self) -> tuple[Problem, ...]:
        """The problems reported, let go of: a session nobody reads (a
        following phone's) says them elsewhere."""
        problems, self.problems = self.problems, ()
        return problems

    def dismiss(self, index: int) -> None:
        """Hide problem `index` once read."""
        self.problems = self.problems[:index] + self.problems[index + 1 :]

    def tell_others_with(self, broadcast: Callable[[str], None]) -> None:
        """Set how a save is announced to the other sessions (pubsub)."""
        self._broadcast = broadcast

    def phone_session(self, name: str, saved: Callable[[str], None]) -> AppState:
        """The session at the share gate of the phone following this one over
        link `name`: its changes are saved through it, and `saved` hears of each."""
        session = AppState(
            store=self.store,
            gate=self.gate,
            session_id=name,
            client_ip=phone_address(name),
        )
        session.tell_others_with(saved)
        return session

    # The follow protocol's view of a session (sync/session.py's Protocols).

    def save_match(
        self,
        match_id: str,
        match: Match,
        base: Match | None = None,
        rerender: bool = True,
    ) -> bool:
        """A following phone's change, saved through the gate (`writes`)."""
        return self.writes.save_match(match_id, match, base, rerender)

    def let_record(self, session_id: str, can_record: bool) -> None:
        """Let a following phone record, or watch only (`access`)."""
        self.access.let_record(session_id, can_record)

    def follow_with(self, followed: FollowedMatch) -> None:
        """Send this session's changes of the followed match there (`follow`)."""
        self.follow.follow_with(followed)

    def keep_followed(
        self, handed: StoredMatch, follows: Followed | None
    ) -> TakenIn | None:
        """Merge the match the followed phone sent (`follow`)."""
        return self.follow.keep_followed(handed, follows)

    def keep_followed_beside(self, handed: StoredMatch) -> TakenIn | None:
        """Keep the match the followed phone sent beside this one's (`follow`)."""
        return self.follow.keep_followed_beside(handed)

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


StateContext: ft.ContextProvider[AppState | None] = ft.create_context(None)
"""Gives every screen its session's AppState."""


def use_app() -> tuple[AppState, Translator]:
    """The session state (re-rendering on its changes) and its translator."""
    state = ft.use_context(StateContext)
    if state is None:
        raise RuntimeError("screens render inside StateContext")
    return state, state.t
