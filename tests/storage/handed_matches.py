"""Matches for the hand-over tests: every game and house rule, names in many scripts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from companion.engine.game_definitions import define_game
from companion.engine.games import Game
from companion.engine.match import Match
from companion.storage.records import StoredMatch

NAMES_BY_SCRIPT = {
    "latin with diacritics": ["Åse", "Björn", "Zoë", "Łukasz", "Ñandú", "Ægir"],
    "cyrillic": ["Аня", "Борис", "Фёдор"],
    "greek": ["Αλέξης", "Δήμητρα", "Ζωή"],
    "cjk": ["王小明", "さくら", "김민준"],
    "arabic": ["مريم", "يوسف", "ليلى"],
    "hebrew and devanagari": ["נועה", "अनिल", "สมชาย"],
    "emoji": ["🦊", "👩‍👩‍👧 Fam", "🏳️‍🌈 Kim"],
}
"""Names every script the name rules accept, as a table would type them."""

SIX = ["Ada", "Bo", "Åse", "Cyrus", "Dagny", "Eirik"]

CREATED = datetime(2026, 3, 14, 19, 30, 5, tzinfo=UTC)
FINISHED = datetime(2026, 3, 14, 22, 1, 40, tzinfo=UTC)


def mau_mau(card_set: str = "regular", name: str = "Mau-Mau") -> Game:
    """A game of one's own: some faces, its own values, copies and end."""
    faces = {"A": 11, "7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 3, "K": 4}
    return define_game(
        {
            "id": "own-1a2b3c4d",
            "name": name,
            "card_set": card_set,
            "faces": {f: {"value": v, "copies": 4} for f, v in faces.items()}
            | {"RJ": {"value": 50, "copies": 2}},
            "decks": 2,
            "scoring": "penalty",
            "end": {"kind": "limit", "value": 300, "rule": "exceeds"},
            "lowest_wins": True,
            "nobody_out": True,
            "min_players": 2,
            "max_players": 6,
        }
    )


def _hand(rng: random.Random, deck: list[str], cards: int) -> dict[str, int]:
    hand: dict[str, int] = {}
    for _ in range(min(cards, len(deck))):
        face = deck.pop()
        hand[face] = hand.get(face, 0) + 1
    return hand


def play(match: Match, rounds: int, seed: int = 1, most_cards: int = 7) -> Match:
    """`match` with up to `rounds` more random rounds (fewer if it ends): each
    player left holds 1 to `most_cards` cards from a shuffled deck; some
    rounds are played on for places, or have nobody out, or points entered,
    where the game allows."""
    rng = random.Random(seed)
    players, game = list(match.players), match.game
    penalty = match.settings.scoring.value == "penalty"
    for _ in range(rounds):
        if match.is_over:
            break
        deck = [
            f for f, n in match.settings.deck_limits(game).items() for _ in range(n)
        ]
        rng.shuffle(deck)
        went_out: str | None = rng.choice(players)
        places: list[str] | None = None
        if penalty and game.allows_playing_on and rng.random() < 0.2:
            places = [
                went_out,
                *rng.sample([p for p in players if p != went_out], len(players) - 2),
            ]
        elif penalty and game.allows_nobody_out and rng.random() < 0.1:
            went_out = None
        holding = [p for p in players if p != went_out and p not in (places or [])]
        hands: dict[str, Any] = {}
        for player in holding:
            if rng.random() < 0.1:
                hands[player] = rng.randint(0, 60)
            else:
                hands[player] = _hand(rng, deck, rng.randint(1, most_cards)) or 5
        match = match.record_round(went_out, hands, places=places)
    return match


def stored(match: Match, match_id: str = "0123456789ab") -> StoredMatch:
    """`match` as the store keeps it, finished when it is over."""
    return StoredMatch(match_id, CREATED, FINISHED if match.is_over else None, match)


def table(
    names: Sequence[str], game: str | Game = "crazy-eights", **rules: Any
) -> Match:
    """A new match of `names` at `game` with house `rules`."""
    return Match.new(game, names, **rules)
