"""The checks a document file passes on loading: schema version, then shape."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.storage import schema
from companion.storage.own_games import read_own_game
from companion.storage.records import read_player, read_summary, stored_match
from companion.storage.roster import check_pending_document, check_settings_document
from companion.storage.storages import Check, DamagedData, Tables

MATCH_TABLE = "match"
"""The table of a match file: exactly one document, the match."""

_VALIDATORS: dict[str, Callable[[dict[str, Any]], object]] = {
    MATCH_TABLE: stored_match,
    "matches": read_summary,
    "players": read_player,
    "settings": check_settings_document,
    "pending": check_pending_document,
    "games": read_own_game,
}


def make_check(kind: str, on_migrated: Callable[[int], None]) -> Check:
    """The check for files of `kind`: upgrades documents, DamagedData if unusable."""

    def check(tables: Tables, path: Path) -> Tables:
        tables = schema.upgrade_tables(tables, path, on_migrated)
        if kind == "matches" and len(tables.get(MATCH_TABLE, {})) != 1:
            raise DamagedData("no-match")
        for name, table in tables.items():
            validate = _VALIDATORS.get(name)
            if validate is not None:
                for document in table.values():
                    validate(document)
        return tables

    return check
