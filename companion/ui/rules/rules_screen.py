"""Rules: the reminders of the game at hand (or any game), and a search in them."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlencode, urlparse

import flet as ft

from companion.engine.games import GAMES, Game, get_card_set
from companion.ui.frame import format as fmt
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.round_link import round_to_return_to
from companion.ui.frame.route_query import use_route_query
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
from companion.words.rule_search import search_rules
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


def _current_game(state: AppState) -> tuple[str, str | None]:
    """The game of the newest match in progress (and its id), else the last played."""
    for summary in state.store.list_matches():
        if summary.finished is None:
            return summary.game_id, summary.id
    last = state.store.settings().get("last_game")
    return (last if last in GAMES else "crazy-eights"), None


def _game_picker(
    t: Translator, game_id: str, own: list[Game], query: str
) -> ft.Control:
    # A search goes along to the game picked next (each route is its own View).
    along = f"?{urlencode({'q': query})}" if query.strip() else ""
    return choices(
        [(g, fmt.game_name(t, g)) for g in GAMES]
        + [(g.id, fmt.game_name(t, g)) for g in own],
        game_id,
        lambda g: navigate(f"/rules/{g}{along}"),
    )


def _query_asked() -> str:
    """The search a route brings along (``/rules/uno?q=joker``), at most MAX_QUERY."""
    # The route is the client's to set (forgeable): it only fills this session's
    # search field, cut to MAX_QUERY.
    asked = parse_qs(urlparse(str(ft.context.page.route or "")).query).get("q", [""])
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


@ft.component
@guarded_screen
def RulesScreen() -> ft.View:
    """Shows one game's reminders, or the answers to a search in them."""
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown game falls
    # back to the table's own.
    asked = ft.use_route_params().get("game")
    query, set_query = ft.use_state(_query_asked)
    every_game, set_every_game = ft.use_state(False)
    chosen_cards, set_cards = ft.use_state(None)
    # Opened from a round (frame/round_link.py): the way back to it.
    round_left = round_to_return_to(use_route_query())
    game_id, match_id = _current_game(state)
    own_games = state.store.own_games()
    if asked in GAMES or asked in {g.id for g in own_games}:
        game_id, match_id = asked, (match_id if asked == game_id else None)
    match = state.load_match(match_id) if match_id else None
    if match is not None and match.game_id != game_id:
        match = None
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
    controls: list[ft.Control | None] = [
        _game_picker(t, game_id, own_games, query),
        _search_field(t, query, set_query),
    ]
    if query.strip():

        def show_game(named: str) -> None:
            set_query("")
            navigate(f"/rules/{named}")

        def name_of(found_id: str) -> str:
            return fmt.game_name(t, game if found_id == game_id else found_id)

        found = search_rules(
            query[:MAX_QUERY],
            state.lang,
            game_id,
            every_game=every_game,
            shown=cards,
        )
        controls.extend(
            answers(
                t,
                found,
                Scope(game_id, every_game, set_every_game, name_of),
                show_game,
            )
        )
    else:
        if len(game.card_sets) > 1:
            controls.append(
                choices(
                    [
                        (c, fmt.card_set_label(t, get_card_set(c)))
                        for c in game.card_sets
                    ],
                    card_set,
                    set_cards,
                )
            )
        if match is not None:
            controls.append(ft.Text(t.gettext("With the house rules of your match.")))
        controls.append(section_title(fmt.game_name(t, game)))
        controls.extend(
            _reminder_tile(card, index == 0) for index, card in enumerate(cards)
        )
    route = f"/rules/{asked}" if asked else "/rules"
    back = None
    if round_left is not None:
        back = icon_button(
            icon=ft.Icons.ARROW_BACK,
            tooltip=t.gettext("Back to the round"),
            on_click=lambda: navigate(round_left),
        )
    return screen(state, route, t.gettext("Rules"), controls, nav=1, leading=back)
