"""Hands as ranks: one number per hand, every hand its own, read back exactly."""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import pytest
from handed_matches import SIX, play, table
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.games import FACES, JOKERS
from companion.engine.rounds import Hand
from companion.storage import round_bits
from companion.storage.layout_bytes import BitWriter, LayoutError
from companion.storage.round_bits import (
    BIG_HAND,
    hand_of_rank,
    hand_rank,
    read_rounds,
    write_rounds,
)

UNO_FACES = (*FACES, *JOKERS)


def _hand(faces: tuple[str, ...], held: tuple[str, ...]) -> Hand:
    counts = {face: held.count(face) for face in faces if face in held}
    return Hand(tuple(counts.items()))


@pytest.mark.parametrize(("faces", "cards"), [(3, 4), (13, 3), (15, 2), (1, 5)])
def test_every_hand_of_a_size_has_its_own_rank_from_0_up(faces, cards) -> None:
    names = UNO_FACES[:faces]
    hands = [_hand(names, held) for held in combinations_with_replacement(names, cards)]
    ranks = sorted(hand_rank(names, hand) for hand in hands)
    assert ranks == list(range(comb(faces + cards - 1, cards)))
    for hand in hands:
        assert hand_of_rank(names, cards, hand_rank(names, hand)) == hand.as_dict()


@given(st.lists(st.sampled_from(UNO_FACES), min_size=1, max_size=BIG_HAND))
def test_any_hand_comes_back_from_its_rank(held: list[str]) -> None:
    hand = _hand(UNO_FACES, tuple(held))
    rank = hand_rank(UNO_FACES, hand)
    assert rank < comb(len(UNO_FACES) + len(held) - 1, len(held))
    assert hand_of_rank(UNO_FACES, len(held), rank) == hand.as_dict()


def test_a_rank_past_the_hands_of_its_size_is_refused() -> None:
    with pytest.raises(LayoutError, match="hand-rank"):
        hand_of_rank(FACES, 4, comb(13 + 3, 4))


def test_rounds_come_back_as_the_engine_wrote_them() -> None:
    match = play(table(SIX, limit=5000), 30, seed=11)
    read = read_rounds(write_rounds(match), table(SIX, limit=5000), 30)
    assert read == match.to_dict()["rounds"]


def test_a_hand_bigger_than_a_rank_is_written_by_its_faces() -> None:
    big = {"A": 8, "8": 8, "Q": 3, "K": 8}
    match = table(["Ada", "Bo"], "crazy-eights", decks=2, limit=5000)
    match = match.record_round("Ada", {"Bo": big})
    assert sum(big.values()) > BIG_HAND
    (read,) = read_rounds(write_rounds(match), table(["Ada", "Bo"], decks=2), 1)
    assert read["hands"] == {"Bo": big}


def test_a_round_of_two_with_four_cards_left_takes_three_bytes() -> None:
    match = table(["Ada", "Bo"]).record_round("Ada", {"Bo": {"A": 1, "8": 2, "K": 1}})
    # Who went out (2 bits), no places (1), a hand (1), 4 cards (gamma: 5),
    # which of the 1,820 hands of 4 cards of 13 faces (11): 20 bits.
    assert len(write_rounds(match)) == 3


def _forged_hand(cards: int, counts: dict[str, int]) -> bytes:
    """The bits of a 2-player round whose one hand claims `cards` cards and
    holds `counts`, written as a big hand is."""
    out = BitWriter()
    out.bits(1, 2)  # Ada went out
    out.bits(0, 1)  # no places
    out.bits(0, 1)  # a hand
    out.gamma(cards)
    out.bits(sum(1 << FACES.index(face) for face in counts), len(FACES))
    for face in FACES:
        if face in counts:
            out.gamma(counts[face])
    return out.bytes()


def test_a_big_hand_whose_counts_miss_its_size_is_refused() -> None:
    raw = _forged_hand(30, {"A": 8, "K": 8, "8": 8})
    with pytest.raises(LayoutError, match="hand-count"):
        read_rounds(raw, table(["Ada", "Bo"], decks=2), 1)


def test_a_thousand_card_hand_is_read_in_steps_of_faces_not_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A forged code may claim a thousand cards in each of 9,000 hands: a rank
    # of that many cards would take a step per card to read.
    steps = []

    def counted(n: int, k: int) -> int:
        steps.append((n, k))
        return comb(n, k)

    monkeypatch.setattr(round_bits, "comb", counted)
    raw = _forged_hand(1000, {face: 77 for face in FACES[:12]} | {"K": 76})
    (read,) = read_rounds(raw, table(["Ada", "Bo"], decks=2), 1)
    assert sum(read["hands"]["Bo"].values()) == 1000
    assert len(steps) < 50
