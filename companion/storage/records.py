"""What the store hands out and keeps: records, and the documents behind them."""

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.storage import schema
from companion.storage.match_facts import (
    MatchFacts,
    facts_document,
    facts_of,
    read_facts,
)
from companion.storage.storages import DamagedData

MATCH_ID = re.compile(r"^[0-9a-f]{8,32}$")

SETTINGS_DEFAULTS: dict[str, Any] = {
    "language": None,
    "theme": "system",
    "last_game": None,
    "house_rules": {},
    "keep_awake": True,
    # The phone-alone site's address, for the served app's hand-over codes.
    "site_address": None,
    # Whose phone this is (engine/names.py's rules), "" for nobody's: what a
    # phone it follows shows for it, and the rounds it records say.
    "phone_name": "",
    # This store's phone, as the rounds it records say (engine/origins.py):
    # made the first time a round is recorded, never taken from an import.
    "phone_id": "",
}
"""Every setting with its value before the user chooses one."""


@dataclass(frozen=True)
class MatchSummary:
    """One line of the matches list, known without opening the match file."""

    id: str
    game_id: str
    players: tuple[str, ...]
    created: datetime
    finished: datetime | None
    winners: tuple[str, ...]
    round_count: int
    # None only for an entry written before the stats: such entries are rebuilt.
    facts: MatchFacts | None = None


@dataclass(frozen=True)
class PlayerRecord:
    """A player on the roster; hidden players stay in their matches."""

    name: str
    hidden: bool = False


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: the engine's match plus when it was created and finished."""

    id: str
    created: datetime
    finished: datetime | None
    match: Match


def new_match_id() -> str:
    """A fresh random match id (12 hex digits)."""
    return secrets.token_hex(6)


def now() -> datetime:
    """The current time, aware and in UTC."""
    return datetime.now(UTC)


def format_time(moment: datetime | None) -> str | None:
    """A time as stored: ISO 8601 in UTC."""
    return None if moment is None else moment.astimezone(UTC).isoformat()


def parse_time(text: object) -> datetime:
    """A stored time back as an aware datetime; DamagedData if it is not one."""
    if not isinstance(text, str):
        raise DamagedData("time")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise DamagedData("time") from error
    if moment.tzinfo is None:
        raise DamagedData("time")
    return moment


def parse_optional_time(text: object) -> datetime | None:
    """Like parse_time, but None stays None."""
    return None if text is None else parse_time(text)


def finished_time(match: Match, before: datetime | None) -> datetime | None:
    """When the match finished: kept from before, now if it just ended, else None."""
    if not match.is_over:
        return None
    return before or now()


def match_document(stored: StoredMatch) -> dict[str, Any]:
    """The document a match file holds."""
    return {
        "schema": schema.SCHEMA_VERSION,
        "id": stored.id,
        "created": format_time(stored.created),
        "finished": format_time(stored.finished),
        "match": stored.match.to_dict(),
    }


def stored_match(document: dict[str, Any]) -> StoredMatch:
    """The match a (current-version) match document holds; DamagedData if bad."""
    try:
        match = Match.from_dict(document["match"], stored=True)
        match_id = document["id"]
    except (MatchError, KeyError, TypeError) as error:
        raise DamagedData("match") from error
    if not isinstance(match_id, str) or not MATCH_ID.match(match_id):
        raise DamagedData("match-id")
    return StoredMatch(
        match_id,
        parse_time(document.get("created")),
        parse_optional_time(document.get("finished")),
        match,
    )


def summary_of(stored: StoredMatch) -> MatchSummary:
    """The matches-list line for a stored match."""
    match = stored.match
    return MatchSummary(
        id=stored.id,
        game_id=match.game_id,
        players=match.players,
        created=stored.created,
        finished=stored.finished,
        winners=tuple(match.winners),
        round_count=len(match.rounds),
        facts=facts_of(match),
    )


def summary_document(summary: MatchSummary, revision: int) -> dict[str, Any]:
    """The index document for a match, with the revision of the file it describes."""
    return {
        "schema": schema.SCHEMA_VERSION,
        "id": summary.id,
        "revision": revision,
        "game": summary.game_id,
        "players": list(summary.players),
        "created": format_time(summary.created),
        "finished": format_time(summary.finished),
        "winners": list(summary.winners),
        "rounds": summary.round_count,
        "facts": None if summary.facts is None else facts_document(summary.facts),
    }


def _strings(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DamagedData("names")
    return tuple(value)


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DamagedData("count")
    return value


def read_summary(document: dict[str, Any]) -> tuple[MatchSummary, int]:
    """A summary and file revision from an index document; DamagedData if bad."""
    match_id = document.get("id")
    game_id = document.get("game")
    if not isinstance(match_id, str) or not MATCH_ID.match(match_id):
        raise DamagedData("match-id")
    if not isinstance(game_id, str):
        raise DamagedData("game")
    players = _strings(document.get("players"))
    summary = MatchSummary(
        id=match_id,
        game_id=game_id,
        players=players,
        created=parse_time(document.get("created")),
        finished=parse_optional_time(document.get("finished")),
        winners=_strings(document.get("winners")),
        round_count=_count(document.get("rounds")),
        facts=read_facts(document.get("facts"), len(players)),
    )
    return summary, _count(document.get("revision"))


def read_player(document: dict[str, Any]) -> PlayerRecord:
    """A roster entry from its document; DamagedData if bad."""
    name, hidden = document.get("name"), document.get("hidden")
    if not isinstance(name, str) or not isinstance(hidden, bool):
        raise DamagedData("player")
    return PlayerRecord(name, hidden)


def player_document(player: PlayerRecord) -> dict[str, Any]:
    """The roster document for a player."""
    return {
        "schema": schema.SCHEMA_VERSION,
        "name": player.name,
        "hidden": player.hidden,
    }
