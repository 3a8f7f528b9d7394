"""A match's rounds as a bit stream: most of a match code, so packed tight.

Each round: who went out (0 for nobody, else seat + 1) in as few bits as the
table needs, one bit for "played on for places" (then their count and seats),
then for each seat not out, in seat order, one bit: a hand (0) or points
entered (1, then points + 1 in Elias gamma code). A hand is its card count
(gamma) and its rank among all hands of that many cards of the game's faces
(the multiset's number in the combinatorial number system), in as many bits as
there are such hands: four cards of 13 faces take 11 bits, against 2-3 bytes
as (face, count) pairs. Random hands do not deflate; these bits are near
their entropy. A hand of more than BIG_HAND cards is a mask of its faces and
each one's count (gamma) instead: reading a rank costs steps in proportion to
the cards, and a forged code could claim a thousand in every hand.
"""

from __future__ import annotations

from math import comb
from typing import Any

from companion.engine.match import Match
from companion.engine.rounds import Hand, Round
from companion.storage.layout_bytes import BitReader, BitWriter, LayoutError

BIG_HAND = 24
"""Cards in the largest hand written as a rank: more than anyone is left holding."""


def _hands_of(faces: int, cards: int) -> int:
    """How many different hands of `cards` cards `faces` faces make."""
    return comb(faces + cards - 1, cards)


def hand_rank(faces: tuple[str, ...], hand: Hand) -> int:
    """The hand's number among the hands of its size (0 up), faces in order."""
    held = sorted(faces.index(face) for face, n in hand.counts for _ in range(n))
    return sum(comb(face + at, at + 1) for at, face in enumerate(held))


def hand_of_rank(faces: tuple[str, ...], cards: int, rank: int) -> dict[str, int]:
    """The hand `hand_rank` numbers `rank` among hands of `cards` cards."""
    if rank >= _hands_of(len(faces), cards):
        raise LayoutError("hand-rank")
    hand: dict[str, int] = {}
    place = len(faces) + cards - 1
    for at in range(cards - 1, -1, -1):
        # The places fall as `at` does, so all the steps take O(faces + cards).
        place -= 1
        while comb(place, at + 1) > rank:
            place -= 1
        rank -= comb(place, at + 1)
        face = faces[place - at]
        hand[face] = hand.get(face, 0) + 1
    return hand


def _out_of_round(round_: Round) -> set[str | None]:
    """Who holds no entry in a round: everyone placed, else whoever went out."""
    return set(round_.places) or {round_.went_out}


def _write_hand(out: BitWriter, faces: tuple[str, ...], hand: Hand) -> None:
    out.gamma(hand.card_count)
    if hand.card_count <= BIG_HAND:
        count = _hands_of(len(faces), hand.card_count)
        out.bits(hand_rank(faces, hand), (count - 1).bit_length())
        return
    held = hand.as_dict()
    out.bits(sum(1 << at for at, face in enumerate(faces) if face in held), len(faces))
    for face in faces:
        if face in held:
            out.gamma(held[face])


def _read_hand(reader: BitReader, faces: tuple[str, ...]) -> dict[str, int]:
    cards = reader.gamma()
    if cards <= BIG_HAND:
        count = _hands_of(len(faces), cards)
        return hand_of_rank(faces, cards, reader.bits((count - 1).bit_length()))
    mask = reader.bits(len(faces))
    hand = {face: reader.gamma() for at, face in enumerate(faces) if mask >> at & 1}
    if sum(hand.values()) != cards:
        raise LayoutError("hand-count")
    return hand


def _write_round(out: BitWriter, match: Match, round_: Round) -> None:
    players, faces = match.players, match.game.faces
    seat_bits = len(players).bit_length()
    went_out = 0 if round_.went_out is None else players.index(round_.went_out) + 1
    out.bits(went_out, seat_bits)
    out.bits(bool(round_.places), 1)
    if round_.places:
        out.bits(len(round_.places), seat_bits)
        for player in round_.places:
            out.bits(players.index(player), (len(players) - 1).bit_length())
    entries, out_seats = dict(round_.hands), _out_of_round(round_)
    for player in players:
        if player in out_seats:
            continue
        entry = entries[player]
        out.bits(not isinstance(entry, Hand), 1)
        if isinstance(entry, Hand):
            _write_hand(out, faces, entry)
        else:
            out.gamma(entry + 1)


def write_rounds(match: Match) -> bytes:
    """Every round of `match` as bits (see the module), padded to whole bytes."""
    out = BitWriter()
    for round_ in match.rounds:
        _write_round(out, match, round_)
    return out.bytes()


def _seat(reader: BitReader, players: list[str], width: int) -> str:
    seat = reader.bits(width)
    if seat >= len(players):
        raise LayoutError("seat")
    return players[seat]


def _read_round(
    reader: BitReader, players: list[str], faces: tuple[str, ...]
) -> dict[str, Any]:
    seat_bits = len(players).bit_length()
    went_out_code = reader.bits(seat_bits)
    if went_out_code > len(players):
        raise LayoutError("seat")
    went_out = players[went_out_code - 1] if went_out_code else None
    round_: dict[str, Any] = {"went_out": went_out}
    out_seats: set[str | None] = {went_out}
    if reader.bits(1):
        placed = reader.bits(seat_bits)
        if placed > len(players):
            raise LayoutError("places")
        width = (len(players) - 1).bit_length()
        round_["places"] = [_seat(reader, players, width) for _ in range(placed)]
        out_seats = set(round_["places"]) or out_seats
    hands: dict[str, object] = {}
    for player in players:
        if player in out_seats:
            continue
        if reader.bits(1):
            hands[player] = reader.gamma() - 1
            continue
        hands[player] = _read_hand(reader, faces)
    round_["hands"] = hands
    return round_


def read_rounds(raw: bytes, head: Match, rounds: int) -> list[dict[str, Any]]:
    """`rounds` rounds in Match.to_dict's form, read from `raw` for the match
    `head` (its players and faces, checked by the engine already)."""
    reader = BitReader(raw)
    players, faces = list(head.players), head.game.faces
    read = [_read_round(reader, players, faces) for _ in range(rounds)]
    reader.end()
    return read
