"""A match being set up on the new-match screen: choices in, a checked Match out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from companion.engine.errors import MatchError
from companion.engine.games import EndKind, Game, LimitRule, Scoring, get_game
from companion.engine.match import Match, MatchSettings
from companion.engine.match_settings import (
    MAX_CARD_VALUE,
    MAX_EXTRA_WILDS,
    MAX_LIMIT,
    MAX_ROUNDS,
    default_limit_rule,
)
from companion.engine.names import NameBook, check_name, name_key
from companion.words.typed_numbers import parse_whole_number, shown_as_typed


@dataclass(frozen=True)
class MatchDraft:
    """The table's choices so far; every change returns a new draft.

    `end_text` is the raw text of the limit (or rounds) field; `values` holds the
    house-rule card values typed in, face -> raw text; `card_set` the cards the
    table plays with (None: the game's own) and `extra_wilds` the raw text of
    the wild cards its deck has beyond the game's; `definition` the user's
    game played by (None: the built-in `game_id`).
    """

    game_id: str = "crazy-eights"
    seats: tuple[str, ...] = ()
    dealer: str | None = None
    scoring: Scoring = Scoring.PENALTY
    end_kind: EndKind = EndKind.LIMIT
    end_text: str = "100"
    limit_rule: LimitRule | None = None
    decks: int | None = None
    values: dict[str, str] = field(default_factory=dict)
    card_set: str | None = None
    extra_wilds: str = "0"
    definition: Game | None = None

    @classmethod
    def for_game(
        cls,
        game_id: str,
        seats: tuple[str, ...] = (),
        house: Mapping[str, object] | None = None,
    ) -> MatchDraft:
        """A draft with the house rules last used at this game, else its own."""
        game = get_game(game_id)
        draft = cls(
            game_id=game.id,
            seats=seats,
            dealer=seats[0] if seats else None,
            scoring=game.scoring,
            end_kind=game.end.kind,
            end_text=str(game.end.value),
        )
        if house is None:
            return draft
        try:
            settings = Match.from_dict(
                {
                    "game": game.id,
                    "players": ["A", "B"],
                    "first_dealer": "A",
                    "settings": house,
                    "rounds": [],
                }
            ).settings
        except MatchError:
            # Rules stored by an older version, or damaged: the game's own apply.
            return draft
        return draft._with(settings)

    @classmethod
    def rematch(cls, match: Match) -> MatchDraft:
        """A draft with the players, order and settings of a finished match."""
        # The deal moves on: whoever would have dealt next deals first.
        draft = cls(
            game_id=match.game_id,
            seats=match.players,
            dealer=match.next_dealer,
            definition=match.definition,
        )
        return replace(draft._with(match.settings), decks=match.settings.decks)

    @property
    def game(self) -> Game:
        """The game being set up."""
        return self.definition or get_game(self.game_id)

    def _with(self, settings: MatchSettings) -> MatchDraft:
        """This draft with a match's scoring, end and house card values."""
        game = self.game
        changed = {
            face: str(value)
            for face, value in settings.values.items()
            if game.values[face] != value
        }
        return replace(
            self,
            scoring=settings.scoring,
            end_kind=settings.end.kind,
            end_text=str(settings.end.value),
            limit_rule=settings.end.rule,
            values=changed,
            card_set=settings.card_set,
            extra_wilds=str(settings.extra_wilds),
        )

    def choose_own_game(self, game: Game) -> MatchDraft:
        """A user's game: its own settings, the players stay."""
        return replace(
            MatchDraft(
                game_id=game.id,
                seats=self.seats,
                scoring=game.scoring,
                end_kind=game.end.kind,
                end_text=str(game.end.value),
                definition=game,
            ),
            dealer=self.dealer,
        )

    def choose_game(
        self, game_id: str, house: Mapping[str, object] | None = None
    ) -> MatchDraft:
        """Another game: its house rules replace the settings, the players stay."""
        chosen = MatchDraft.for_game(game_id, self.seats, house)
        return replace(chosen, dealer=self.dealer)

    def toggle_player(self, name: str) -> MatchDraft:
        """Seat `name` at the end of the table, or take them off it."""
        if name in self.seats:
            seats = tuple(s for s in self.seats if s != name)
            dealer = self.dealer if self.dealer != name else (seats or (None,))[0]
            return replace(self, seats=seats, dealer=dealer)
        return self.add_player(name)

    def add_player(self, name: str, roster: Iterable[str] = ()) -> MatchDraft:
        """Seat a (possibly new) player; MatchError for a blank or duplicate name.

        A name that reads as a player of the `roster` in another case or width
        seats that player; one that only looks like one ("Аda" with a Cyrillic
        А for "Ada") is refused, naming both.
        """
        name = check_name(name)
        known = NameBook(roster).find(name)
        if known is not None and name_key(known) == name_key(name):
            name = known
        elif known is not None:
            raise MatchError("look-alike-name", name=name, known=known)
        NameBook(self.seats).refuse(name)
        seats = (*self.seats, name)
        return replace(self, seats=seats, dealer=self.dealer or name)

    def move_up(self, name: str) -> MatchDraft:
        """Move `name` one seat earlier."""
        position = self.seats.index(name)
        if position == 0:
            return self
        seats = list(self.seats)
        seats[position - 1], seats[position] = seats[position], seats[position - 1]
        return replace(self, seats=tuple(seats))

    def set(self, **changes: object) -> MatchDraft:
        """The draft with some settings changed (scoring, end_kind, end_text...)."""
        return replace(self, **changes)  # type: ignore[arg-type]  # callers name the fields; mypy cannot match **changes

    @property
    def effective_limit_rule(self) -> LimitRule:
        """The limit rule the match will get: the chosen one, else the default."""
        chosen = self.limit_rule
        return chosen or default_limit_rule(self.game, self.scoring)

    def set_value(self, face: str, text: str) -> MatchDraft:
        """A house-rule value typed in for one face."""
        return replace(self, values={**self.values, face: text})

    def _number(self, text: str, code: str) -> int:
        number = parse_whole_number(text)
        if number is None:
            most = MAX_ROUNDS if code == "bad-rounds" else MAX_LIMIT
            raise MatchError(code, value=shown_as_typed(text), max=most)
        return number

    def build(self) -> Match:
        """The new match; MatchError says what to fix."""
        values: dict[str, int] = {}
        for face, text in self.values.items():
            value = parse_whole_number(text)
            if value is None:
                raise MatchError(
                    "bad-card-value",
                    face=face,
                    value=shown_as_typed(text),
                    max=MAX_CARD_VALUE,
                )
            values[face] = value
        extra_wilds = parse_whole_number(self.extra_wilds or "0")
        if extra_wilds is None:
            raise MatchError(
                "bad-extra-wilds",
                value=shown_as_typed(self.extra_wilds),
                max=MAX_EXTRA_WILDS,
            )
        limit = rounds = None
        if self.end_kind is EndKind.ROUNDS:
            rounds = self._number(self.end_text, "bad-rounds")
        else:
            limit = self._number(self.end_text, "bad-limit")
        return Match.new(
            self.definition or self.game_id,
            self.seats,
            scoring=self.scoring.value,
            limit=limit,
            limit_rule=self.limit_rule.value if limit and self.limit_rule else None,
            rounds=rounds,
            values=values or None,
            decks=self.decks,
            first_dealer=self.dealer,
            card_set=self.card_set,
            extra_wilds=extra_wilds,
        )

    def check(self) -> MatchError | None:
        """Why the match cannot start yet, or None."""
        try:
            self.build()
        except MatchError as error:
            return error
        return None

    @property
    def players_short(self) -> int:
        """How many more players the game needs before it can start (0: enough)."""
        return max(0, self.game.min_players - len(self.seats))

    def still_adding(self, problem: MatchError | None) -> bool:
        """Whether `problem` only says the table is not full yet: a hint, no error.

        Too few players is where every table starts, not a mistake; a typed
        number that is no number, or a player too many, is one.
        """
        return (
            problem is not None
            and problem.code == "player-count"
            and self.players_short > 0
        )

    def not_seated(self, known: Iterable[str]) -> list[str]:
        """The `known` players not at the table (one more tap seats them)."""
        seated = {name_key(s) for s in self.seats}
        return [name for name in known if name_key(name) not in seated]


DraftUpdate = Callable[[Callable[[MatchDraft], MatchDraft]], None]
"""How a screen changes the draft: with an updater, which sees the newest draft."""
