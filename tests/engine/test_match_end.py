"""The end is the end: no round after a match has ended, whichever way it comes."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from ended_matches import PLAYERS, extended, finished

from companion.engine.errors import MatchError
from companion.engine.match import Match


def test_the_example_a_round_after_the_end_would_change_the_winner() -> None:
    assert finished().winners == ["Ada"]
    assert extended(finished()).winners == ["Cy"]


def test_a_match_with_a_round_after_its_end_is_refused_as_data() -> None:
    data = json.loads(json.dumps(extended(finished()).to_dict()))
    with pytest.raises(MatchError) as refused:
        Match.from_dict(data)
    assert (refused.value.code, refused.value.params) == (
        "bad-match-data",
        {"reason": "match-over"},
    )
    assert Match.from_dict(finished().to_dict()) == finished()


def test_a_match_of_so_many_rounds_refuses_one_more_as_data() -> None:
    short = Match.new("vandatta", PLAYERS, rounds=2)
    for _ in range(2):
        short = short.record_round("Ada", {"Bo": 5, "Cy": 5})
    longer = replace(short, rounds=(*short.rounds, short.rounds[0]))
    with pytest.raises(MatchError) as refused:
        Match.from_dict(longer.to_dict())
    assert refused.value.params == {"reason": "match-over"}


def test_recording_after_the_end_is_refused() -> None:
    with pytest.raises(MatchError) as refused:
        finished().record_round("Cy", {"Ada": 90, "Bo": 5})
    assert refused.value.code == "match-over"
    with pytest.raises(MatchError):
        finished().delete_round(1).end_early().record_round("Cy", {"Ada": 9, "Bo": 5})


def test_an_edit_that_would_end_the_match_before_later_rounds_is_refused() -> None:
    match = Match.new("crazy-eights", PLAYERS, limit=100)
    for out in ["Ada", "Bo", "Cy"]:
        match = match.record_round(out, {p: 20 for p in PLAYERS if p != out})
    with pytest.raises(MatchError) as refused:
        match.edit_round(0, "Ada", {"Bo": 150, "Cy": 20})
    assert (refused.value.code, refused.value.params) == (
        "round-after-end",
        {"round": 0},
    )
    # The last round may end it: no round comes after.
    assert match.edit_round(2, "Cy", {"Ada": 150, "Bo": 20}).is_over


def test_a_match_stored_with_a_round_after_its_end_still_reads_and_can_be_undone() -> (
    None
):
    data = extended(finished()).to_dict()
    legacy = Match.from_dict(data, stored=True)
    assert legacy == extended(finished())
    # Its rounds can still be taken back or told anew, never made worse.
    assert legacy.delete_round(2) == finished()
    assert legacy.edit_round(2, "Cy", {"Ada": 80, "Bo": 5}).rounds[:2] == (
        finished().rounds
    )
    with pytest.raises(MatchError):
        legacy.edit_round(0, "Ada", {"Bo": 150, "Cy": 30})
