"""Games a user defines: checked from plain data into a Game, and back."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeGuard

from companion.engine.errors import MatchError
from companion.engine.games import (
    CARD_SETS,
    GAMES,
    EndCondition,
    EndKind,
    Game,
    LimitRule,
    Scoring,
)
from companion.engine.match_settings import MAX_CARD_VALUE, MAX_LIMIT, MAX_ROUNDS
from companion.engine.names import name_key

MAX_GAME_NAME = 30
MAX_COPIES = 20
DECK_CHOICES = (1, 2, 3, 4)
SMALLEST_TABLE, LARGEST_TABLE = 2, 10
GAME_ID_CHARS = 40
GAME_ID = re.compile(rf"[a-z0-9][a-z0-9-]{{0,{GAME_ID_CHARS - 1}}}")
"""A user game's id: lower-case letters, digits and dashes, as in a file name."""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_name(name: object, taken: Iterable[str]) -> str:
    if not isinstance(name, str) or not name.strip():
        raise MatchError("game-name-empty")
    name = " ".join(name.split())
    if len(name) > MAX_GAME_NAME:
        raise MatchError("game-name-too-long", name=name, max=MAX_GAME_NAME)
    others = {name_key(g.name_key) for g in GAMES.values()}
    others |= {name_key(other) for other in taken}
    if name_key(name) in others:
        raise MatchError("game-name-taken", name=name)
    return name


def _check_faces(
    data: Mapping[str, Any], name: str
) -> tuple[str, dict[str, int], dict[str, int]]:
    card_set = data.get("card_set", "regular")
    if card_set not in CARD_SETS:
        raise MatchError("unknown-card-set", value=card_set)
    faces = data.get("faces")
    if not isinstance(faces, Mapping) or not faces:
        raise MatchError("game-no-faces")
    offered = CARD_SETS[card_set].cards
    values: dict[str, int] = {}
    copies: dict[str, int] = {}
    for face in offered:
        if face not in faces:
            continue
        entry = faces[face]
        value = entry.get("value") if isinstance(entry, Mapping) else None
        count = entry.get("copies") if isinstance(entry, Mapping) else None
        if not _is_int(value) or not 0 <= value <= MAX_CARD_VALUE:
            raise MatchError(
                "bad-card-value", face=face, value=value, max=MAX_CARD_VALUE
            )
        if not _is_int(count) or not 1 <= count <= MAX_COPIES:
            raise MatchError("bad-copies", face=face, value=count, max=MAX_COPIES)
        values[face], copies[face] = value, count
    for face in faces:
        if face not in offered:
            raise MatchError("unknown-face", face=face, game=name)
    return card_set, values, copies


def _check_end(data: Mapping[str, Any]) -> EndCondition:
    end = data.get("end")
    if not isinstance(end, Mapping):
        raise MatchError("bad-game-definition", reason="end")
    value = end.get("value")
    if end.get("kind") == EndKind.ROUNDS.value:
        if not _is_int(value) or not 1 <= value <= MAX_ROUNDS:
            raise MatchError("bad-rounds", value=value, max=MAX_ROUNDS)
        return EndCondition(EndKind.ROUNDS, value)
    if end.get("kind") != EndKind.LIMIT.value:
        raise MatchError("bad-game-definition", reason="end")
    if not _is_int(value) or not 1 <= value <= MAX_LIMIT:
        raise MatchError("bad-limit", value=value, max=MAX_LIMIT)
    try:
        rule = LimitRule(end.get("rule"))  # type: ignore[arg-type]  # any value: a non-member raises ValueError
    except ValueError:
        raise MatchError("bad-limit-rule", value=end.get("rule")) from None
    return EndCondition(EndKind.LIMIT, value, rule)


def _table_size(count: object) -> int:
    if not _is_int(count) or not SMALLEST_TABLE <= count <= LARGEST_TABLE:
        raise MatchError(
            "player-count", count=count, min=SMALLEST_TABLE, max=LARGEST_TABLE
        )
    return count


def _check_players(data: Mapping[str, Any]) -> tuple[int, int]:
    least = _table_size(data.get("min_players"))
    most = _table_size(data.get("max_players"))
    if least > most:
        raise MatchError("bad-player-range", min=least, max=most)
    return least, most


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise MatchError("bad-game-definition", reason=key)
    return value


def define_game(data: Mapping[str, Any], taken: Iterable[str] = ()) -> Game:
    """A user's game from its definition; MatchError saying what to fix.

    `taken` are the names of the user's other games (the built-ins' are always
    taken). See `game_definition` for the form.
    """
    if not isinstance(data, Mapping):
        raise MatchError("bad-game-definition", reason="not-a-mapping")
    game_id = data.get("id")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise MatchError("bad-game-definition", reason="id")
    if game_id in GAMES:
        raise MatchError("bad-game-definition", reason="id")
    name = _check_name(data.get("name"), taken)
    card_set, values, copies = _check_faces(data, name)
    decks = data.get("decks")
    if not _is_int(decks) or decks not in DECK_CHOICES:
        raise MatchError("bad-decks", value=decks, options=DECK_CHOICES)
    try:
        scoring = Scoring(data.get("scoring"))  # type: ignore[arg-type]  # any value: a non-member raises ValueError
    except ValueError:
        raise MatchError("bad-scoring", value=data.get("scoring")) from None
    least, most = _check_players(data)
    return Game(
        id=game_id,
        name_key=name,
        min_players=least,
        max_players=most,
        players_per_deck=most,
        deck_options=(decks,),
        copies=MappingProxyType(copies),
        values=MappingProxyType(values),
        deal=(),
        scoring=scoring,
        end=_check_end(data),
        card_sets=(card_set,),
        lowest_wins=_flag(data, "lowest_wins"),
        nobody_out=_flag(data, "nobody_out"),
    )


def game_definition(game: Game) -> dict[str, Any]:
    """The JSON-safe definition of a user's game, as `define_game` reads it."""
    return {
        "id": game.id,
        "name": game.name_key,
        "card_set": game.card_sets[0],
        "faces": {
            face: {"value": game.values[face], "copies": game.copies[face]}
            for face in game.faces
        },
        "decks": game.deck_options[0],
        "scoring": game.scoring.value,
        "end": game.end.to_dict(),
        "lowest_wins": game.lowest_total_wins(game.scoring),
        "nobody_out": (
            game.nobody_out if game.nobody_out is not None else game.allows_nobody_out
        ),
        "min_players": game.min_players,
        "max_players": game.max_players,
    }
