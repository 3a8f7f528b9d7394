"""The user's own games: one document each, checked by the engine on every read."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from tinydb import Query, TinyDB

from companion.engine.errors import MatchError
from companion.engine.game_definitions import define_game, game_definition
from companion.engine.games import Game
from companion.engine.names import name_key
from companion.storage import schema
from companion.storage.storages import DamagedData


def read_own_game(document: dict[str, Any]) -> Game:
    """The game a stored document defines; DamagedData if it no longer checks."""
    try:
        return define_game(document["definition"])
    except (MatchError, KeyError, TypeError) as error:
        raise DamagedData("own-game") from error


def own_game_document(game: Game) -> dict[str, Any]:
    """The document an own game is stored as."""
    return {"schema": schema.SCHEMA_VERSION, "definition": game_definition(game)}


def new_game_id() -> str:
    """A fresh id for a user's game, apart from every built-in's."""
    return f"own-{secrets.token_hex(4)}"


class OwnGames:
    """The table of the user's games, by id; names are unique among all games."""

    def __init__(self, database: TinyDB) -> None:
        self._games = database.table("games")

    def all(self) -> list[Game]:
        """Every own game, by name."""
        games = [read_own_game(document) for document in self._games.all()]
        return sorted(games, key=lambda game: name_key(game.name_key))

    def get(self, game_id: str) -> Game | None:
        """The own game with this id, if there is one."""
        return next((g for g in self.all() if g.id == game_id), None)

    def check(self, data: Mapping[str, Any]) -> Game:
        """The game `data` defines (a new id if it has none), checked against the
        names of the other own games; MatchError and nothing changed if bad."""
        data = {**data, "id": data.get("id") or new_game_id()}
        others = [g.name_key for g in self.all() if g.id != data["id"]]
        return define_game(data, taken=others)

    def put(self, game: Game) -> None:
        """Store a checked game, replacing the one with its id."""
        found = Query().definition.id == game.id
        if self._games.search(found):
            self._games.update(own_game_document(game), found)
        else:
            self._games.insert(own_game_document(game))

    def remove(self, game_id: str) -> None:
        """Forget an own game (matches keep their copy of it)."""
        self._games.remove(Query().definition.id == game_id)
