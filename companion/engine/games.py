"""The built-in games as declarative definitions, looked up by id."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from companion.engine.errors import MatchError

FACES: tuple[str, ...] = ("A", *map(str, range(2, 11)), "J", "Q", "K")
JOKERS: tuple[str, ...] = ("RJ", "BJ")


class Scoring(StrEnum):
    """Who scores a round's leftover cards."""

    PENALTY = "penalty"
    WINNER_COLLECTS = "winner-collects"


class EndKind(StrEnum):
    """How a match ends: at a points limit or after a fixed number of rounds."""

    LIMIT = "limit"
    ROUNDS = "rounds"


class LimitRule(StrEnum):
    """Whether a total must pass the limit or only reach it to end the match."""

    EXCEEDS = "exceeds"
    REACHES = "reaches"


@dataclass(frozen=True)
class EndCondition:
    """When a match is over: `value` is the points limit or the number of rounds."""

    kind: EndKind
    value: int
    rule: LimitRule | None = None

    def reached(self, rounds: int, totals: Sequence[int]) -> bool:
        """Whether a match of `rounds` rounds and these totals is at its end."""
        if self.kind is EndKind.ROUNDS:
            return rounds >= self.value
        if self.rule is LimitRule.EXCEEDS:
            return any(total > self.value for total in totals)
        return any(total >= self.value for total in totals)

    def rounds_after_end(self, points: Sequence[Sequence[int]]) -> int | None:
        """The 1-based number of the last round before the end, when rounds
        (each one's points, in seat order) follow it; None when none does."""
        running = [0] * (len(points[0]) if points else 0)
        for played, row in enumerate(points[:-1], start=1):
            running = [total + point for total, point in zip(running, row, strict=True)]
            if self.reached(played, running):
                return played
        return None

    def to_dict(self) -> dict[str, object]:
        """The JSON-safe form stored with a match."""
        data: dict[str, object] = {"kind": self.kind.value, "value": self.value}
        if self.rule is not None:
            data["rule"] = self.rule.value
        return data


@dataclass(frozen=True)
class DealRule:
    """Cards dealt to each player when the table has `min_players`..`max_players`."""

    min_players: int
    max_players: int
    cards: int


@dataclass(frozen=True)
class CardSet:
    """The cards a table holds, as they map onto a game's faces.

    `cards` maps each face the engine records to the card of this set that
    plays it ("10" is the Uno deck's "0"), in the order the keypad shows them.
    Scoring, copies and limits stay the game's: only names and order change.
    """

    id: str
    name_key: str
    cards: Mapping[str, str]

    def card(self, face: str) -> str:
        """The card of this set that plays `face` (the face itself if unmapped)."""
        return self.cards.get(face, face)

    def order(self, faces: tuple[str, ...]) -> tuple[str, ...]:
        """`faces` in this set's keypad order."""
        return tuple(face for face in self.cards if face in faces)


REGULAR_CARDS = CardSet(
    id="regular",
    name_key="Regular decks",
    cards=MappingProxyType({face: face for face in FACES + JOKERS}),
)

UNO_CARDS = CardSet(
    id="uno-cards",
    name_key="Uno cards",
    cards=MappingProxyType(
        {"10": "0", "A": "1"}
        | {str(n): str(n) for n in range(2, 10)}
        | {
            "J": "skip",
            "Q": "reverse",
            "K": "draw-two",
            "RJ": "wild",
            "BJ": "wild-draw-four",
        }
    ),
)

CARD_SETS: Mapping[str, CardSet] = MappingProxyType(
    {cards.id: cards for cards in (REGULAR_CARDS, UNO_CARDS)}
)


def get_card_set(card_set_id: str) -> CardSet:
    """The card set with this id; MatchError("unknown-card-set") otherwise."""
    try:
        return CARD_SETS[card_set_id]
    except (KeyError, TypeError):
        raise MatchError("unknown-card-set", value=card_set_id) from None


@dataclass(frozen=True)
class Game:
    """One game's facts: players, deck, deal, card values, scoring and default end.

    `name_key` is the English display name, used as the translation key.
    `copies` counts each face in one deck; `deck_options` lists the allowed
    numbers of decks and `players_per_deck` how many players one deck serves.
    `card_sets` are the ids of the card sets a table may play it with, the
    default first; `wild_face` is the face extra wild cards are recorded as
    (newer Uno decks carry more wilds), None when the deck has no wilds;
    `allows_playing_on` whether, in penalty scoring, the others may play on for
    places after the first goes out (Vri åtter). A game a user defined sets
    `lowest_wins` and `nobody_out` itself; the built-ins leave them None, so
    that they follow the scoring (penalty: lowest wins, nobody out allowed).
    """

    id: str
    name_key: str
    min_players: int
    max_players: int
    players_per_deck: int
    deck_options: tuple[int, ...]
    copies: Mapping[str, int]
    values: Mapping[str, int]
    deal: tuple[DealRule, ...]
    scoring: Scoring
    end: EndCondition
    card_sets: tuple[str, ...] = (REGULAR_CARDS.id,)
    wild_face: str | None = None
    allows_playing_on: bool = False
    lowest_wins: bool | None = None
    nobody_out: bool | None = None

    @property
    def faces(self) -> tuple[str, ...]:
        """The card faces of this game's deck, in keypad order."""
        return tuple(self.copies)

    @property
    def allows_nobody_out(self) -> bool:
        """Whether a round where everyone gave up can be recorded (penalty only,
        unless the game's own definition says otherwise)."""
        if self.nobody_out is not None:
            return self.nobody_out and self.scoring is Scoring.PENALTY
        return self.scoring is Scoring.PENALTY

    def lowest_total_wins(self, scoring: Scoring) -> bool:
        """Whether the lowest total is best when a match is scored `scoring`."""
        if self.lowest_wins is not None and scoring is self.scoring:
            return self.lowest_wins
        return scoring is Scoring.PENALTY

    def points(self, face: str) -> int:
        """The default value of one card of `face`."""
        if face not in self.values:
            raise MatchError("unknown-face", face=face, game=self.id)
        return self.values[face]

    def hand_points(self, hand: Mapping[str, int]) -> int:
        """The default value of a hand given as counts per face."""
        return sum(self.points(face) * count for face, count in hand.items())

    def cards_dealt(self, players: int) -> int:
        """How many cards each player is dealt at a table of `players`."""
        for rule in self.deal:
            if rule.min_players <= players <= rule.max_players:
                return rule.cards
        raise MatchError(
            "player-count", count=players, min=self.min_players, max=self.max_players
        )

    def decks_for(self, players: int) -> int:
        """The number of decks the game uses by default at a table of `players`."""
        wanted = 1 + (players - 1) // self.players_per_deck
        return min(self.deck_options[-1], max(self.deck_options[0], wanted))


def _frozen(mapping: dict[str, int]) -> Mapping[str, int]:
    return MappingProxyType(mapping)


def _standard_copies() -> Mapping[str, int]:
    return _frozen({face: 4 for face in FACES})


CRAZY_EIGHTS = Game(
    id="crazy-eights",
    name_key="Crazy Eights",
    min_players=2,
    max_players=10,
    players_per_deck=6,
    deck_options=(1, 2),
    copies=_standard_copies(),
    values=_frozen(
        {face: (int(face) if face.isdigit() else 0) for face in FACES}
        | {"8": 50, "J": 10, "Q": 10, "K": 10, "A": 1}
    ),
    deal=(DealRule(2, 2, 7), DealRule(3, 10, 5)),
    scoring=Scoring.PENALTY,
    end=EndCondition(EndKind.LIMIT, 100, LimitRule.EXCEEDS),
    allows_playing_on=True,
)

VANDATTA = Game(
    id="vandatta",
    name_key="Vändåtta",
    min_players=2,
    max_players=10,
    players_per_deck=5,
    deck_options=(1, 2),
    copies=_standard_copies(),
    values=_frozen({face: 1 for face in FACES} | {"8": 10, "A": 5}),
    deal=(DealRule(2, 10, 7),),
    scoring=Scoring.PENALTY,
    end=EndCondition(EndKind.ROUNDS, 5),
)

UNO = Game(
    id="uno",
    name_key="Uno",
    min_players=2,
    max_players=10,
    players_per_deck=10,
    deck_options=(1,),
    copies=_frozen(
        {face: 4 if face in ("10", *JOKERS) else 8 for face in FACES + JOKERS}
    ),
    values=_frozen(
        {face: int(face) for face in FACES if face.isdigit()}
        | {"A": 1, "10": 0, "J": 20, "Q": 20, "K": 20, "RJ": 50, "BJ": 50}
    ),
    deal=(DealRule(2, 10, 7),),
    scoring=Scoring.WINNER_COLLECTS,
    end=EndCondition(EndKind.LIMIT, 500, LimitRule.REACHES),
    # The Uno deck first: the game is named after it, so a new match uses it.
    card_sets=(UNO_CARDS.id, REGULAR_CARDS.id),
    wild_face="RJ",
)

GAMES: Mapping[str, Game] = MappingProxyType(
    {game.id: game for game in (CRAZY_EIGHTS, VANDATTA, UNO)}
)


def get_game(game_id: str) -> Game:
    """The built-in game with this id; MatchError("unknown-game") otherwise."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise MatchError("unknown-game", game=game_id) from None
