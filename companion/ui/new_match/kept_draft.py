"""The match being set up, kept per session while its game of their own is defined."""

from __future__ import annotations

import weakref
from collections.abc import Callable

import flet as ft

from companion.engine.games import Game
from companion.ui.new_match.match_draft import MatchDraft

_KEPT: weakref.WeakKeyDictionary[object, MatchDraft] = weakref.WeakKeyDictionary()
"""Per browser session (gone with it): New match unmounts while "Your own game"
is shown, and the players seated so far must be there when it comes back."""


def _session() -> object:
    return ft.context.page.session


def keep(draft: MatchDraft) -> None:
    """Hold `draft` until New match is shown again in this session."""
    _KEPT[_session()] = draft


def choose_saved(game: Game) -> None:
    """A game just saved becomes the kept draft's game (a fresh one if none)."""
    session = _session()
    _KEPT[session] = _KEPT.get(session, MatchDraft()).choose_own_game(game)


def take(
    own_games: list[Game], instead: Callable[[MatchDraft], MatchDraft]
) -> MatchDraft | None:
    """The kept draft, once, with its game of their own as now stored.

    A game deleted since gives way to the draft `instead` makes of it (another
    game, the players kept).
    """
    draft = _KEPT.pop(_session(), None)
    if draft is None or draft.definition is None:
        return draft
    stored = {game.id: game for game in own_games}.get(draft.game_id)
    if stored is None:
        return instead(draft)
    return draft if stored == draft.definition else draft.choose_own_game(stored)
