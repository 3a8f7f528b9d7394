"""A round being entered on the record screen: taps in, a checked round out."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.match import Hand, Match
from companion.engine.rounds import MAX_DIRECT_POINTS
from companion.words.typed_numbers import (
    MAX_TYPED_DIGITS,
    parse_whole_number,
    shown_as_typed,
)

FEWEST_TO_PLAY_ON = 3
"""Playing on for places needs someone left to play on against: with two, the
one left is known the moment the first goes out."""

DATA_VERSION = 1
"""The version of a draft's stored form (to_data); another version is dropped."""

MAX_KEPT_TEXT = 40
"""The longest typed points kept in a stored draft (the field takes digits)."""

MAX_KEPT_COUNT = 999
"""The most cards of one face kept in a stored draft (no deck holds that many)."""


@dataclass(frozen=True)
class RoundDraft:
    """What has been tapped so far; every change returns a new draft.

    `hands` holds the cards tapped per player as {face: count}; a player listed in
    `typed` has points typed in instead (the raw text of the field). `places`,
    once the others play on for places, lists who went out first to last.
    """

    players: tuple[str, ...]
    out_chosen: bool = False
    went_out: str | None = None
    active: str | None = None
    hands: dict[str, dict[str, int]] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)
    places: tuple[str, ...] = ()

    @classmethod
    def start(cls, match: Match) -> RoundDraft:
        """An empty draft for the next round of `match`."""
        return cls(players=match.players)

    @classmethod
    def from_round(cls, match: Match, index: int) -> RoundDraft:
        """A draft holding round `index` as recorded, for editing."""
        played = match.rounds[index]
        hands: dict[str, dict[str, int]] = {}
        typed: dict[str, str] = {}
        for player, entry in played.hands:
            if isinstance(entry, Hand):
                hands[player] = entry.as_dict()
            else:
                typed[player] = str(entry)
        draft = cls(
            match.players, True, played.went_out, None, hands, typed, played.places
        )
        if not draft.can_play_on:
            # Saved by a version that offered places to two: they mean nothing.
            draft = replace(draft, places=())
        return replace(draft, active=draft.losers[0] if draft.losers else None)

    @property
    def can_play_on(self) -> bool:
        """Whether the others could play on for places (enough players)."""
        return len(self.players) >= FEWEST_TO_PLAY_ON

    @property
    def losers(self) -> tuple[str, ...]:
        """The players who hold cards this round (or may still), in seat order."""
        if not self.out_chosen:
            return ()
        out = self.places or (self.went_out,)
        return tuple(p for p in self.players if p not in out)

    @property
    def placing(self) -> bool:
        """Whether the others play on and more than one is still to go out."""
        return bool(self.places) and len(self.losers) > 1

    def play_on(self) -> RoundDraft:
        """The others play on for places: next, who went out second."""
        if self.went_out is None or not self.can_play_on:
            return self
        return replace(self, places=(self.went_out,), active=None)

    def place_next(self, player: str) -> RoundDraft:
        """`player` went out next; the last one left gets the keypad."""
        if not self.placing or player not in self.losers:
            return self
        hands = {p: h for p, h in self.hands.items() if p != player}
        typed = {p: v for p, v in self.typed.items() if p != player}
        draft = replace(self, places=(*self.places, player), hands=hands, typed=typed)
        last = draft.losers[0] if not draft.placing else None
        return replace(draft, active=last)

    def stop_playing_on(self) -> RoundDraft:
        """Back to a round that ended when the first player went out."""
        draft = replace(self, places=())
        return replace(draft, active=draft.losers[0] if draft.losers else None)

    def choose_out(self, player: str | None) -> RoundDraft:
        """Step 1: who went out (None: nobody did); the first holder becomes active."""
        draft = replace(self, out_chosen=True, went_out=player, places=())
        hands = {p: h for p, h in self.hands.items() if p != player}
        typed = {p: v for p, v in self.typed.items() if p != player}
        return replace(draft, hands=hands, typed=typed, active=draft.losers[0])

    def reopen_out(self) -> RoundDraft:
        """Back to step 1, keeping what was tapped (not the places)."""
        return replace(self, out_chosen=False, active=None, places=())

    def activate(self, player: str | None) -> RoundDraft:
        """Show the keypad for `player`."""
        return replace(self, active=player)

    @property
    def next_player(self) -> str | None:
        """The holder after the active one, or None when the active one is last."""
        losers = self.losers
        if self.active not in losers:
            return None
        position = losers.index(self.active)
        return losers[position + 1] if position + 1 < len(losers) else None

    def add_card(self, player: str, face: str) -> RoundDraft:
        """One more card of `face` in `player`'s hand (leaves points mode)."""
        hand = dict(self.hands.get(player, {}))
        hand[face] = hand.get(face, 0) + 1
        typed = {p: v for p, v in self.typed.items() if p != player}
        return replace(self, hands={**self.hands, player: hand}, typed=typed)

    def remove_card(self, player: str, face: str) -> RoundDraft:
        """One card of `face` fewer in `player`'s hand."""
        hand = dict(self.hands.get(player, {}))
        if hand.get(face, 0) <= 1:
            hand.pop(face, None)
        else:
            hand[face] -= 1
        return replace(self, hands={**self.hands, player: hand})

    def use_points(self, player: str) -> RoundDraft:
        """Switch `player` to typing points in; they become the active player."""
        return replace(
            self,
            typed={**self.typed, player: self.typed.get(player, "")},
            active=player,
        )

    def use_cards(self, player: str) -> RoundDraft:
        """Switch `player` back to tapping cards."""
        typed = {p: v for p, v in self.typed.items() if p != player}
        return replace(self, typed=typed, active=player)

    def set_points(self, player: str, text: str) -> RoundDraft:
        """The text typed into `player`'s points field."""
        return replace(self, typed={**self.typed, player: text})

    def hand(self, player: str) -> dict[str, int]:
        """The cards tapped for `player` so far."""
        return self.hands.get(player, {})

    def entries(self) -> dict[str, object]:
        """The hands as Match.record_round takes them; MatchError on bad typing.

        A hand still to enter is asked of the player the keypad is for first,
        then of those after them at the table: the bar under the keypad names
        the same person as the keypad.
        """
        entries: dict[str, object] = {}
        losers = self.losers
        at = losers.index(self.active) if self.active in losers else 0
        for player in losers[at:] + losers[:at]:
            if player in self.typed:
                text = self.typed[player]
                if not text.strip():
                    raise MatchError("missing-points", player=player)
                points = parse_whole_number(text)
                if points is None:
                    shown = shown_as_typed(text)
                    if _all_digits(text):
                        # More digits than any score: say what the largest is.
                        raise MatchError(
                            "points-too-high",
                            player=player,
                            points=shown,
                            max=MAX_DIRECT_POINTS,
                        )
                    raise MatchError("bad-points", player=player, points=shown)
                entries[player] = points
            else:
                if not self.hand(player) and self.went_out is not None:
                    raise MatchError("empty-hand", player=player)
                entries[player] = dict(self.hand(player))
        return entries

    def apply(self, match: Match, index: int | None = None) -> Match:
        """The match with this round recorded (or round `index` replaced)."""
        if not self.out_chosen:
            raise MatchError("missing-hand", player=self.players[0])
        if self.placing:
            raise MatchError("places-leave-one", count=len(self.losers))
        places = self.places or None
        if index is None:
            return match.record_round(self.went_out, self.entries(), places=places)
        return match.edit_round(index, self.went_out, self.entries(), places=places)

    def check(self, match: Match, index: int | None = None) -> MatchError | None:
        """Why this round cannot be saved yet, or None when it can."""
        try:
            self.apply(match, index)
        except MatchError as error:
            return error
        return None

    def hand_points(self, match: Match, player: str) -> int | None:
        """The points `player`'s hand is worth at this table, None if not a number."""
        if player in self.typed:
            return parse_whole_number(self.typed[player])
        values = match.settings.values
        return sum(values[face] * count for face, count in self.hand(player).items())

    def to_data(self) -> dict[str, Any]:
        """The draft as plain JSON data, to keep it (RoundDraft.from_data reads it)."""
        return {
            "version": DATA_VERSION,
            "players": list(self.players),
            "out_chosen": self.out_chosen,
            "went_out": self.went_out,
            "active": self.active,
            "hands": {p: dict(h) for p, h in self.hands.items()},
            "typed": dict(self.typed),
            "places": list(self.places),
        }

    @classmethod
    def from_data(cls, data: object, match: Match) -> RoundDraft | None:
        """The draft `data` keeps for a round of `match`, or None when it is not
        one this screen could have made for this match (damaged, another
        version, the players changed): then it is dropped, never half used."""
        try:
            return _read(data, match)
        except (KeyError, TypeError, ValueError, AttributeError):
            return None


def _all_digits(text: str) -> bool:
    cleaned = text.strip()
    return len(cleaned) > MAX_TYPED_DIGITS and cleaned.isascii() and cleaned.isdigit()


def _player_or_none(value: object, players: tuple[str, ...]) -> str | None:
    if value is None or value in players:
        return value
    raise ValueError("unknown player")


def _read(data: object, match: Match) -> RoundDraft | None:
    if not isinstance(data, dict) or data.get("version") != DATA_VERSION:
        return None
    players = match.players
    if data["players"] != list(players):
        return None
    out_chosen = data["out_chosen"]
    if not isinstance(out_chosen, bool):
        return None
    went_out = _player_or_none(data["went_out"], players)
    active = _player_or_none(data["active"], players)
    faces = set(match.game.faces)
    hands: dict[str, dict[str, int]] = {}
    for player, hand in data["hands"].items():
        _player_or_none(player, players)
        counts = {}
        for face, count in hand.items():
            if face not in faces or type(count) is not int:
                return None
            if not 0 < count <= MAX_KEPT_COUNT:
                return None
            counts[face] = count
        hands[player] = counts
    typed: dict[str, str] = {}
    for player, text in data["typed"].items():
        _player_or_none(player, players)
        if not isinstance(text, str) or len(text) > MAX_KEPT_TEXT:
            return None
        typed[player] = text
    places = tuple(data["places"])
    if len(set(places)) != len(places) or not set(places) <= set(players):
        return None
    if places and places[0] != went_out:
        return None
    draft = RoundDraft(players, out_chosen, went_out, active, hands, typed, places)
    # Kept by a version that offered places to two players: they mean nothing.
    return draft if draft.can_play_on or not places else draft.stop_playing_on()
