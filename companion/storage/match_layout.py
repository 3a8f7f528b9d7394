"""A stored match as compact bytes (varints, no keys) and back, for a match code.

The tables below give each name its number in the layout: append to them,
never reorder, or older codes read wrong. What the bytes say is not checked
here beyond their shape: the engine checks the match they describe
(Match.from_dict), so a code can never hold a match the app would refuse.

Layout, in order (every number a varint):
  match id as hex digits (count, then packed two a byte); created and finished
  (seconds since 1970 UTC, finished + 1 or 0 for none);
  game: 0 for an own game followed by its definition, else 1 + its index;
  settings: scoring, end, the card values that differ from the game's, decks,
  card set, extra wilds; players (count, names); first dealer's seat; ended early;
  the number of rounds; from version 2, where each round came from
  (origin_layout.py); then the rounds as bits to the end (round_bits.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.game_definitions import (
    GAME_ID_CHARS,
    MAX_GAME_NAME,
    game_definition,
)
from companion.engine.games import FACES, JOKERS, Game
from companion.engine.match import MAX_MATCH_ROUNDS, Match
from companion.engine.names import MAX_NAME_BYTES
from companion.engine.origins import origins_to_dict
from companion.storage.errors import StoreError
from companion.storage.layout_bytes import (
    LayoutError,
    LayoutReader,
    LayoutWriter,
    TextTooLong,
)
from companion.storage.origin_layout import read_origins, write_origins
from companion.storage.records import StoredMatch
from companion.storage.round_bits import read_rounds, write_rounds

ORIGINS_SINCE = 2
"""The first version of the code whose layout says where rounds came from."""

BUILT_IN_GAMES = ("crazy-eights", "vandatta", "uno")
CARD_SETS = ("regular", "uno-cards")
ALL_FACES = (*FACES, *JOKERS)
"""Every face any card set maps to: a face is its index here (4 bits)."""
SCORINGS = ("penalty", "winner-collects")
END_KINDS = ("limit", "rounds")
LIMIT_RULES = ("exceeds", "reaches")
MAX_SEATS = 255
"""Names read before the engine sees the table: far past any (it allows 10)."""
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
LATEST_SECOND = 32_503_679_999
"""The last second of the year 2999: a later time, shown in a time zone ahead
of UTC, would pass the year 9999 that a datetime ends at."""


def _seconds(moment: datetime) -> int:
    # Whole seconds: a time's fraction says nothing to the table. A clock set
    # before 1970 is written as 1970.
    return max(0, int((moment - EPOCH).total_seconds()))


def _moment(seconds: int) -> datetime:
    # By arithmetic, not the C library's gmtime: the same in Pyodide's wasm.
    return EPOCH + timedelta(seconds=seconds)


def _faces_mask(faces: Mapping[str, object]) -> int:
    return sum(1 << ALL_FACES.index(face) for face in faces)


def _masked_faces(reader: LayoutReader) -> list[str]:
    mask = reader.uint(2 ** len(ALL_FACES) - 1)
    return [face for bit, face in enumerate(ALL_FACES) if mask >> bit & 1]


def _write_end(out: LayoutWriter, end: Mapping[str, Any]) -> None:
    out.uint(END_KINDS.index(end["kind"]))
    out.uint(end["value"])
    if end["kind"] == "limit":
        out.uint(LIMIT_RULES.index(end["rule"]))


def _read_end(reader: LayoutReader) -> dict[str, object]:
    kind = reader.choice(END_KINDS)
    end: dict[str, object] = {"kind": kind, "value": reader.uint()}
    if kind == "limit":
        end["rule"] = reader.choice(LIMIT_RULES)
    return end


def _write_definition(out: LayoutWriter, game: Game) -> None:
    data = game_definition(game)
    out.text(data["id"])
    out.text(data["name"])
    out.uint(CARD_SETS.index(data["card_set"]))
    faces = data["faces"]
    out.uint(_faces_mask(faces))
    for face in ALL_FACES:
        if face in faces:
            out.uint(faces[face]["value"])
            out.uint(faces[face]["copies"])
    out.uint(data["decks"])
    out.uint(SCORINGS.index(data["scoring"]))
    _write_end(out, data["end"])
    out.uint(data["lowest_wins"] | data["nobody_out"] << 1)
    out.uint(data["min_players"])
    out.uint(data["max_players"])


def _read_definition(reader: LayoutReader) -> dict[str, Any]:
    # A game's id is ASCII, its name 30 characters of at most 4 bytes each.
    data: dict[str, Any] = {"id": reader.text(GAME_ID_CHARS)}
    data["name"] = reader.text(4 * MAX_GAME_NAME)
    data["card_set"] = reader.choice(CARD_SETS)
    data["faces"] = {
        face: {"value": reader.uint(), "copies": reader.uint()}
        for face in _masked_faces(reader)
    }
    data["decks"] = reader.uint()
    data["scoring"] = reader.choice(SCORINGS)
    data["end"] = _read_end(reader)
    flags = reader.uint(3)
    data["lowest_wins"], data["nobody_out"] = bool(flags & 1), bool(flags & 2)
    data["min_players"] = reader.uint()
    data["max_players"] = reader.uint()
    return data


def _write_settings(out: LayoutWriter, match: Match) -> None:
    settings, game = match.settings, match.game
    out.uint(SCORINGS.index(settings.scoring.value))
    _write_end(out, settings.end.to_dict())
    changed = {f: v for f, v in settings.values.items() if game.values[f] != v}
    out.uint(_faces_mask(changed))
    for face in ALL_FACES:
        if face in changed:
            out.uint(changed[face])
    out.uint(settings.decks)
    out.uint(CARD_SETS.index(settings.card_set))
    out.uint(settings.extra_wilds)


def _read_settings(reader: LayoutReader) -> dict[str, Any]:
    settings: dict[str, Any] = {"scoring": reader.choice(SCORINGS)}
    settings["end"] = _read_end(reader)
    settings["values"] = {face: reader.uint() for face in _masked_faces(reader)}
    settings["decks"] = reader.uint()
    settings["card_set"] = reader.choice(CARD_SETS)
    settings["extra_wilds"] = reader.uint()
    return settings


def write_layout(stored: StoredMatch, version: int) -> bytes:
    """The layout of a stored match in a code of `version` (see the module's
    docstring)."""
    out, match = LayoutWriter(), stored.match
    out.uint(len(stored.id))
    out.raw(bytes.fromhex(stored.id + "0" * (len(stored.id) % 2)))
    created = _seconds(stored.created)
    out.uint(created)
    out.uint(0 if stored.finished is None else _seconds(stored.finished) + 1)
    if match.definition is not None:
        out.uint(0)
        _write_definition(out, match.definition)
    else:
        out.uint(BUILT_IN_GAMES.index(match.game_id) + 1)
    _write_settings(out, match)
    out.uint(len(match.players))
    for player in match.players:
        out.text(player)
    out.uint(match.players.index(match.first_dealer))
    out.uint(int(match.ended_early))
    out.uint(len(match.rounds))
    if version >= ORIGINS_SINCE:
        write_origins(out, match.rounds, created)
    out.raw(write_rounds(match))
    return out.bytes()


def _read_id(reader: LayoutReader) -> str:
    digits = reader.uint(64)
    return reader.raw((digits + 1) // 2).hex()[:digits]


def _read_name(reader: LayoutReader) -> str:
    """A player's name, no longer in bytes than the engine takes (names.py):
    refused before a byte of it is decoded, let alone measured."""
    try:
        return reader.text(MAX_NAME_BYTES)
    except TextTooLong as error:
        raise StoreError("code-name-too-long") from error


def _read_head(reader: LayoutReader) -> dict[str, Any]:
    """The match without its rounds, in Match.to_dict's form."""
    game = reader.uint(len(BUILT_IN_GAMES))
    data: dict[str, Any] = {}
    if game == 0:
        data["definition"] = _read_definition(reader)
        data["game"] = data["definition"]["id"]
    else:
        data["game"] = BUILT_IN_GAMES[game - 1]
    data["settings"] = _read_settings(reader)
    seats = reader.count(MAX_SEATS)
    data["players"] = [_read_name(reader) for _ in range(seats)]
    if not seats:
        raise LayoutError("no-players")
    data["first_dealer"] = data["players"][reader.uint(seats - 1)]
    data["rounds"] = []
    return data


def read_layout(
    raw: bytes, version: int
) -> tuple[str, datetime, datetime | None, dict[str, Any]]:
    """The id, created and finished times, and the match in Match.to_dict's
    form, from a code of `version`.

    LayoutError for bytes of another shape; StoreError("code-name-too-long")
    for a name longer in bytes than any the engine takes; MatchError as soon
    as the match without its rounds is one the engine refuses (a table of 200
    players is refused before 1,000 rounds of 200 hands are read).
    """
    reader = LayoutReader(raw)
    match_id = _read_id(reader)
    since = reader.uint(LATEST_SECOND)
    created = _moment(since)
    finished_code = reader.uint(LATEST_SECOND + 1)
    finished = _moment(finished_code - 1) if finished_code else None
    data = _read_head(reader)
    ended_early = reader.flag()
    head = Match.from_dict(data)
    rounds = reader.uint()
    if rounds > MAX_MATCH_ROUNDS:
        # The engine's own bound, known before a round is read.
        raise MatchError("too-many-rounds", max=MAX_MATCH_ROUNDS)
    origins = read_origins(reader, rounds, since) if version >= ORIGINS_SINCE else []
    data["rounds"] = read_rounds(reader.raw(reader.left), head, rounds)
    if origins:
        origins_to_dict(origins, data)
    if ended_early:
        data["ended_early"] = True
    return match_id, created, finished, data
