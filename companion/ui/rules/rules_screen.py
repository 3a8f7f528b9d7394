"""Rules: the reminders of the game at hand (or any game), and a search in them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast
from urllib.parse import parse_qs, urlencode

import flet as ft

from companion.engine.games import GAMES, Game, get_card_set
from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.round_link import round_to_return_to
from companion.ui.frame.route_query import RouteQuery, use_route_query
from companion.ui.frame.shell import (
    choices,
    icon_button,
    navigate,
    screen,
    section_title,
)
from companion.ui.frame.state import AppState, use_app
from companion.ui.rules.rule_answers import Scope, answers
from companion.words.i18n import Translator
from companion.words.rule_search import named_in, search_rules
from companion.words.rules import (
    Reminder,
    match_reminders,
    own_game_reminders,
    reminders,
)

MAX_QUERY = 200
"""The longest query searched: a question, not a pasted page."""

CARD_CORNERS = ft.RoundedRectangleBorder(radius=12)
"""A reminder card's corners, which its tile's dividers and ink keep inside."""


def _reminder_tile(reminder: Reminder, expanded: bool) -> ft.Control:
    return ft.Card(
        shape=CARD_CORNERS,
        clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        content=ft.ExpansionTile(
            title=ft.Text(reminder.title, weight=ft.FontWeight.W_600),
            expanded=expanded,
            shape=CARD_CORNERS,
            collapsed_shape=CARD_CORNERS,
            min_tile_height=56,
            controls_padding=ft.Padding.symmetric(horizontal=16, vertical=8),
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            controls=[
                ft.Markdown(
                    reminder.body,
                    extension_set=ft.MarkdownExtensionSet.GITHUB_WEB,
                )
            ],
        ),
    )


def game_to_open(state: AppState, asked: str | None, own: list[Game]) -> str:
    """The game the route asks for; else the one this session chose last (a
    match started, a game picked or named here); else the table's last."""
    known = set(GAMES) | {game.id for game in own}
    for game_id in (asked, state.game_chosen_last):
        if game_id in known:
            return str(game_id)
    last: str = state.store.settings().get("last_game") or ""
    return last if last in GAMES else "crazy-eights"


def _match_in_progress(state: AppState, game_id: str) -> Match | None:
    """The newest match of `game_id` still being played, whose house rules
    the reminders then show."""
    for summary in state.store.list_matches():
        if summary.finished is None and summary.game_id == game_id:
            return state.load_match(summary.id)
    return None


def _game_picker(
    t: Translator,
    state: AppState,
    shown: tuple[str, list[Game]],
    query: str,
    search_again: Callable[[str], None],
) -> ft.Control:
    game_id, own = shown

    def pick(picked: str) -> None:
        state.choose_game(picked)
        # A search goes along to the game picked next, without the name of the
        # game it named: here (the route of the same game is this View) and in
        # the route (another game's route is a View of its own).
        searched = query[:MAX_QUERY]
        naming = named_in(searched, state.lang)
        asked = naming.unnamed if naming.game_id else searched
        search_again(asked)
        along = f"?{urlencode({'q': asked})}" if asked.strip() else ""
        navigate(f"/rules/{picked}{along}")

    return choices(
        [(g, fmt.game_name(t, g)) for g in GAMES]
        + [(g.id, fmt.game_name(t, g)) for g in own],
        game_id,
        pick,
    )


def query_asked(route: RouteQuery) -> str:
    """The search a route brings along (``/rules/uno?q=joker``), at most MAX_QUERY."""
    # The route is the client's to set (forgeable): it only fills this session's
    # search field, cut to MAX_QUERY.
    asked = parse_qs(route.search).get("q", [""])
    return str(asked[0])[:MAX_QUERY]


def _search_field(
    t: Translator, query: str, set_query: Callable[[str], None]
) -> ft.Control:
    # Room above the field for its label, which floats up over the border when
    # the field has text or focus (the scrolling column clipped it).
    return ft.Container(
        padding=ft.Padding.only(top=8),
        content=ft.TextField(
            label=t.gettext("Search the rules"),
            prefix_icon=ft.Icons.SEARCH,
            value=query,
            # The client's text (forgeable): a str or dropped
            # (serving/client_patches.py); it only filters what this session reads.
            on_change=lambda e: set_query(str(e.control.value or "")),
        ),
    )


@dataclass(frozen=True)
class _Shown:
    """The game whose reminders are shown, as its cards read."""

    game_id: str
    game: Game
    match: Match | None
    """The match in progress whose house rules the cards show, if any."""
    card_set: str
    cards: list[Reminder]


def _shown(
    state: AppState, game_id: str, own_games: list[Game], chosen_cards: str | None
) -> _Shown:
    """The game's cards: with the house rules of its match in progress, with
    the cards chosen to play it with, as a user's game defines them."""
    match = _match_in_progress(state, game_id)
    # A match keeps the definition it is played by; else the stored one.
    stored = {g.id: g for g in own_games}
    game = match.game if match is not None else GAMES.get(game_id)
    game = game or stored.get(game_id)
    if game is None:
        game_id, game = "crazy-eights", GAMES["crazy-eights"]
    own = match.settings.card_set if match is not None else game.card_sets[0]
    card_set = chosen_cards if chosen_cards in game.card_sets else own
    if match is not None and card_set != own:
        match = None
    if match is not None:
        cards = match_reminders(match, state.lang)
    elif game_id in GAMES:
        cards = reminders(game_id, state.lang, cards=get_card_set(card_set))
    else:
        cards = own_game_reminders(game, state.lang)
    return _Shown(game_id, game, match, card_set, cards)


def _reminders(
    t: Translator, shown: _Shown, set_cards: Callable[[str], None]
) -> list[ft.Control]:
    """The cards to play with (where there is a choice), and the reminders."""
    controls: list[ft.Control] = []
    if len(shown.game.card_sets) > 1:
        controls.append(
            choices(
                [
                    (c, fmt.card_set_label(t, get_card_set(c)))
                    for c in shown.game.card_sets
                ],
                shown.card_set,
                set_cards,
            )
        )
    if shown.match is not None:
        controls.append(ft.Text(t.gettext("With the house rules of your match.")))
    controls.append(section_title(fmt.game_name(t, shown.game)))
    controls.extend(
        _reminder_tile(card, index == 0) for index, card in enumerate(shown.cards)
    )
    return controls


@ft.component
@guarded_screen
def RulesScreen() -> ft.View:
    """Shows one game's reminders, or the answers to a search in them."""
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown game falls
    # back to the one chosen last.
    asked = ft.use_route_params().get("game")
    route_query = use_route_query()
    # Opened from a round (frame/round_link.py): the way back to it.
    round_left = round_to_return_to(route_query)
    # Typed here: mypy cannot solve use_state's `T | Callable[[], T]` for a lambda.
    query_state: tuple[str, Callable[[str], None]] = ft.use_state(
        lambda: query_asked(route_query)
    )
    query, set_query = query_state
    named_before, set_named_before = ft.use_state(cast(str | None, None))
    every_game, set_every_game = ft.use_state(False)
    chosen_cards, set_cards = ft.use_state(cast(str | None, None))
    own_games = state.store.own_games()
    searched = query[:MAX_QUERY]
    # A game the search names by any of its names is the game shown: its chip
    # is the one selected, and stays so when the search is cleared.
    named = named_in(searched, state.lang).game_id if searched.strip() else None
    game_id = named or named_before or game_to_open(state, asked, own_games)

    def search(text: str) -> None:
        set_query(text)
        naming = named_in(text[:MAX_QUERY], state.lang)
        if naming.game_id is not None:
            state.choose_game(naming.game_id)
            set_named_before(naming.game_id)

    def search_again(text: str) -> None:
        """A game picked: its search, the game named before forgotten."""
        set_query(text)
        set_named_before(None)

    shown = _shown(state, game_id, own_games, chosen_cards)
    game_id, game, cards = shown.game_id, shown.game, shown.cards
    controls: list[ft.Control | None] = [
        _game_picker(t, state, (game_id, own_games), query, search_again),
        _search_field(t, query, search),
    ]
    found = None
    if searched.strip():
        found = search_rules(
            searched, state.lang, game_id, every_game=every_game, shown=cards
        )
    if found is not None and not found.names_only:

        def name_of(found_id: str) -> str:
            return fmt.game_name(t, game if found_id == game_id else found_id)

        scope = Scope(game_id, every_game, set_every_game, name_of)
        controls.extend(answers(t, found, scope))
    else:
        controls.extend(_reminders(t, shown, set_cards))
    route = f"/rules/{asked}" if asked else "/rules"
    back = None
    if round_left is not None:
        back = icon_button(
            icon=ft.Icons.ARROW_BACK,
            tooltip=t.gettext("Back to the round"),
            on_click=lambda: navigate(round_left),
        )
    return screen(state, route, t.gettext("Rules"), controls, nav=1, leading=back)
