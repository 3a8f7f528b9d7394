"""Where rounds came from travels in a match code (version 2), and a code of
version 1, which says nothing of it, is still read."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from handed_matches import SIX, play, stored, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.match import Match
from companion.engine.origins import LATEST_SECOND, Origin
from companion.storage import StoreError
from companion.storage.layout_bytes import LayoutReader, LayoutWriter
from companion.storage.match_code import decode_match, encode_match, pack_layout
from companion.storage.match_layout import write_layout
from companion.storage.origin_layout import read_origins, write_origins
from companion.storage.round_bits import write_rounds

FIXTURES = Path(__file__).parent / "fixtures"
CREATED = int(datetime(2026, 3, 14, 19, 30, 5, tzinfo=UTC).timestamp())


def _origins(match: Match) -> list[Origin | None]:
    return [round_.origin for round_ in match.rounds]


def _with(match: Match, origins: list[Origin | None]) -> Match:
    rounds = tuple(
        replace(r, origin=o) for r, o in zip(match.rounds, origins, strict=True)
    )
    return replace(match, rounds=rounds)


def test_a_code_of_version_1_is_still_read() -> None:
    # Made by the app before rounds said where they came from (commit 6bdda79).
    code = (FIXTURES / "match-code-v1.txt").read_text().strip()
    assert code.startswith("01")
    came = decode_match(code)
    assert came.id == "0123456789ab"
    assert came.created == datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
    expected = Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
    expected = expected.record_round(
        "Ada", {"Bo": {"K": 1, "8": 1}, "Åse": {"3": 2}}
    ).record_round("Bo", {"Ada": 12, "Åse": {"A": 1}})
    assert came.match == expected
    assert _origins(came.match) == [None, None]


phone_ids = st.text("0123456789abcdef", min_size=8, max_size=8)
names = st.sampled_from(["", "Åse", "Bo", "李雷", "Mamma 👑"])
seconds = st.integers(0, LATEST_SECOND)
origins = st.one_of(st.none(), st.builds(Origin, phone_ids, seconds, names))


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 12), st.data())
def test_each_rounds_origin_comes_back_through_a_code(rounds: int, data) -> None:
    match = play(table(SIX[:4]), rounds, seed=rounds)
    played = len(match.rounds)
    said = data.draw(st.lists(origins, min_size=played, max_size=played))
    sent = stored(_with(match, said))
    came = decode_match(encode_match(sent))
    assert came == sent
    assert _origins(came.match) == said


def test_a_round_s_origin_costs_a_few_bytes() -> None:
    match = play(table(SIX[:3], rounds=40), 20, seed=3)
    assert len(match.rounds) == 20
    rounds = [
        Origin("a1b2c3d4", CREATED + 300 * n, "Åse" if n % 2 else "") for n in range(20)
    ]
    out = LayoutWriter()
    write_origins(out, _with(match, list(rounds)).rounds, CREATED)
    written = out.bytes()
    # Two phones (4 bytes of id and a name each), then 2 bytes a round.
    assert len(written) <= 1 + 2 * (4 + 1 + len("Åse".encode())) + 20 * 2
    assert read_origins(LayoutReader(written), 20, CREATED) == rounds


def _layout_with(origins: bytes) -> bytes:
    """A version 2 layout of a match of one round whose origins are `origins`:
    version 1's, with them between the count of rounds and the rounds' bits."""
    match = play(table(SIX[:2]), 1, seed=1)
    v1, bits = write_layout(stored(match), 1), write_rounds(match)
    return v1[: len(v1) - len(bits)] + origins + bits


def _phone(out: LayoutWriter, name: str = "Bo") -> None:
    out.uint(1)
    out.raw(bytes.fromhex("a1b2c3d4"))
    out.text(name)


STORED_SINCE = int(stored(table(SIX[:2])).created.timestamp())


@pytest.mark.parametrize(
    "forged",
    [
        pytest.param(lambda out: out.uint(65), id="too-many-phones"),
        pytest.param(lambda out: (_phone(out, "A\u200bda"), out.uint(0)), id="name"),
        pytest.param(lambda out: (out.uint(0), out.uint(1)), id="no-phone"),
        pytest.param(
            lambda out: (_phone(out), out.uint(1 + 2 * STORED_SINCE + 1)),
            id="before-1970",
        ),
        pytest.param(
            lambda out: (_phone(out), out.uint(1 + 2 * 32_503_679_999 + 2)),
            id="past-the-bound",
        ),
    ],
)
def test_a_forged_origin_is_refused_and_nothing_is_taken(forged) -> None:
    sound = LayoutWriter()
    _phone(sound)
    sound.uint(1)
    came = decode_match(pack_layout(_layout_with(sound.bytes())))
    assert _origins(came.match) == [Origin("a1b2c3d4", STORED_SINCE, "Bo")]
    out = LayoutWriter()
    forged(out)
    with pytest.raises(StoreError) as refused:
        decode_match(pack_layout(_layout_with(out.bytes())))
    assert refused.value.code == "code-damaged"
