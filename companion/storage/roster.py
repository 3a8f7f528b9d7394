"""The player roster and the app's settings, kept in one small document file."""

import copy
import json
from collections.abc import Iterable, Mapping
from typing import Any

from tinydb import Query, TinyDB
from tinydb.table import Document

from companion.engine.errors import MatchError
from companion.engine.games import GAMES
from companion.engine.names import NameBook, check_name, name_key, phone_name
from companion.engine.origins import is_phone_id
from companion.storage import schema
from companion.storage.errors import StoreError
from companion.storage.match_link import site_address
from companion.storage.records import (
    SETTINGS_DEFAULTS,
    PlayerRecord,
    player_document,
    read_player,
)
from companion.storage.storages import DamagedData, put_document

_SETTINGS_ID = 1
_RENAME_ID = 1


def check_settings_document(document: dict[str, Any]) -> None:
    """DamagedData unless a settings document holds only known, plausible settings."""
    for name, value in document.items():
        if name != "schema" and not _valid_setting(name, value):
            raise DamagedData("setting")


def check_pending_document(document: dict[str, Any]) -> None:
    """DamagedData unless a pending-rename document names the old and new name."""
    if not all(isinstance(document.get(key), str) for key in ("old", "new")):
        raise DamagedData("pending")


THEMES = ("system", "light", "dark")


def _is_site_address(text: str) -> bool:
    try:
        return site_address(text) == text
    except StoreError:
        return False


def _valid_setting(name: str, value: object) -> bool:
    if name in ("language", "last_game", "site_address") and value is None:
        return True
    if name == "last_game":
        return value in GAMES
    if name == "language":
        return isinstance(value, str)
    if name == "theme":
        return value in THEMES
    if name == "keep_awake":
        return isinstance(value, bool)
    if name == "site_address":
        return isinstance(value, str) and _is_site_address(value)
    if name == "phone_id":
        return value == "" or is_phone_id(value)
    if name == "phone_name":
        return isinstance(value, str) and phone_name(value) == value
    if name == "house_rules":
        if not isinstance(value, dict):
            return False
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            return False
        return all(game in GAMES and isinstance(v, dict) for game, v in value.items())
    return False


class Roster:
    """Players (by name, some hidden), settings, and an unfinished rename if any."""

    def __init__(self, database: TinyDB) -> None:
        self._players = database.table("players")
        self._settings = database.table("settings")
        self._pending = database.table("pending")

    def players(self) -> list[PlayerRecord]:
        """Every player, in alphabetical order."""
        records = [read_player(document) for document in self._players.all()]
        return sorted(records, key=lambda p: (name_key(p.name), p.name))

    def joined_order(self) -> list[str]:
        """Every player's name, in the order they joined the roster (a rename
        keeps the place): what gives each person a colour of their own."""
        documents = sorted(self._players.all(), key=lambda d: d.doc_id)
        return [read_player(document).name for document in documents]

    def _find(self, name: str) -> Document | None:
        return self._players.get(Query().name == name)

    def _require(self, name: str) -> Document:
        document = self._find(name)
        if document is None:
            raise StoreError("no-such-player", player=name)
        return document

    def _refuse_duplicate(self, name: str, allowed: str | None = None) -> None:
        """StoreError if another player has `name` in any case or width,
        MatchError ("look-alike-name") if one only looks like it."""
        others = NameBook(p.name for p in self.players() if p.name != allowed)
        known = others.find(name)
        if known is None:
            return
        if name_key(known) == name_key(name):
            raise StoreError("duplicate-player", player=name)
        raise MatchError("look-alike-name", name=name, known=known)

    def add(self, name: object) -> PlayerRecord:
        """Put a new player on the roster; MatchError for a bad name."""
        checked = check_name(name)
        self._refuse_duplicate(checked)
        record = PlayerRecord(checked)
        self._players.insert(player_document(record))
        return record

    def include(self, names: Iterable[str]) -> None:
        """Make sure every name (from a match) is on the roster."""
        known = {player.name for player in self.players()}
        missing = [name for name in dict.fromkeys(names) if name not in known]
        if missing:
            documents = [player_document(PlayerRecord(name)) for name in missing]
            self._players.insert_multiple(documents)

    def include_records(self, records: Iterable[PlayerRecord]) -> list[str]:
        """Add the players whose name (in any case) is not known; returns them."""
        known = {name_key(player.name) for player in self.players()}
        added = [r for r in records if name_key(r.name) not in known]
        self.include(record.name for record in added)
        for record in added:
            if record.hidden:
                self.set_hidden(record.name, True)
        return [record.name for record in added]

    def set_hidden(self, name: str, hidden: bool) -> None:
        """Hide a player from the pickers (or show them again)."""
        document = self._require(name)
        self._players.update({"hidden": bool(hidden)}, doc_ids=[document.doc_id])

    def remove(self, name: str) -> None:
        """Take a player off the roster (the caller checks their matches)."""
        self._players.remove(doc_ids=[self._require(name).doc_id])

    def check_rename(self, old: str, new: object) -> str:
        """The checked new name for `old`; StoreError or MatchError if it cannot be."""
        self._require(old)
        checked = check_name(new)
        self._refuse_duplicate(checked, allowed=old)
        return checked

    def begin_rename(self, old: str, new: str) -> None:
        """Note a rename before matches change, so a crash can be finished on open."""
        document = {"schema": schema.SCHEMA_VERSION, "old": old, "new": new}
        put_document(self._pending, document, _RENAME_ID)

    def pending_rename(self) -> tuple[str, str] | None:
        """The rename a crash interrupted, if any."""
        document = self._pending.get(doc_id=_RENAME_ID)
        if document is None:
            return None
        return document["old"], document["new"]

    def finish_rename(self, old: str, new: str) -> None:
        """Give the roster entry its new name and clear the note."""
        document = self._find(old)
        if document is not None and new != old and self._find(new) is not None:
            self._players.remove(doc_ids=[document.doc_id])
        elif document is not None:
            self._players.update({"name": new}, doc_ids=[document.doc_id])
        self._pending.truncate()

    def settings(self) -> dict[str, Any]:
        """Every setting: the user's choices over the defaults."""
        stored: Mapping[str, Any] = self._settings.get(doc_id=_SETTINGS_ID) or {}
        values = {**SETTINGS_DEFAULTS, **stored}
        values.pop("schema", None)
        return copy.deepcopy(values)

    def update_settings(self, changes: dict[str, Any]) -> None:
        """Change some settings; StoreError for an unknown or unusable one."""
        for name, value in changes.items():
            if name not in SETTINGS_DEFAULTS:
                raise StoreError("unknown-setting", name=name)
            if not _valid_setting(name, value):
                raise StoreError("bad-setting", name=name)
        document = {**self.settings(), **changes, "schema": schema.SCHEMA_VERSION}
        put_document(self._settings, document, _SETTINGS_ID)
