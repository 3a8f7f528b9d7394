"""New match: the game, the players in seat order, the first dealer, the house rules."""

from __future__ import annotations

from collections.abc import Collection
from typing import cast
from urllib.parse import parse_qs

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.games import GAMES, Game
from companion.ui.frame.access import view_only_screen
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.route_query import RouteQuery, use_route_query
from companion.ui.frame.shell import action_bar, icon_button, navigate, screen
from companion.ui.frame.state import AppState, use_app
from companion.ui.new_match import kept_draft
from companion.ui.new_match.game_choice import game_choice
from companion.ui.new_match.house_rules_section import house_rules_section
from companion.ui.new_match.match_draft import DraftUpdate, MatchDraft
from companion.ui.new_match.seats_section import seats_section
from companion.words.i18n import Translator
from companion.words.messages import error_message


def game_asked(query: RouteQuery, own_ids: Collection[str]) -> str | None:
    """The game a link asks New match to open on (``/new?game=vandatta``, as a
    Rules answer's "Set on New match" does), if it names a game of ours or one
    of `own_ids`."""
    # The route is the client's to set (forgeable): RouteQuery took only short
    # text, and only a game that exists is taken; anything else is no game.
    try:
        asked = parse_qs(query.search, max_num_fields=10).get("game", [""])[0]
    except ValueError:  # more fields than any link of ours has
        return None
    return asked if asked in GAMES or asked in own_ids else None


def _fresh(
    state: AppState, game_id: str, own: dict[str, Game], draft: MatchDraft | None
) -> MatchDraft:
    """`draft` (a fresh one if None) on the game `game_id`, the players kept."""
    draft = draft or MatchDraft()
    if game_id in own:
        return draft.choose_own_game(own[game_id])
    return draft.choose_game(game_id, state.house_rules(game_id))


def _first_draft(state: AppState, source: str | None, query: RouteQuery) -> MatchDraft:
    """A rematch's draft, the one kept while a game was defined, or a fresh one;
    on the game a link asked for, if it did."""
    own = {game.id: game for game in state.store.own_games()}
    asked = game_asked(query, own)
    last: str = state.store.settings().get("last_game") or ""
    game_id = asked or (last if last in GAMES else "crazy-eights")
    kept = kept_draft.take(list(own.values()), lambda d: _fresh(state, game_id, own, d))
    previous = state.load_match(source) if source else None
    if previous is not None:
        return MatchDraft.rematch(previous)
    if kept is not None and asked is None:
        return kept
    return _fresh(state, game_id, own, kept)


def _bar_text(
    t: Translator, draft: MatchDraft, problem: MatchError | None
) -> tuple[str | None, bool]:
    """What the bottom bar says, and whether it is a hint (no error: not red)."""
    if problem is None:
        return None, False
    if not draft.still_adding(problem):
        return error_message(t, problem), False
    game = draft.game
    if not draft.seats:
        most = game.max_players
        text = t.ngettext(
            "Add {min} to {max} player to start.",
            "Add {min} to {max} players to start.",
            most,
        ).format(min=t.number(game.min_players), max=t.number(most))
    else:
        short = draft.players_short
        text = t.ngettext(
            "Add at least {n} more player to start.",
            "Add at least {n} more players to start.",
            short,
        ).format(n=t.number(short))
    return text, True


@ft.component
@guarded_screen
def NewMatchScreen() -> ft.View:
    """Sets up a match (or a rematch) and starts it."""
    state, t = use_app()
    source = ft.use_route_params().get("source")
    query = use_route_query()
    # Typed here: mypy cannot solve use_state's `T | Callable[[], T]` for a lambda.
    draft_state: tuple[MatchDraft, DraftUpdate] = ft.use_state(
        lambda: _first_draft(state, source, query)
    )
    draft, set_draft = draft_state
    changing, set_changing = ft.use_state(False)
    name, set_name = ft.use_state("")
    name_error, set_name_error = ft.use_state(cast(str | None, None))
    route = f"/new/{source}" if source else "/new"
    title = t.gettext("Rematch") if source else t.gettext("New match")
    if not state.can_change:
        return view_only_screen(state, route, title, "/", t.gettext("Back to matches"))
    problem = draft.check()
    reason, hint = _bar_text(t, draft, problem)

    def start() -> None:
        def begin(current: MatchDraft) -> MatchDraft:
            try:
                match = current.build()
            except MatchError as error:
                state.report(error)
                return current
            match_id = state.writes.add_match(match)
            if match_id is not None:
                navigate(f"/match/{match_id}")
            return current

        # An updater: it sees the newest draft even before the next render.
        set_draft(begin)

    controls = [
        *game_choice(t, state, draft, set_draft, changing, set_changing),
        *seats_section(
            t, state, draft, set_draft, (name, set_name, name_error, set_name_error)
        ),
        *house_rules_section(t, draft, set_draft),
    ]
    bottom = action_bar(
        reason,
        ft.FilledButton(
            t.gettext("Start match"),
            icon=ft.Icons.PLAY_ARROW,
            height=56,
            disabled=problem is not None,
            on_click=start,
        ),
        hint=hint,
    )
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to matches"),
        on_click=lambda: navigate("/"),
    )
    return screen(state, route, title, controls, bottom=bottom, leading=back)
