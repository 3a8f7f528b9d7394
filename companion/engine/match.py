"""A match: its players and settings, the rounds played, and the standings they give."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.game_definitions import define_game, game_definition
from companion.engine.games import REGULAR_CARDS, EndKind, Game, get_game
from companion.engine.match_settings import (
    MAX_ROUNDS,
    MatchSettings,
    check_card_set,
    check_decks,
    check_end,
    check_extra_wilds,
    check_players,
    check_scoring,
    check_values,
    end_from_dict,
)
from companion.engine.names import NameBook, check_name
from companion.engine.origins import origins_from_dict, origins_to_dict
from companion.engine.rounds import Hand, Round, build_round, round_to_dict

__all__ = ["Hand", "Match", "MatchError", "MatchSettings", "Round", "Standing"]

MAX_MATCH_ROUNDS = MAX_ROUNDS
"""The most rounds any match holds, however it ends: far past any evening at a
table, and a bound on what one match costs to store, load and show."""


@dataclass(frozen=True)
class Standing:
    """One line of the standings: a player's rank (ties share it) and total."""

    rank: int
    player: str
    total: int


@dataclass(frozen=True)
class Match:
    """An immutable match: every change returns a new Match."""

    game_id: str
    players: tuple[str, ...]
    first_dealer: str
    settings: MatchSettings
    rounds: tuple[Round, ...] = ()
    definition: Game | None = None
    """The copy of a user's game the match is played by (None: a built-in)."""
    ended_early: bool = False
    """The table agreed to stop before the end condition: the match is over,
    and the standings as they are decide who won."""

    def __post_init__(self) -> None:
        # Here, so that no path (recording, import, a game of one's own) builds one.
        if len(self.rounds) > MAX_MATCH_ROUNDS:
            raise MatchError("too-many-rounds", max=MAX_MATCH_ROUNDS)

    @classmethod
    def new(
        cls,
        game_id: str | Game,
        players: Iterable[str],
        *,
        scoring: str | None = None,
        limit: int | None = None,
        limit_rule: str | None = None,
        rounds: int | None = None,
        values: Mapping[str, int] | None = None,
        decks: int | None = None,
        first_dealer: str | None = None,
        card_set: str | None = None,
        extra_wilds: int | None = None,
    ) -> Match:
        """A match with no rounds yet: the game's defaults plus the table's choices.

        `game_id` is a built-in game's id, or a Game (a user's, from
        `game_definitions.define_game`) that the match keeps a copy of.
        """
        game = game_id if isinstance(game_id, Game) else get_game(game_id)
        return cls._created(
            game,
            check_players(game, players),
            own=not isinstance(game_id, str),
            scoring=scoring,
            limit=limit,
            limit_rule=limit_rule,
            rounds=rounds,
            values=values,
            decks=decks,
            first_dealer=first_dealer,
            card_set=card_set,
            extra_wilds=extra_wilds,
        )

    @classmethod
    def _created(
        cls,
        game: Game,
        seats: tuple[str, ...],
        *,
        own: bool,
        scoring: str | None,
        limit: object,
        limit_rule: object,
        rounds: object,
        values: Mapping[str, int] | None,
        decks: int | None,
        first_dealer: str | None,
        card_set: str | None,
        extra_wilds: int | None,
    ) -> Match:
        chosen_scoring = check_scoring(game, scoring)
        settings = MatchSettings(
            scoring=chosen_scoring,
            end=check_end(game, chosen_scoring, limit, limit_rule, rounds),
            values=check_values(game, values),
            decks=check_decks(game, decks, len(seats)),
            card_set=check_card_set(game, card_set),
            extra_wilds=check_extra_wilds(game, extra_wilds),
        )
        if first_dealer is None:
            first_dealer = seats[0]
        if first_dealer not in seats:
            raise MatchError("unknown-dealer", player=first_dealer)
        definition = game if own else None
        return cls(game.id, seats, first_dealer, settings, definition=definition)

    @property
    def game(self) -> Game:
        """The game this match is played under."""
        return self.definition or get_game(self.game_id)

    def _build_round(
        self,
        went_out: str | None,
        hands: Mapping[str, object],
        places: Sequence[str] | None = None,
    ) -> Round:
        return build_round(
            self.game,
            self.players,
            self.settings.scoring,
            self.settings.values,
            self.settings.deck_limits(self.game),
            went_out,
            hands,
            places,
        )

    def _round_index(self, index: int) -> int:
        if not isinstance(index, int) or not 0 <= index < len(self.rounds):
            raise MatchError("no-such-round", round=index)
        return index

    def record_round(
        self,
        went_out: str | None,
        hands: Mapping[str, object],
        *,
        places: Sequence[str] | None = None,
    ) -> Match:
        """This match with one more round; MatchError if over or the round is bad.

        `places`, for a round the others played on: everyone who went out, first
        to last (starting with `went_out`); `hands` then holds the last player's.
        """
        if self.is_over:
            raise MatchError("match-over")
        played = self._build_round(went_out, hands, places)
        return replace(self, rounds=(*self.rounds, played))

    def edit_round(
        self,
        index: int,
        went_out: str | None,
        hands: Mapping[str, object],
        *,
        places: Sequence[str] | None = None,
    ) -> Match:
        """This match with round `index` (0-based) recorded anew; it may reopen."""
        index = self._round_index(index)
        new_round = self._build_round(went_out, hands, places)
        rounds = (*self.rounds[:index], new_round, *self.rounds[index + 1 :])
        return self._changed_to(replace(self, rounds=rounds))

    def delete_round(self, index: int) -> Match:
        """This match without round `index` (0-based).

        A match ended early whose last round goes is open again: standings of
        no rounds decide nothing.
        """
        index = self._round_index(index)
        rounds = self.rounds[:index] + self.rounds[index + 1 :]
        # Points are never negative: a round taken away ends the match no sooner.
        return replace(
            self, rounds=rounds, ended_early=self.ended_early and bool(rounds)
        )

    def _ended_after(self) -> int | None:
        """The round after which the match ended, when rounds follow it."""
        return self.settings.end.rounds_after_end([r.points for r in self.rounds])

    def _changed_to(self, changed: Match) -> Match:
        """`changed`, or MatchError when the change of a round ends the match
        before rounds recorded after it (no round is played after the end; a
        match stored so by an earlier version may still be changed, no worse)."""
        ended = changed._ended_after()
        if ended is not None:
            before = self._ended_after()
            if before is None or ended < before:
                # `round` 0-based, as every round a MatchError names.
                raise MatchError("round-after-end", round=ended - 1)
        return changed

    def end_early(self) -> Match:
        """This match over now, by the table's agreement; the game's own rule
        (lowest or highest total) names the winners from the totals so far.

        MatchError if it is over already or has no rounds to decide by.
        """
        if self.is_over:
            raise MatchError("already-over")
        if not self.rounds:
            raise MatchError("nothing-to-end")
        return replace(self, ended_early=True)

    def rename_player(self, old: str, new: str) -> Match:
        """This match with player `old` called `new` everywhere."""
        if old not in self.players:
            raise MatchError("unknown-player", player=old)
        new = check_name(new)
        NameBook(p for p in self.players if p != old).refuse(new)

        def renamed(name: str) -> str:
            return new if name == old else name

        rounds = tuple(
            replace(
                r,
                went_out=None if r.went_out is None else renamed(r.went_out),
                hands=tuple((renamed(p), e) for p, e in r.hands),
                places=tuple(renamed(p) for p in r.places),
            )
            for r in self.rounds
        )
        return replace(
            self,
            players=tuple(new if p == old else p for p in self.players),
            first_dealer=new if self.first_dealer == old else self.first_dealer,
            rounds=rounds,
        )

    @cached_property
    def _totals(self) -> tuple[int, ...]:
        columns = zip(*(r.points for r in self.rounds), strict=True)
        return tuple(sum(column) for column in columns) or (0,) * len(self.players)

    def totals(self) -> dict[str, int]:
        """Each player's total over all rounds, in seat order."""
        return dict(zip(self.players, self._totals, strict=True))

    def round_points(self) -> list[dict[str, int]]:
        """Each round's points per player."""
        return [dict(zip(self.players, r.points, strict=True)) for r in self.rounds]

    def running_totals(self) -> list[dict[str, int]]:
        """Each player's total after every round: the series a chart draws."""
        series: list[dict[str, int]] = []
        running = [0] * len(self.players)
        for r in self.rounds:
            running = [a + b for a, b in zip(running, r.points, strict=True)]
            series.append(dict(zip(self.players, running, strict=True)))
        return series

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total is best (penalty scoring, unless the game's
        definition says otherwise)."""
        return self.game.lowest_total_wins(self.settings.scoring)

    def ranking(self) -> list[Standing]:
        """The standings, best first; equal totals share a rank, in seat order."""
        sign = 1 if self.lowest_wins else -1
        order = sorted(
            range(len(self.players)), key=lambda seat: sign * self._totals[seat]
        )
        standings: list[Standing] = []
        for position, seat in enumerate(order):
            total = self._totals[seat]
            if standings and standings[-1].total == total:
                rank = standings[-1].rank
            else:
                rank = position + 1
            standings.append(Standing(rank, self.players[seat], total))
        return standings

    @property
    def leaders(self) -> list[str]:
        """The players currently best placed (all of them before the first round)."""
        return [s.player for s in self.ranking() if s.rank == 1]

    @property
    def is_over(self) -> bool:
        """Whether the match has reached its end condition or was ended early."""
        return self.ended_early or self.settings.end.reached(
            len(self.rounds), self._totals
        )

    @property
    def winners(self) -> list[str]:
        """Who won (several on a tie); empty while the match goes on."""
        return self.leaders if self.is_over else []

    def distance_to_limit(self) -> dict[str, int] | None:
        """Points each player has left before the limit (negative past it)."""
        end = self.settings.end
        if end.kind is not EndKind.LIMIT:
            return None
        return {
            p: end.value - t for p, t in zip(self.players, self._totals, strict=True)
        }

    @property
    def rounds_left(self) -> int | None:
        """Rounds still to play in a match of fixed length, else None."""
        end = self.settings.end
        if end.kind is not EndKind.ROUNDS:
            return None
        return max(0, end.value - len(self.rounds))

    def dealer(self, round_index: int) -> str:
        """Who deals round `round_index` (0-based): the deal moves one seat a round."""
        first = self.players.index(self.first_dealer)
        return self.players[(first + round_index) % len(self.players)]

    @property
    def next_dealer(self) -> str:
        """Who deals the next round."""
        return self.dealer(len(self.rounds))

    @property
    def next_starter(self) -> str:
        """Who plays first in the next round: the player after the dealer."""
        seat = self.players.index(self.next_dealer)
        return self.players[(seat + 1) % len(self.players)]

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form: what happened, never the totals (and a user's
        game's definition, as the match was played by it)."""
        data: dict[str, Any] = {
            "game": self.game_id,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "settings": self.settings.to_dict(),
            "rounds": [round_to_dict(r) for r in self.rounds],
        }
        # Only when a round says where it came from: older files read the same.
        origins_to_dict([r.origin for r in self.rounds], data)
        if self.definition is not None:
            data["definition"] = game_definition(self.definition)
        if self.ended_early:
            # Only when set: a match file of an earlier version reads the same.
            data["ended_early"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, stored: bool = False) -> Match:
        """A match rebuilt and fully re-validated from `to_dict`'s form: no
        round after the end, as none is recorded after it ("match-over").

        `stored`: a match file of this phone's, which an earlier version may
        have written with rounds after the end (a round edited then, or a code
        it took in): read as it was, never a round lost.
        """
        try:
            settings = data["settings"]
            limit, rule, rounds = end_from_dict(settings["end"])
            own = "definition" in data
            game = define_game(data["definition"]) if own else get_game(data["game"])
            if game.id != data["game"]:
                raise MatchError("bad-game-definition", reason="id")
            # Names stored under earlier rules stay readable (names.py).
            seats = check_players(game, data["players"], stored=True)
            match = cls._created(
                game,
                seats,
                own=own,
                scoring=settings["scoring"],
                limit=limit,
                limit_rule=rule,
                rounds=rounds,
                values=settings["values"],
                decks=settings["decks"],
                first_dealer=data["first_dealer"],
                # Stored without one: regular decks, what every match was
                # played with before card sets (to_dict leaves it out for them).
                card_set=settings.get("card_set", REGULAR_CARDS.id),
                extra_wilds=settings.get("extra_wilds"),
            )
            if len(data["rounds"]) > MAX_MATCH_ROUNDS:
                raise MatchError("too-many-rounds", max=MAX_MATCH_ROUNDS)
            origins = origins_from_dict(data)
            built = (
                match._build_round(r["went_out"], r["hands"], r.get("places"))
                for r in data["rounds"]
            )
            played = tuple(
                r if origin is None else replace(r, origin=origin)
                for r, origin in zip(built, origins, strict=True)
            )
            ended_early = data.get("ended_early", False)
            if not isinstance(ended_early, bool):
                raise TypeError("ended_early")
            if ended_early and not played:
                raise MatchError("nothing-to-end")
            points = [r.points for r in played]
            if not stored and match.settings.end.rounds_after_end(points) is not None:
                raise MatchError("match-over")
        except MatchError as error:
            raise MatchError("bad-match-data", reason=error.code) from error
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise MatchError("bad-match-data", reason=type(error).__name__) from error
        return replace(match, rounds=played, ended_early=ended_early)
