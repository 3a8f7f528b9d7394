"""Where a round came from: kept through a match's dict, checked when read,
given to the rounds recorded now, and never part of what was played."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.engine.origins import (
    Origin,
    is_phone_id,
    new_phone_id,
    origins_from_dict,
    stamped,
)

HERE = Origin("a1b2c3d4", 1_765_000_000, "Åse")
THERE = Origin("0f0f0f0f", 1_765_000_300)


def _played() -> Match:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
    match = match.record_round("Ada", {"Bo": {"K": 1}, "Åse": {"3": 2}})
    return match.record_round("Bo", {"Ada": 12, "Åse": {"A": 1}})


def _said(match: Match, *origins: Origin | None) -> Match:
    rounds = tuple(
        replace(r, origin=o) for r, o in zip(match.rounds, origins, strict=True)
    )
    return replace(match, rounds=rounds)


def test_a_phones_id_is_eight_random_hex_digits() -> None:
    ids = {new_phone_id() for _ in range(50)}
    assert len(ids) == 50 and all(is_phone_id(i) for i in ids)
    assert not any(is_phone_id(v) for v in ("A1B2C3D4", "a1b2c3d", 12345678, None))


def test_each_rounds_origin_comes_back_through_its_dict_and_its_phone_once() -> None:
    match = _said(_played(), HERE, THERE)
    data = match.to_dict()
    assert data["phones"] == [["a1b2c3d4", "Åse"], ["0f0f0f0f", ""]]
    assert [r["by"] for r in data["rounds"]] == [[0, HERE.at], [1, THERE.at]]
    back = Match.from_dict(data)
    assert [r.origin for r in back.rounds] == [HERE, THERE]


def test_a_match_whose_rounds_say_nothing_is_written_as_before() -> None:
    data = _played().to_dict()
    assert "phones" not in data
    assert all("by" not in r for r in data["rounds"])
    assert [r.origin for r in Match.from_dict(data).rounds] == [None, None]


def test_rounds_are_the_same_whatever_phone_recorded_them() -> None:
    assert _said(_played(), HERE, THERE) == _said(_played(), THERE, None)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(phones="a1b2c3d4"),
        lambda d: d.update(phones=[["A1B2C3D4", ""]]),
        lambda d: d.update(phones=[["a1b2c3d4", "A\u200bda"]]),
        lambda d: d.update(phones=[["a1b2c3d4", "x" * 2000]]),
        lambda d: d.update(phones=[["a1b2c3d4", ""]] * 65),
        lambda d: d["rounds"][0].update(by=[1, 5]),
        lambda d: d["rounds"][0].update(by=[0, -5]),
        lambda d: d["rounds"][0].update(by=[0, 40_000_000_000]),
        lambda d: d["rounds"][0].update(by=[True, 5]),
        lambda d: d["rounds"][0].update(by=[0]),
    ],
)
def test_an_origin_that_is_no_origin_is_refused(change) -> None:
    data = _said(_played(), HERE, None).to_dict()
    change(data)
    with pytest.raises(MatchError) as refused:
        Match.from_dict(data)
    assert refused.value.code == "bad-match-data"
    with pytest.raises(MatchError):
        origins_from_dict(data)


def test_only_the_rounds_recorded_now_are_given_this_phones_origin() -> None:
    before = _said(_played(), THERE, None)
    added = before.record_round("Åse", {"Ada": 3, "Bo": 4})
    after = stamped(added.rounds, before.rounds, HERE)
    # The round recorded now says this phone; the others say what they said,
    # nothing too (recorded before rounds said where they came from).
    assert [r.origin for r in after] == [THERE, None, HERE]
    # A round deleted moves the rest up: none of them is recorded anew.
    assert [
        r.origin for r in stamped(added.delete_round(0).rounds, added.rounds, HERE)
    ] == [None, None]
    # A round edited is.
    edited = before.edit_round(0, "Bo", {"Ada": 1, "Åse": 1})
    assert [r.origin for r in stamped(edited.rounds, before.rounds, HERE)] == [
        HERE,
        None,
    ]


def test_a_match_read_again_keeps_its_rounds_origins_where_they_stand() -> None:
    # A follower's change, decoded: no round is the object the host holds.
    before = _said(_played(), THERE, None)
    sent = Match.from_dict(before.to_dict()).record_round("Åse", {"Ada": 3, "Bo": 4})
    sent = replace(
        sent, rounds=(*sent.rounds[:2], replace(sent.rounds[2], origin=THERE))
    )
    after = stamped(sent.rounds, before.rounds, HERE)
    assert [r.origin for r in after] == [THERE, None, THERE]
