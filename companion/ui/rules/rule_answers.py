"""The answers of a rule search: where it looked, and each passage that answers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.ui.frame.shell import labelled, navigate
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator
from companion.words.rule_search import Piece, RuleHit, RuleSearch

NEW_MATCH_HOUSE_RULES = "/new?game={game}#house-rules"
"""Where New match sets a game's scoring, values and end: the route, the game
picked, and its house rules section named for New match to scroll to."""


def _span(piece: Piece) -> ft.TextSpan:
    if piece.marked:
        style = ft.TextStyle(
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.ON_TERTIARY_CONTAINER,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
        )
    elif piece.bold:
        style = ft.TextStyle(weight=ft.FontWeight.W_600)
    else:
        style = None
    return ft.TextSpan(piece.text, style=style)


@dataclass(frozen=True)
class Scope:
    """Where a search looks: the game picked, or every game (one tap away)."""

    picked: str
    every_game: bool
    set_every_game: Callable[[bool], None]
    name_of: Callable[[str], str]
    """A game's name by its id (a user's own game by its own name)."""


def _new_match_button(t: Translator, hit: RuleHit, scope: Scope) -> ft.Control:
    game = hit.passage.game_id

    def go(_: object = None) -> None:
        navigate(NEW_MATCH_HOUSE_RULES.format(game=game))

    return ft.Row(
        [
            labelled(
                t.gettext("Set the house rules of %(game)s on New match")
                % {"game": scope.name_of(game)},
                ft.TextButton(
                    t.gettext("Set on New match"),
                    icon=ft.Icons.TUNE,
                    height=TARGET,
                    on_click=go,
                ),
                go,
            )
        ]
    )


def answer_card(t: Translator, hit: RuleHit, scope: Scope) -> ft.Control:
    """One passage that answers, its matched words marked, where it is from
    above it (the game too when every game was searched, or another game
    answered)."""
    passage = hit.passage
    where = passage.section_title
    if scope.every_game or passage.game_id != scope.picked:
        # Two names side by side, as format.py sets a round's parts apart.
        where = " · ".join((scope.name_of(passage.game_id), passage.section_title))
    marked: dict[str, str] = {}
    for piece in hit.pieces:
        if piece.marked:
            marked.setdefault(piece.text.casefold(), piece.text)
    text = "".join(piece.text for piece in hit.pieces)
    # A screen reader cannot see the marks: the label names the matched words.
    label = t.gettext("%(where)s: %(text)s Matched words: %(words)s") % {
        "where": where,
        "text": text,
        "words": t.join(marked.values()),
    }
    column: list[ft.Control] = [
        ft.Text(where, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(spans=[_span(piece) for piece in hit.pieces], selectable=False),
    ]
    body = ft.Semantics(
        label=label,
        container=True,
        exclude_semantics=True,
        content=ft.Column(column, spacing=6, tight=True),
    )
    content: list[ft.Control] = [body]
    if hit.set_on_new_match:
        content.append(_new_match_button(t, hit, scope))
    return ft.Container(
        padding=ft.Padding.all(12),
        border_radius=12,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(content, spacing=4, tight=True),
    )


def scope_bar(t: Translator, scope: Scope, found: RuleSearch) -> ft.Control:
    """Which game the answers are from (another, when the one searched does
    not say), and the one tap that widens or narrows it."""
    name = scope.name_of(scope.picked)
    searched = found.game_id
    set_every_game = scope.set_every_game
    if scope.every_game:
        where = t.gettext("Answers from all games")
        button = ft.OutlinedButton(
            t.gettext("Only %(game)s") % {"game": name},
            icon=ft.Icons.FILTER_ALT_OUTLINED,
            height=TARGET,
            on_click=lambda _: set_every_game(False),
        )
    else:
        where = t.gettext("Answers from %(game)s") % {
            "game": scope.name_of(searched or scope.picked)
        }
        if found.answered_by is not None:
            # TRANSLATORS: %(where)s is the other game whose rules answer.
            where = t.gettext(
                "The rules of %(game)s do not say. Answers from %(where)s"
            ) % {
                "game": scope.name_of(searched or scope.picked),
                "where": scope.name_of(found.answered_by),
            }
        button = ft.OutlinedButton(
            t.gettext("Search all games"),
            icon=ft.Icons.TRAVEL_EXPLORE,
            height=TARGET,
            on_click=lambda _: set_every_game(True),
        )
    return ft.Row(
        [ft.Text(where, expand=True, weight=ft.FontWeight.W_600), button],
        wrap=False,
    )


def answers(t: Translator, found: RuleSearch, scope: Scope) -> list[ft.Control]:
    """Where the search looked, and the answers, best first."""
    controls: list[ft.Control] = [scope_bar(t, scope, found)]
    if not found.hits:
        controls.append(ft.Text(t.gettext("Nothing in the rules matches that.")))
    controls.extend(answer_card(t, hit, scope) for hit in found.hits)
    return controls
