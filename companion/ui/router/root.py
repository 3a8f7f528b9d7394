"""The root component: routes, the session state, live updates between sessions."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.sync.following import Following
from companion.ui.frame.device_id import device_of_browser
from companion.ui.frame.follow_session import FollowingContext
from companion.ui.frame.handler_guard import listen_for_failures
from companion.ui.frame.handover import HandoverContext
from companion.ui.frame.not_found_screen import NotFound
from companion.ui.frame.page_looks import dress_page, remember_looks
from companion.ui.frame.route_echo import navigate_now
from companion.ui.frame.state import AppState, StateContext
from companion.ui.join.join_screen import JoinScreen
from companion.ui.matches.matches_screen import MatchesScreen
from companion.ui.router.match_view import MatchOutlet
from companion.ui.settings.features import Features, FeaturesContext, served
from companion.words.i18n import browser_languages, negotiate

MATCH_TOPIC = "match-saved"
"""Pubsub topic: a match was saved (its id), or the players or an import ("")."""

ACCESS_TOPIC = "share-changed"
"""Pubsub topic: someone joined or left, a new code, a phone may record (or not)."""


@dataclass(frozen=True)
class ShownFirst:
    """A route's screen whose module is imported when the screen is first shown.

    The static site's start imports what it needs in the phone's browser, where
    the screens behind the Matches screen would cost ~0.1-0.3 s more of it
    (bench/README.md); the Router calls a route's component as it renders.
    """

    module: str
    name: str

    def screen(self) -> Callable[[], ft.Control]:
        """The screen's component, its module imported now if it was not yet."""
        component: Callable[[], ft.Control] = getattr(
            importlib.import_module(f"companion.ui.{self.module}"), self.name
        )
        return component

    def __call__(self) -> ft.Control:
        return self.screen()()


ROUTES = [
    ft.Route(index=True, component=MatchesScreen),
    ft.Route(
        path="new/:source?",
        component=ShownFirst("new_match.new_match_screen", "NewMatchScreen"),
    ),
    ft.Route(
        path="games/:id",
        component=ShownFirst("new_match.own_game_screen", "OwnGameScreen"),
    ),
    # One View for a match, its scoreboard or its record screen in it: Flet's web
    # client holds back any return to a View below for ~350 ms, so Save swaps the
    # content of the View instead (bench/README.md, "The floors in Flet itself").
    ft.Route(
        path="match/:id",
        component=MatchOutlet,
        outlet=True,
        children=[
            ft.Route(
                index=True,
                component=ShownFirst(
                    "scoreboard.scoreboard_screen", "ScoreboardScreen"
                ),
            ),
            ft.Route(
                path="round/:number?",
                component=ShownFirst("record.record_screen", "RecordScreen"),
            ),
            ft.Route(
                path="code",
                component=ShownFirst("scoreboard.handover_screen", "HandoverScreen"),
            ),
            ft.Route(
                path="follow",
                component=ShownFirst("follow.let_follow_screen", "LetFollowScreen"),
            ),
            ft.Route(
                path="differs/:copy",
                component=ShownFirst("scoreboard.copies_screen", "CopiesScreen"),
            ),
        ],
    ),
    ft.Route(
        path="follow", component=ShownFirst("follow.follow_screen", "FollowScreen")
    ),
    ft.Route(
        path="rules/:game?", component=ShownFirst("rules.rules_screen", "RulesScreen")
    ),
    ft.Route(
        path="players", component=ShownFirst("players.players_screen", "PlayersScreen")
    ),
    ft.Route(
        path="players/:name",
        component=ShownFirst("players.player_screen", "PlayerScreen"),
    ),
    ft.Route(
        path="settings",
        component=ShownFirst("settings.settings_screen", "SettingsScreen"),
    ),
]


async def _device_languages(page: ft.Page) -> list[str]:
    """The languages the client says it prefers, best first; [] if it says none.

    The client answers this request, so a forged answer may hold anything: a
    reply Flet cannot read, or values that are not text, count as no answer
    (the language then stays the app's default).
    """
    try:
        info = await page.get_device_info()
    except (TypeError, ValueError, KeyError, AttributeError, RuntimeError):
        return []
    languages = getattr(info, "languages", None)
    first = getattr(info, "language", None)
    said = languages if isinstance(languages, list) and languages else [first]
    return browser_languages(said)


@ft.component
def App(
    store: Store,
    gate: ShareGate,
    links: tuple[str, ...] = (),
    features: Features | None = None,
    peer: str | None = None,
    languages: Sequence[str] | None = None,
) -> list[ft.View]:
    """One browser session: its state, kept live with the other sessions.

    A session that has not joined a shared table gets the Join screen and
    nothing else: no route is rendered, so no data reaches its browser.
    `features` are the build's own parts (the served app's when None). `peer`
    is the address the server accepted this session's connection from (None
    where nothing is served); the share gate tells the host by it.
    `languages` are the browser's, best first, as the start knew them (the
    websocket's Accept-Language, the static page's hand-over): the first
    screen is drawn in the language they give. None: the client is asked
    once the first screen is up (a packaged app).
    """
    page = ft.context.page
    features = features or served()
    handover = features.handover
    opened_with = handover.opened_with

    def start() -> AppState:
        state = AppState.load(
            store,
            gate,
            session_id=page.session.id,
            # Never page.client_ip: the client can set that (issue 27).
            client_ip=peer,
            links=tuple(links),
            languages=languages or (),
        )
        state.handover.hand_in(opened_with)
        return state

    # Typed here: mypy cannot solve use_state's `T | Callable[[], T]` for a lambda.
    app_state: tuple[AppState, object] = ft.use_state(start)
    state = app_state[0]
    peers = features.handover.peers

    def open_links() -> Following | None:
        return None if peers is None else Following(peers, state, page.run_task)

    following_state: tuple[Following | None, object] = ft.use_state(open_links)
    following = following_state[0]

    def connect() -> None:
        def on_changed(_topic: str, _message: str) -> None:
            async def refresh() -> None:
                state.changed()

            # A session whose browser went away (for now) has no connection;
            # it catches up in on_connect when the browser comes back.
            if page.session.connection is None:
                return
            # run_task binds this session's page, so the re-render lands here.
            page.run_task(refresh)

        def on_connect(_: ft.Event[ft.Page]) -> None:
            # The browser came back (a reload): drop a stale undo snackbar and
            # show what other sessions saved meanwhile.
            page.pop_dialog()
            state.access.set_away(False)
            state.visits += 1
            state.changed()

        # The client can send these page events itself (forgeable): each acts
        # on this session alone (its own screen, its own "away" and its own
        # place in the host's list of phones).
        page.on_connect = on_connect
        # A reload comes straight back; a closed tab stays away until Flet ends it.
        page.on_disconnect = lambda _: state.access.set_away(True)
        # Flet closes a session an hour after its browser left for good (a
        # reload keeps it): only then does the guest leave the host's list.
        page.on_close = lambda _: state.access.leave()

        # A handler that raises: one line in the session's language (the
        # session guard keeps the traceback in the server's log).
        listen_for_failures(page, lambda: state.t)
        page.pubsub.subscribe_topic(MATCH_TOPIC, on_changed)
        page.pubsub.subscribe_topic(ACCESS_TOPIC, on_changed)

        def saved(match_id: str) -> None:
            page.pubsub.send_others_on_topic(MATCH_TOPIC, match_id)
            if following is not None:
                # The phones that follow this one live hear it too.
                following.host.match_saved(match_id)

        state.tell_others_with(saved)

        def access_changed() -> None:
            # Every session, this one too, re-reads its role. This one directly:
            # the static site's pubsub has no loop to send a session itself on
            # (flet 1.0.5: "PubSub event loop is not set"), and no other session.
            page.pubsub.send_others_on_topic(ACCESS_TOPIC, "")
            state.changed()

        state.access.tell_access_changes_with(access_changed)

        def link_came(text: str) -> None:
            async def offer() -> None:
                # Offered where a fresh open offers it: the Matches screen.
                state.handover.hand_in(text)
                navigate_now(page, "/")
                state.changed()

            page.run_task(offer)

        handover.later_links(link_came)
        # A phone at a shared table: the server cannot tell its devices apart.
        if not state.device:

            async def identify() -> None:
                state.device = await device_of_browser()

            page.run_task(identify)
        if languages is None and not state.language_chosen:

            async def detect() -> None:
                state.lang = negotiate(await _device_languages(page))

            page.run_task(detect)

    def remember() -> None:
        # What a guest sees is its session's alone: the next start opens in
        # its browser's language and colours again.
        if not state.is_guest:
            page.run_task(remember_looks, state.lang, state.theme)

    ft.use_effect(connect, dependencies=[], cleanup=page.pubsub.unsubscribe_all)
    ft.use_effect(remember, dependencies=[state.lang, state.theme])
    t = state.t
    dress_page(page, t, state.lang, state.theme)

    def views() -> list[ft.View]:
        if not state.role.can_see:
            return StateContext(state, lambda: [JoinScreen()])
        # The Router follows page.route, which the client sets (forgeable): a
        # session that may not see the table never gets here, and each screen
        # checks its route's parameters (Not found for one that names nothing).
        return StateContext(
            state,
            lambda: ft.Router(ROUTES, NotFound, manage_views=True),  # type: ignore[arg-type,return-value]  # with manage_views it returns the Views
        )

    def provided() -> list[ft.View]:
        return FollowingContext(following, views)

    return FeaturesContext(
        features, lambda: HandoverContext(features.handover, provided)
    )
