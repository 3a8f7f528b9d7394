"""A user's game being defined on its screen: typed choices in, a definition out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.game_definitions import (
    DECK_CHOICES,
    LARGEST_TABLE,
    MAX_COPIES,
    SMALLEST_TABLE,
    define_game,
    game_definition,
)
from companion.engine.games import (
    CARD_SETS,
    CRAZY_EIGHTS,
    EndKind,
    Game,
    LimitRule,
    Scoring,
)
from companion.engine.match_settings import MAX_CARD_VALUE, MAX_LIMIT, MAX_ROUNDS
from companion.words.typed_numbers import parse_whole_number, shown_as_typed


def _starting_values() -> dict[str, str]:
    """The 52 standard faces at their pip value (J, Q, K 10): a common start."""
    pips = {face: str(value) for face, value in CRAZY_EIGHTS.values.items()}
    return pips | {"8": "8"}


@dataclass(frozen=True)
class OwnGameDraft:
    """The definition so far, as typed; every change returns a new draft.

    `values` holds the faces in use with the raw text of their points; a face
    left out is not in the game. `copies` is the raw number of each card in one
    deck.
    """

    game_id: str | None = None
    name: str = ""
    card_set: str = "regular"
    values: dict[str, str] = field(default_factory=_starting_values)
    copies: str = "4"
    decks: str = "1"
    scoring: Scoring = Scoring.PENALTY
    end_kind: EndKind = EndKind.LIMIT
    end_text: str = "100"
    limit_rule: LimitRule = LimitRule.EXCEEDS
    lowest_wins: bool = True
    nobody_out: bool = True
    fewest: str = "2"
    most: str = "6"

    @classmethod
    def from_game(cls, game: Game) -> OwnGameDraft:
        """A draft holding a stored game, for editing."""
        data = game_definition(game)
        copies = {entry["copies"] for entry in data["faces"].values()}
        return cls(
            game_id=game.id,
            name=data["name"],
            card_set=data["card_set"],
            values={face: str(e["value"]) for face, e in data["faces"].items()},
            copies=str(max(copies)),
            decks=str(data["decks"]),
            scoring=game.scoring,
            end_kind=game.end.kind,
            end_text=str(game.end.value),
            limit_rule=game.end.rule or LimitRule.EXCEEDS,
            lowest_wins=data["lowest_wins"],
            nobody_out=data["nobody_out"],
            fewest=str(game.min_players),
            most=str(game.max_players),
        )

    def set(self, **changes: object) -> OwnGameDraft:
        """The draft with some choices changed."""
        return replace(self, **changes)  # type: ignore[arg-type]  # callers name the fields; mypy cannot match **changes

    def choose_card_set(self, card_set: str) -> OwnGameDraft:
        """Other cards: every face of the set in use, at the value typed so far."""
        faces = CARD_SETS[card_set].cards
        values = {face: self.values.get(face, "0") for face in faces}
        return replace(self, card_set=card_set, values=values)

    def toggle_face(self, face: str) -> OwnGameDraft:
        """Use a face in the game, or leave it out."""
        if face in self.values:
            return replace(
                self, values={f: v for f, v in self.values.items() if f != face}
            )
        return replace(self, values={**self.values, face: "0"})

    def set_value(self, face: str, text: str) -> OwnGameDraft:
        """The points typed for one face."""
        return replace(self, values={**self.values, face: text})

    def definition(self) -> dict[str, Any]:
        """The definition as `define_game` reads it; MatchError on a bad number."""
        copies = parse_whole_number(self.copies)
        if copies is None:
            raise MatchError(
                "bad-copies",
                face="all",
                value=shown_as_typed(self.copies),
                max=MAX_COPIES,
            )
        faces: dict[str, dict[str, int]] = {}
        for face in CARD_SETS[self.card_set].cards:
            if face not in self.values:
                continue
            value = parse_whole_number(self.values[face])
            if value is None:
                raise MatchError(
                    "bad-card-value",
                    face=face,
                    value=shown_as_typed(self.values[face]),
                    max=MAX_CARD_VALUE,
                )
            faces[face] = {"value": value, "copies": copies}
        decks = parse_whole_number(self.decks)
        if decks is None:
            raise MatchError(
                "bad-decks", value=shown_as_typed(self.decks), options=DECK_CHOICES
            )
        end = parse_whole_number(self.end_text)
        if end is None and self.end_kind is EndKind.ROUNDS:
            raise MatchError(
                "bad-rounds", value=shown_as_typed(self.end_text), max=MAX_ROUNDS
            )
        if end is None:
            raise MatchError(
                "bad-limit", value=shown_as_typed(self.end_text), max=MAX_LIMIT
            )
        fewest, most = parse_whole_number(self.fewest), parse_whole_number(self.most)
        for count, text in ((fewest, self.fewest), (most, self.most)):
            if count is None:
                raise MatchError(
                    "player-count",
                    count=text.strip(),
                    min=SMALLEST_TABLE,
                    max=LARGEST_TABLE,
                )
        ending: dict[str, object] = {"kind": self.end_kind.value, "value": end}
        if self.end_kind is EndKind.LIMIT:
            ending["rule"] = self.limit_rule.value
        return {
            "id": self.game_id or "",
            "name": self.name,
            "card_set": self.card_set,
            "faces": faces,
            "decks": decks,
            "scoring": self.scoring.value,
            "end": ending,
            "lowest_wins": self.lowest_wins,
            "nobody_out": self.nobody_out,
            "min_players": fewest,
            "max_players": most,
        }

    def check(self, taken: Iterable[str]) -> MatchError | None:
        """Why the game cannot be saved yet (its name against `taken`), or None."""
        try:
            definition = self.definition()
            define_game({**definition, "id": definition["id"] or "new"}, taken)
        except MatchError as error:
            return error
        return None
