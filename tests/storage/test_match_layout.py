"""The layout's numbering: every game, card set and rule has its number, for good."""

from __future__ import annotations

from datetime import UTC, datetime

from handed_matches import mau_mau

from companion.engine.games import CARD_SETS, GAMES, EndKind, LimitRule, Scoring
from companion.engine.match import Match
from companion.storage import match_layout
from companion.storage.match_code import decode_match
from companion.storage.records import StoredMatch

VERSION_1_CODES = [
    "011729277480674810754167306642552791581796870542551280706359851287864020"
    "884335128227899467646442722558012454409480517688212172934332356813618242"
    "063446732810003573923763",
    "012896534137368280621936753736088961353864704695462246434331699407413810"
    "442232043974907108619809183425933446098990819279021979435377956454062167"
    "338224286783777624762773002827191478913696153669234418645196705055731186"
    "892489216490543904683313135637068378275841736644831",
]
"""Codes written by format version 1: read the same by every later app."""


def test_every_built_in_game_card_set_and_rule_has_a_number() -> None:
    assert set(GAMES) <= set(match_layout.BUILT_IN_GAMES)
    assert set(CARD_SETS) <= set(match_layout.CARD_SETS)
    for cards in CARD_SETS.values():
        assert set(cards.cards) <= set(match_layout.ALL_FACES)
    assert {s.value for s in Scoring} <= set(match_layout.SCORINGS)
    assert {k.value for k in EndKind} <= set(match_layout.END_KINDS)
    assert {r.value for r in LimitRule} <= set(match_layout.LIMIT_RULES)
    assert len(match_layout.ALL_FACES) <= 16


def test_codes_of_format_1_read_the_same_for_good() -> None:
    eights = Match.new(
        "crazy-eights",
        ["Ada", "Bo", "Cy", "Di"],
        limit=200,
        values={"8": 25},
        decks=2,
        first_dealer="Bo",
    )
    eights = eights.record_round(
        "Ada", {"Bo": {"8": 1, "K": 2}, "Cy": 7, "Di": {"A": 3}}
    )
    eights = eights.record_round("Bo", {"Di": {"Q": 1}}, places=["Bo", "Cy", "Ada"])
    eights = eights.record_round(
        None, {"Ada": {"2": 1}, "Bo": {"3": 1}, "Cy": {"4": 4}, "Di": 12}
    )
    own = Match.new(mau_mau("uno-cards"), ["Аня", "Ζωή", "🦊"])
    own = own.record_round("🦊", {"Аня": {"J": 2, "RJ": 1}, "Ζωή": {"A": 1}})
    assert [decode_match(code) for code in VERSION_1_CODES] == [
        StoredMatch(
            "5eed0000c0de",
            datetime(2026, 3, 14, 19, 30, 5, tzinfo=UTC),
            datetime(2026, 3, 14, 20, 0, 0, tzinfo=UTC),
            eights.end_early(),
        ),
        StoredMatch(
            "0123456789abcdef", datetime(2026, 3, 15, 12, 0, 0, tzinfo=UTC), None, own
        ),
    ]
