"""Per-match settings: scoring, end, card values and decks, checked against the game."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeGuard

from companion.engine.errors import MatchError
from companion.engine.games import (
    REGULAR_CARDS,
    EndCondition,
    EndKind,
    Game,
    LimitRule,
    Scoring,
    get_card_set,
)
from companion.engine.names import check_names, check_stored_name, refuse_duplicates

MAX_LIMIT = 100_000
MAX_ROUNDS = 1_000
MAX_CARD_VALUE = 1_000
MAX_EXTRA_WILDS = 20


@dataclass(frozen=True)
class MatchSettings:
    """The rules one match is played by, fixed when it is created."""

    scoring: Scoring
    end: EndCondition
    values: Mapping[str, int]
    decks: int
    card_set: str = REGULAR_CARDS.id
    extra_wilds: int = 0

    def deck_limits(self, game: Game) -> dict[str, int]:
        """The most cards of each face all hands of one round can hold together."""
        limits = {face: copies * self.decks for face, copies in game.copies.items()}
        if game.wild_face is not None:
            limits[game.wild_face] += self.extra_wilds
        return limits

    def to_dict(self) -> dict[str, object]:
        """The JSON-safe form stored with a match (the card set and extra wilds
        only when chosen, so matches from before they existed read the same)."""
        data: dict[str, object] = {
            "scoring": self.scoring.value,
            "end": self.end.to_dict(),
            "values": dict(self.values),
            "decks": self.decks,
        }
        if self.card_set != REGULAR_CARDS.id:
            data["card_set"] = self.card_set
        if self.extra_wilds:
            data["extra_wilds"] = self.extra_wilds
        return data


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _stored_name_key(name: str) -> str:
    # How earlier versions told names apart: names they stored as two players
    # (say "Ada" and "Ada" with a zero-width space) stay two when read back.
    return " ".join(name.split()).casefold()


def check_players(
    game: Game, names: Iterable[object], *, stored: bool = False
) -> tuple[str, ...]:
    """The seat order as validated names: right count, no blanks, no duplicates.

    `stored`: names read back from the store, held to the rules they were saved
    under (names.check_stored_name), not to those of a new name.
    """
    if stored:
        players = refuse_duplicates(
            tuple(check_stored_name(name) for name in names), _stored_name_key
        )
    else:
        players = check_names(names)
    if not game.min_players <= len(players) <= game.max_players:
        raise MatchError(
            "player-count",
            count=len(players),
            min=game.min_players,
            max=game.max_players,
        )
    return players


def check_decks(game: Game, decks: object, players: int) -> int:
    """The number of decks: one the game allows and enough for the table."""
    if decks is None:
        return game.decks_for(players)
    if not _is_int(decks) or decks not in game.deck_options:
        raise MatchError("bad-decks", value=decks, options=game.deck_options)
    most = game.players_per_deck * decks
    if players > most:
        raise MatchError("too-many-for-decks", count=players, decks=decks, max=most)
    return decks


def check_values(
    game: Game, overrides: Mapping[str, object] | None
) -> Mapping[str, int]:
    """The game's card values with a match's house-rule overrides applied."""
    values = dict(game.values)
    for face, value in (overrides or {}).items():
        if face not in values:
            raise MatchError("unknown-face", face=face, game=game.id)
        if not _is_int(value) or not 0 <= value <= MAX_CARD_VALUE:
            raise MatchError(
                "bad-card-value", face=face, value=value, max=MAX_CARD_VALUE
            )
        values[face] = value
    return MappingProxyType(values)


def check_card_set(game: Game, card_set: object) -> str:
    """The card set the table plays with: one the game offers, else its default."""
    if card_set is None:
        return game.card_sets[0]
    if card_set not in game.card_sets:
        raise MatchError("unknown-card-set", value=card_set)
    return get_card_set(card_set).id


def check_extra_wilds(game: Game, extra: object) -> int:
    """Wild cards beyond the game's own (0 unless the deck has more and says so)."""
    if extra is None:
        return 0
    most = MAX_EXTRA_WILDS if game.wild_face is not None else 0
    if not _is_int(extra) or not 0 <= extra <= most:
        raise MatchError("bad-extra-wilds", value=extra, max=most)
    return extra


def check_scoring(game: Game, scoring: object) -> Scoring:
    """The scoring mode: the game's own unless the table agreed on another."""
    if scoring is None:
        return game.scoring
    try:
        return Scoring(scoring)  # type: ignore[arg-type]  # any value: a non-member raises ValueError
    except ValueError:
        raise MatchError("bad-scoring", value=scoring) from None


def default_limit_rule(game: Game, scoring: Scoring) -> LimitRule:
    """The limit rule a match gets when the table names none."""
    if game.end.rule is not None and scoring is game.scoring:
        return game.end.rule
    # Penalty tables play until someone passes the limit; winner-collects tables
    # race to reach it (Hoyle's Crazy Eights, Uno).
    return LimitRule.EXCEEDS if scoring is Scoring.PENALTY else LimitRule.REACHES


def _limit_rule(game: Game, scoring: Scoring, rule: object) -> LimitRule:
    if rule is None:
        return default_limit_rule(game, scoring)
    try:
        return LimitRule(rule)  # type: ignore[arg-type]  # any value: a non-member raises ValueError
    except ValueError:
        raise MatchError("bad-limit-rule", value=rule) from None


def check_end(
    game: Game, scoring: Scoring, limit: object, rule: object, rounds: object
) -> EndCondition:
    """The end condition from the table's choices, else the game's default."""
    if rounds is not None and (limit is not None or rule is not None):
        raise MatchError("conflicting-end")
    if rounds is not None:
        if not _is_int(rounds) or not 1 <= rounds <= MAX_ROUNDS:
            raise MatchError("bad-rounds", value=rounds, max=MAX_ROUNDS)
        return EndCondition(EndKind.ROUNDS, rounds)
    if limit is None:
        if game.end.kind is EndKind.ROUNDS:
            if rule is not None:
                raise MatchError("conflicting-end")
            return game.end
        limit = game.end.value
    if not _is_int(limit) or not 1 <= limit <= MAX_LIMIT:
        raise MatchError("bad-limit", value=limit, max=MAX_LIMIT)
    return EndCondition(EndKind.LIMIT, limit, _limit_rule(game, scoring, rule))


def end_from_dict(data: Mapping[str, object]) -> tuple[object, object, object]:
    """The (limit, rule, rounds) choices a stored end condition stands for."""
    kind = EndKind(data["kind"])  # type: ignore[arg-type]  # any value: a non-member raises ValueError
    if kind is EndKind.ROUNDS:
        return None, None, data["value"]
    return data["value"], data["rule"], None
