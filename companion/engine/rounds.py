"""One round: who went out, what everyone else held, and the points it gives."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.engine.errors import MatchError
from companion.engine.games import Game, Scoring

MAX_DIRECT_POINTS = 10_000


@dataclass(frozen=True)
class Hand:
    """The cards one player was left holding, as counts per face in face order."""

    counts: tuple[tuple[str, int], ...]

    @property
    def card_count(self) -> int:
        """How many cards the hand holds."""
        return sum(count for _, count in self.counts)

    def as_dict(self) -> dict[str, int]:
        """The hand as {face: count}."""
        return dict(self.counts)

    def points(self, values: Mapping[str, int]) -> int:
        """The hand's value under a table of card values."""
        return sum(values[face] * count for face, count in self.counts)


Entry = Hand | int
"""What a player who did not go out is recorded with: cards held, or points."""


@dataclass(frozen=True)
class Origin:
    """The phone that recorded a round (`phone`, its id: origins.py), at `at`
    (seconds since 1970 UTC), and whose phone it said it was (`name`, "" if
    none)."""

    phone: str
    at: int
    name: str = ""


@dataclass(frozen=True)
class Round:
    """A recorded round; `points` is derived from it and the match's settings.

    `places` is empty unless the others played on for places: then it lists
    everyone who went out, first to last (`went_out` first); the one player left
    is the only one in `hands`. `origin` says where it was recorded (None: not
    known, recorded before rounds said so): a label, never compared.
    """

    went_out: str | None
    hands: tuple[tuple[str, Entry], ...]
    points: tuple[int, ...] = field(compare=False)
    places: tuple[str, ...] = ()
    origin: Origin | None = field(default=None, compare=False)

    def entry(self, player: str) -> Entry | None:
        """What `player` was recorded with, or None for the one who went out."""
        return dict(self.hands).get(player)


def parse_hand(game: Game, player: str, raw: Mapping[str, object]) -> Hand:
    """A validated Hand from {face: count}; zero counts are dropped."""
    counts: dict[str, int] = {}
    for face, count in raw.items():
        if face not in game.copies:
            raise MatchError("unknown-card", player=player, face=face)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise MatchError("bad-count", player=player, face=face, count=count)
        counts[face] = count
    return Hand(tuple((f, counts[f]) for f in game.faces if counts.get(f)))


def parse_entry(game: Game, player: str, raw: object) -> Entry:
    """A validated hand or directly entered points for one player."""
    if isinstance(raw, Hand):
        return parse_hand(game, player, raw.as_dict())
    if isinstance(raw, Mapping):
        return parse_hand(game, player, raw)
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise MatchError("bad-points", player=player, points=raw)
    if raw > MAX_DIRECT_POINTS:
        raise MatchError(
            "points-too-high", player=player, points=raw, max=MAX_DIRECT_POINTS
        )
    return raw


def _is_empty(entry: Entry | None) -> bool:
    return isinstance(entry, Hand) and entry.card_count == 0


def _check_deck_limits(
    game: Game, limits: Mapping[str, int], entries: list[Entry]
) -> None:
    held: dict[str, int] = {}
    for entry in entries:
        if isinstance(entry, Hand):
            for face, count in entry.counts:
                held[face] = held.get(face, 0) + count
    for face in game.faces:
        limit = limits[face]
        if held.get(face, 0) > limit:
            raise MatchError("deck-limit", face=face, count=held[face], limit=limit)


def check_places(
    game: Game,
    players: tuple[str, ...],
    scoring: Scoring,
    went_out: str | None,
    places: Sequence[str] | None,
) -> tuple[str, ...]:
    """Who went out, first to last, when the others played on: each player once,
    the first the one who went out, one player left holding cards."""
    if not places:
        return ()
    if not game.allows_playing_on or scoring is not Scoring.PENALTY:
        raise MatchError("places-not-allowed")
    if isinstance(places, str) or not isinstance(places, Sequence):
        raise MatchError("bad-match-data", reason="places")
    seen: set[str] = set()
    for player in places:
        if player not in players:
            raise MatchError("unknown-player", player=player)
        if player in seen:
            raise MatchError("placed-twice", player=player)
        seen.add(player)
    if places[0] != went_out:
        raise MatchError("places-first-out", player=places[0])
    left = len(players) - len(places)
    if left != 1:
        raise MatchError("places-leave-one", count=left)
    return tuple(places)


def build_round(
    game: Game,
    players: tuple[str, ...],
    scoring: Scoring,
    values: Mapping[str, int],
    limits: Mapping[str, int],
    went_out: str | None,
    hands: Mapping[str, object],
    places: Sequence[str] | None = None,
) -> Round:
    """Validate a round against the match and compute its points per seat."""
    if not isinstance(hands, Mapping):
        raise MatchError("bad-match-data", reason="hands")
    if went_out is not None and went_out not in players:
        raise MatchError("unknown-player", player=went_out)
    if went_out is None and (
        scoring is not Scoring.PENALTY or game.nobody_out is False
    ):
        raise MatchError("nobody-out-not-allowed")
    for player in hands:
        if player not in players:
            raise MatchError("unknown-player", player=player)
    placed = check_places(game, players, scoring, went_out, places)
    out: set[str | None] = set(placed) or {went_out}
    entries: dict[str, Entry] = {}
    for player in players:
        if player not in hands:
            if player in out:
                continue
            raise MatchError("missing-hand", player=player)
        entry = parse_entry(game, player, hands[player])
        if player in out:
            if entry != 0 and not _is_empty(entry):
                raise MatchError("went-out-holds-cards", player=player)
            continue
        if _is_empty(entry):
            raise MatchError("empty-hand", player=player)
        entries[player] = entry
    _check_deck_limits(game, limits, list(entries.values()))
    held = {
        player: entry if isinstance(entry, int) else entry.points(values)
        for player, entry in entries.items()
    }
    if scoring is Scoring.PENALTY:
        points = tuple(held.get(player, 0) for player in players)
    else:
        collected = sum(held.values())
        points = tuple(collected if p == went_out else 0 for p in players)
    return Round(went_out, tuple(entries.items()), points, placed)


def round_to_dict(round_: Round) -> dict[str, object]:
    """The JSON-safe form of a round: hands as {face: count}, points as ints,
    places (first to last out) only for a round played on for them."""
    data: dict[str, object] = {
        "went_out": round_.went_out,
        "hands": {
            player: entry if isinstance(entry, int) else entry.as_dict()
            for player, entry in round_.hands
        },
    }
    if round_.places:
        data["places"] = list(round_.places)
    return data
