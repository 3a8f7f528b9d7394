"""The own-game screen's game as typed, and its Save and Delete, through the gate."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.games import Game
from companion.storage import StoreError
from companion.ui.frame.shell import navigate
from companion.ui.frame.state import AppState
from companion.ui.new_match import kept_draft
from companion.ui.new_match.own_game_draft import OwnGameDraft
from companion.words.messages import error_message

Update = Callable[[Callable[[OwnGameDraft], OwnGameDraft]], None]
"""How a change is made to the game as typed."""


def delete_game(
    state: AppState, game_id: str, anyway: bool, ask: Callable[[str | None], None]
) -> None:
    """Delete the game through the gate, asked as the tap comes (the host's to
    do); matches played by it make it ask first, unless `anyway`."""
    outcome = state.writes.delete_own_game(game_id, even_if_played=anyway)
    if isinstance(outcome, StoreError):
        ask(error_message(state.t, outcome))
    elif outcome:
        navigate("/new")


def save_game(state: AppState, draft: OwnGameDraft) -> None:
    """Save the game through the gate, asked as the tap comes (a new game:
    whoever may start a match; a stored one changed: the host)."""
    try:
        definition = draft.definition()
    except MatchError as error:
        state.report(error)
        return
    game = state.writes.save_own_game(definition)
    if game is not None:
        # New match comes back with the game just saved chosen.
        kept_draft.choose_saved(game)
        navigate("/new")


Held = tuple[str | None, OwnGameDraft, str | None]
"""(the route's game id, the game as typed, the question Delete asked)."""


def use_draft(
    game_id: str | None, game: Game | None
) -> tuple[OwnGameDraft, str | None, Update, Callable[[str | None], None]]:
    """The game as typed on this screen and Delete's question, with their setters.

    One screen serves every /games/<id>: what it holds is for the game it was
    opened on, and another address starts afresh (else "new" would be saved
    over the game edited before, or another game deleted "anyway").
    """

    def start() -> OwnGameDraft:
        return OwnGameDraft.from_game(game) if game else OwnGameDraft()

    def mine(held: Held) -> tuple[OwnGameDraft, str | None]:
        return (held[1], held[2]) if held[0] == game_id else (start(), None)

    first: Held = (game_id, start(), None)
    held_state: tuple[Held, Callable[[Callable[[Held], Held]], None]] = ft.use_state(
        first
    )
    held, set_held = held_state

    def set_draft(change: Callable[[OwnGameDraft], OwnGameDraft]) -> None:
        def changed(held: Held) -> Held:
            draft, asked = mine(held)
            return game_id, change(draft), asked

        set_held(changed)

    def set_asked(question: str | None) -> None:
        set_held(lambda held: (game_id, mine(held)[0], question))

    return *mine(held), set_draft, set_asked
