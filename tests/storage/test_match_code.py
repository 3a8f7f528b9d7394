"""A match as digits and back: every game and rule kept, every bad code refused."""

from __future__ import annotations

import random
import tracemalloc
import zlib
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from handed_matches import (
    NAMES_BY_SCRIPT,
    SIX,
    mau_mau,
    play,
    stored,
    table,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.digit_blocks import bytes_to_digits, versioned_digits
from companion.engine.game_definitions import define_game, game_definition
from companion.engine.games import EndKind, LimitRule
from companion.engine.names import MAX_NAME_BYTES
from companion.engine.rounds import Hand, Round
from companion.storage import StoreError, match_code
from companion.storage.layout_bytes import LayoutWriter
from companion.storage.match_code import (
    FORMAT_VERSION,
    MAX_CODE_DIGITS,
    MAX_LAYOUT_BYTES,
    decode_match,
    digits_for_bytes,
    digits_to_bytes,
    encode_match,
    frame_deflated,
    pack_layout,
)
from companion.storage.match_layout import ALL_FACES, write_layout

HOUSE_RULES = [
    ("crazy-eights", {}),
    ("crazy-eights", {"limit": 150}),
    ("crazy-eights", {"limit": 150, "limit_rule": "reaches"}),
    ("crazy-eights", {"rounds": 8}),
    ("crazy-eights", {"values": {"8": 25, "A": 11, "K": 0}}),
    ("crazy-eights", {"decks": 2}),
    ("crazy-eights", {"scoring": "winner-collects"}),
    ("crazy-eights", {"first_dealer": "Cyrus"}),
    ("vandatta", {}),
    ("vandatta", {"rounds": 12}),
    ("vandatta", {"limit": 60, "limit_rule": "exceeds"}),
    ("vandatta", {"values": {"8": 20}, "decks": 2}),
    ("uno", {}),
    ("uno", {"card_set": "regular"}),
    ("uno", {"card_set": "uno-cards"}),
    ("uno", {"card_set": "uno-cards", "extra_wilds": 4}),
    ("uno", {"extra_wilds": 20, "limit": 1000}),
    ("uno", {"scoring": "penalty", "limit": 250}),
    ("uno", {"values": {"RJ": 40, "K": 25}}),
]


def round_trip(match_stored):
    return decode_match(encode_match(match_stored))


@pytest.mark.parametrize(("game", "rules"), HOUSE_RULES)
def test_every_game_and_house_rule_comes_back_the_same(game, rules) -> None:
    match = play(table(SIX[:4], game, **rules), 14, seed=len(str(rules)), most_cards=3)
    assert len(match.rounds) >= 2
    handed = stored(match)
    assert round_trip(handed) == handed
    assert round_trip(handed).match.totals() == match.totals()


def test_a_match_played_on_for_places_keeps_every_place() -> None:
    match = play(table(SIX, limit=5000), 30, seed=3)
    assert sum(bool(r.places) for r in match.rounds) >= 3
    assert any(r.went_out is None for r in match.rounds)
    assert round_trip(stored(match)).match.rounds == match.rounds


def test_points_entered_instead_of_cards_come_back_as_points() -> None:
    match = play(table(SIX, limit=5000), 30, seed=4)
    entered = [e for r in match.rounds for _, e in r.hands if isinstance(e, int)]
    assert entered
    assert round_trip(stored(match)).match.round_points() == match.round_points()


@pytest.mark.parametrize("card_set", ["regular", "uno-cards"])
def test_an_own_game_comes_with_its_whole_definition(card_set: str) -> None:
    match = play(table(SIX[:3], mau_mau(card_set)), 10, seed=5)
    back = round_trip(stored(match)).match
    assert back.definition == match.definition
    assert back == match


def test_an_ended_match_comes_back_ended_with_its_finish() -> None:
    match = play(table(SIX[:3], limit=5000), 4, seed=6).end_early()
    back = round_trip(stored(match))
    assert back.match.ended_early and back.match.winners == match.winners
    assert back.finished == stored(match).finished


def test_a_match_that_reached_its_end_keeps_its_winners() -> None:
    match = play(table(SIX[:3], "vandatta", rounds=3), 3, seed=7)
    assert match.is_over and not match.ended_early
    assert round_trip(stored(match)).match.winners == match.winners


def test_a_match_with_no_round_yet_comes_back_empty() -> None:
    handed = stored(table(SIX[:2]))
    assert round_trip(handed) == handed


@pytest.mark.parametrize("script", NAMES_BY_SCRIPT)
def test_names_in_every_script_come_back_as_typed(script: str) -> None:
    names = NAMES_BY_SCRIPT[script]
    match = play(table(names), 5, seed=8)
    assert round_trip(stored(match)).match.players == tuple(names)


def test_the_times_come_to_the_second() -> None:
    created = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    handed = replace(stored(table(SIX[:2])), created=created)
    assert round_trip(handed).created == created.replace(microsecond=0)


def test_a_code_is_digits_only_and_starts_with_its_version() -> None:
    code = encode_match(stored(play(table(SIX), 10)))
    assert code.isascii() and code.isdigit()
    assert code.startswith(f"{FORMAT_VERSION:02d}")


@given(st.binary(max_size=200))
def test_bytes_to_digits_and_back_is_exact(data: bytes) -> None:
    digits = bytes_to_digits(data)
    assert len(digits) == digits_for_bytes(len(data))
    assert digits_to_bytes(digits) == data


def _refusal(code: str) -> str:
    with pytest.raises(StoreError) as refused:
        decode_match(code)
    return refused.value.code


def test_a_code_cut_short_anywhere_says_so() -> None:
    code = encode_match(stored(play(table(SIX[:4]), 8)))
    for end in range(len(code)):
        assert _refusal(code[:end]) == "code-cut-short", end


def test_any_digit_changed_is_caught_by_the_checksum() -> None:
    code = encode_match(stored(play(table(SIX[:4]), 8)))
    for at in range(2, len(code)):
        changed = code[:at] + str((int(code[at]) + 1) % 10) + code[at + 1 :]
        assert _refusal(changed) == "code-damaged", at


def test_a_code_from_a_newer_app_is_refused_by_its_version() -> None:
    code = encode_match(stored(table(SIX[:2])))
    with pytest.raises(StoreError) as refused:
        decode_match(f"{FORMAT_VERSION + 1:02d}" + code[2:])
    assert refused.value.code == "code-newer-version"
    assert refused.value.params == {
        "version": FORMAT_VERSION + 1,
        "supported": FORMAT_VERSION,
    }
    assert _refusal("00" + code[2:]) == "code-damaged"


def test_a_code_past_the_length_bound_is_refused_unread() -> None:
    assert _refusal("01" + "0" * (MAX_CODE_DIGITS - 1)) == "code-too-large"


def _bomb(inflated: int) -> str:
    """A code whose frame and checksum hold, inflating to `inflated` zero bytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = bytes(2**20)
    deflated = b"".join(packer.compress(chunk) for _ in range(inflated // len(chunk)))
    frame = frame_deflated(deflated + packer.flush())
    return f"{FORMAT_VERSION:02d}" + bytes_to_digits(frame)


def test_a_zip_bomb_is_refused_without_inflating_it() -> None:
    code = _bomb(200 * 2**20)
    assert len(code) < MAX_CODE_DIGITS
    tracemalloc.start()
    try:
        assert _refusal(code) == "code-too-large"
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # The digits and the frame take ~1.5 MB; 200 MB inflated would show.
    assert peak < 4 * MAX_LAYOUT_BYTES + 8 * len(code)


@pytest.mark.parametrize("depth", [64, 100_000])
def test_a_deeply_nested_payload_is_damage_not_a_crash(depth: int) -> None:
    assert _refusal(pack_layout(b"[" * depth + b"]" * depth)) == "code-damaged"


def _forged(match, **changes) -> str:
    """The code of a match changed past the engine's checks (the code writes
    whatever a Match holds, as a hostile phone's could)."""
    return encode_match(stored(replace(match, **changes)))


def _settings(match, **changes):
    return {"settings": replace(match.settings, **changes)}


def _with_round(match, went_out, hands, places=()):
    forged = Round(went_out, tuple(hands.items()), (0,) * len(match.players), places)
    return {"rounds": (*match.rounds, forged)}


EIGHTS = play(table(SIX[:3], limit=5000), 2, seed=9)
UNO = play(table(SIX[:3], "uno"), 2, seed=9)
VANDATTA = play(table(SIX[:3], "vandatta"), 2, seed=9)
FOUR = table(SIX[:4])
ELEVEN = tuple(f"P{n}" for n in range(11))
FORGERIES = {
    "deck-limit": (
        EIGHTS,
        _with_round(EIGHTS, "Ada", {"Bo": Hand((("8", 9),)), "Åse": 3}),
    ),
    "points-too-high": (EIGHTS, _with_round(EIGHTS, "Ada", {"Bo": 20_000, "Åse": 3})),
    "nobody-out-not-allowed": (UNO, _with_round(UNO, None, {p: 3 for p in SIX[:3]})),
    "places-not-allowed": (
        VANDATTA,
        _with_round(VANDATTA, "Ada", {"Åse": 3}, ("Ada", "Bo")),
    ),
    "places-first-out": (
        FOUR,
        _with_round(FOUR, "Ada", {"Cyrus": 3}, ("Bo", "Ada", "Åse")),
    ),
    "placed-twice": (
        FOUR,
        _with_round(FOUR, "Ada", {"Åse": 3, "Cyrus": 3}, ("Ada", "Bo", "Bo")),
    ),
    "places-leave-one": (
        FOUR,
        _with_round(FOUR, "Ada", {"Åse": 3, "Cyrus": 3}, ("Ada", "Bo")),
    ),
    "player-count": (EIGHTS, {"players": ELEVEN, "first_dealer": "P0", "rounds": ()}),
    "duplicate-name": (EIGHTS, {"players": ("Ada", "ADA", "Bo"), "rounds": ()}),
    "nothing-to-end": (EIGHTS, {"rounds": (), "ended_early": True}),
    "bad-card-value": (
        EIGHTS,
        _settings(EIGHTS, values={**EIGHTS.settings.values, "8": 5000}),
    ),
    "bad-decks": (EIGHTS, _settings(EIGHTS, decks=7)),
    "too-many-for-decks": (
        FOUR,
        {"players": (*SIX, "Frida"), **_settings(FOUR, decks=1)},
    ),
    "bad-extra-wilds": (EIGHTS, _settings(EIGHTS, extra_wilds=3)),
    "unknown-card-set": (EIGHTS, _settings(EIGHTS, card_set="uno-cards")),
}


@pytest.mark.parametrize("reason", FORGERIES)
def test_a_match_the_engine_refuses_is_refused(reason: str) -> None:
    match, changes = FORGERIES[reason]
    with pytest.raises(StoreError) as refused:
        decode_match(_forged(match, **changes))
    assert refused.value.code == "code-bad-match"
    assert refused.value.params == {"reason": reason}


@pytest.mark.parametrize(
    ("end", "reason"),
    [
        ({"kind": "limit", "value": 0, "rule": "exceeds"}, "bad-limit"),
        ({"kind": "limit", "value": 100_001, "rule": "exceeds"}, "bad-limit"),
        ({"kind": "rounds", "value": 1001}, "bad-rounds"),
    ],
)
def test_an_end_the_engine_refuses_is_refused(end, reason) -> None:
    condition = replace(
        EIGHTS.settings.end,
        kind=EndKind(end["kind"]),
        value=end["value"],
        rule=end.get("rule") and LimitRule(end["rule"]),
    )
    with pytest.raises(StoreError) as refused:
        decode_match(_forged(EIGHTS, **_settings(EIGHTS, end=condition)))
    assert refused.value.params == {"reason": reason}


def test_an_own_game_named_like_a_built_in_is_refused() -> None:
    match = table(SIX[:2], mau_mau())
    game = replace(match.game, name_key="Uno")
    code = encode_match(stored(replace(match, definition=game)))
    with pytest.raises(StoreError) as refused:
        decode_match(code)
    assert refused.value.params == {"reason": "game-name-taken"}


def test_more_rounds_than_a_match_holds_are_refused_before_they_are_read() -> None:
    # Version 1's layout, which ends on the count of rounds.
    head = write_layout(stored(table(SIX[:2])), 1)
    assert head[-1] == 0  # the count of rounds, none following
    rounds = LayoutWriter()
    rounds.uint(1001)
    with pytest.raises(StoreError) as refused:
        decode_match(pack_layout(head[:-1] + rounds.bytes(), 1))
    assert refused.value.params == {"reason": "too-many-rounds"}


@pytest.mark.parametrize(
    "names",
    [
        ["Ada", "\u0410da"],  # a Cyrillic А: one player who looks like two
        ["Ada\u200b", "Bo"],
        ["Ada", "B" * 25],
        ["Ada", "Bo\u202e"],
    ],
)
def test_a_name_the_name_rules_refuse_is_refused(names: list[str]) -> None:
    match = table(["X1", "X2"])
    code = encode_match(
        stored(replace(match, players=tuple(names), first_dealer=names[0]))
    )
    assert _refusal(code) == "code-bad-name"


def _with_names(names: list[bytes]) -> str:
    """The code of a six-player match whose names' bytes are `names` (and
    then the rest of SIX), written past every check."""
    layout = write_layout(stored(table(SIX)), FORMAT_VERSION)
    for seat, name in enumerate(names):
        old, new = LayoutWriter(), LayoutWriter()
        old.text(SIX[seat])
        new.uint(len(name))
        new.raw(name)
        assert layout.count(old.bytes()) == 1
        layout = layout.replace(old.bytes(), new.bytes())
    return pack_layout(layout)


def test_names_of_thousands_of_marks_are_refused_by_their_bytes() -> None:
    # Issue 54: four names of "a" and 40,000 accents, 984 digits, took 3.2 s
    # to decode (one character each, as a person counts them).
    marks = [(letter + "\u0301" * 40_000).encode() for letter in "abcd"]
    code = _with_names(marks)
    assert len(code) < 1100
    assert _refusal(code) == "code-name-too-long"
    # Before a byte of it is decoded: no UTF-8 at all, yet too long first.
    assert _refusal(_with_names([b"\xff" * (MAX_NAME_BYTES + 1)])) == (
        "code-name-too-long"
    )


def test_a_name_at_the_byte_bound_comes_through() -> None:
    name = "a" + "\u0301" * ((MAX_NAME_BYTES - 1) // 2) + "b"
    assert len(name.encode()) == MAX_NAME_BYTES
    assert decode_match(_with_names([name.encode()])).match.players[0] == name


REFUSALS = {
    "code-not-a-match",
    "code-cut-short",
    "code-damaged",
    "code-newer-version",
    "code-too-large",
    "code-bad-match",
    "code-round-after-end",
    "code-bad-name",
    "code-name-too-long",
}
VALID = encode_match(stored(play(table(SIX), 12, seed=10)))
VALID_LAYOUT = write_layout(stored(play(table(SIX), 12, seed=10)), FORMAT_VERSION)


def _decoded_or_refused(code: str) -> None:
    """A code decodes to a match the engine takes, or is refused with a code."""
    try:
        handed = decode_match(code)
    except StoreError as error:
        assert error.code in REFUSALS
    else:
        assert decode_match(encode_match(handed)) == handed


def _deflated(layout: bytes) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(layout) + packer.flush()


def test_fuzz_mutated_bodies_in_a_good_frame_reach_the_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Random digits almost never pass the checksum: these are framed right
    # (version, head, checksum), their deflated body changed a few bytes.
    rng = random.Random(54)
    body = _deflated(VALID_LAYOUT)
    parsed: list[bytes] = []
    read = match_code.read_layout
    monkeypatch.setattr(
        match_code, "read_layout", lambda raw, v: parsed.append(raw) or read(raw, v)
    )
    for _ in range(300):
        mutations = [
            (rng.choice(["replace", "insert", "delete"]), rng.randrange(2**16), b)
            for b in rng.randbytes(rng.randint(1, 4))
        ]
        changed = bytes(_mutated(body, mutations, list(range(256))))
        _decoded_or_refused(versioned_digits(FORMAT_VERSION, frame_deflated(changed)))
    # A third of them inflate to a layout the parser then reads.
    assert len(parsed) > 60


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_random_text(code: str) -> None:
    _decoded_or_refused(code)


mutation = st.tuples(
    st.sampled_from(["replace", "insert", "delete"]),
    st.integers(min_value=0),
    st.integers(min_value=0, max_value=255),
)


def _mutated(data, mutations, alphabet):
    data = list(data)
    for kind, at, value in mutations:
        at %= len(data) + 1
        item = alphabet[value % len(alphabet)]
        if kind == "insert":
            data.insert(at, item)
        elif data and at < len(data):
            if kind == "replace":
                data[at] = item
            else:
                del data[at]
    return data


@settings(max_examples=300, deadline=None)
@given(st.lists(mutation, min_size=1, max_size=6))
def test_fuzz_mutated_codes(mutations) -> None:
    _decoded_or_refused("".join(_mutated(VALID, mutations, "0123456789")))


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(mutation, min_size=1, max_size=6))
def test_fuzz_mutated_layouts_behind_a_good_checksum(mutations) -> None:
    # Past the checksum: the layout's reader and the engine's checks alone.
    layout = bytes(_mutated(VALID_LAYOUT, mutations, list(range(256))))
    _decoded_or_refused(pack_layout(layout))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_random_layouts_behind_a_good_checksum(layout: bytes) -> None:
    _decoded_or_refused(pack_layout(layout))


def test_a_match_as_large_as_the_engine_allows_goes_through_a_code() -> None:
    faces = {face: {"value": 1000, "copies": 20} for face in ALL_FACES}
    definition = {**game_definition(mau_mau()), "faces": faces, "decks": 4}
    game = define_game({**definition, "max_players": 10})
    names = [f"{'🦊' * 22}{n:02d}" for n in range(10)]
    match = table(names, game, rounds=1000)
    hand = {face: 8 for face in ALL_FACES}
    for at in range(1000):
        out = names[at % 10]
        match = match.record_round(out, {p: hand for p in names if p != out})
    assert len(write_layout(stored(match), FORMAT_VERSION)) < MAX_LAYOUT_BYTES
    assert round_trip(stored(match)) == stored(match)


def test_a_match_past_what_a_code_carries_is_refused_on_the_sending_phone() -> None:
    # Twenty-four letters, each under a thousand accents: 24 characters as the
    # name rules count them, 53 KB as a code carries them (seated past the
    # rules' checks, which take seconds over such names).
    names = tuple((letter + "\u0301" * 1100) * 24 for letter in "abcdefghij")
    match = replace(table(SIX, limit=100_000), players=names, first_dealer=names[0])
    with pytest.raises(StoreError) as refused:
        encode_match(stored(match))
    assert refused.value.code == "match-too-large"


def test_bytes_after_the_deflated_stream_are_damage() -> None:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = packer.compress(VALID_LAYOUT) + packer.flush()
    frame = frame_deflated(deflated + b"\x00")
    assert _refusal(f"{FORMAT_VERSION:02d}" + bytes_to_digits(frame)) == "code-damaged"


def test_a_stream_that_is_no_deflate_is_damage() -> None:
    frame = frame_deflated(b"\xff\xff\xff\xff")
    assert _refusal(f"{FORMAT_VERSION:02d}" + bytes_to_digits(frame)) == "code-damaged"


def test_a_match_id_that_is_none_of_ours_is_damage() -> None:
    layout = write_layout(stored(table(SIX[:2]), match_id="abcde"), FORMAT_VERSION)
    assert _refusal(pack_layout(layout)) == "code-damaged"


def test_digits_no_bytes_are_written_as_are_refused() -> None:
    with pytest.raises(StoreError) as refused:
        digits_to_bytes("1234")
    assert refused.value.code == "code-cut-short"
    # 17 nines are more than 7 bytes hold.
    assert _refusal("01" + "9" * 17 + "0" * 17) == "code-damaged"


def test_a_table_past_any_the_layout_holds_is_refused_before_its_names() -> None:
    names = tuple(f"P{n}" for n in range(256))
    match = replace(table(SIX[:2]), players=names, first_dealer=names[0])
    assert _refusal(encode_match(stored(match))) == "code-damaged"
