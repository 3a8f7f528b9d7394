"""Matches: recording rounds, totals, ends, winners, edits, dealers, round trips."""

import json
from dataclasses import replace

import pytest

from companion.engine.match import MAX_MATCH_ROUNDS, Match, MatchError


def crazy(*players: str, **settings) -> Match:
    return Match.new("crazy-eights", list(players or ("Ada", "Bo", "Cy")), **settings)


def test_the_readme_example_gives_the_documented_totals():
    m = crazy()
    m = m.record_round("Ada", {"Bo": {"8": 1}, "Cy": {"K": 1, "3": 2}})
    m = m.record_round("Bo", {"Ada": 23, "Cy": {"A": 1}})
    assert m.totals() == {"Ada": 23, "Bo": 50, "Cy": 17}
    assert not m.is_over and m.winners == []
    assert m.round_points() == [
        {"Ada": 0, "Bo": 50, "Cy": 16},
        {"Ada": 23, "Bo": 0, "Cy": 1},
    ]
    assert m.running_totals() == [
        {"Ada": 0, "Bo": 50, "Cy": 16},
        {"Ada": 23, "Bo": 50, "Cy": 17},
    ]


def test_recording_returns_a_new_match_and_leaves_the_old_one_alone():
    before = crazy()
    after = before.record_round("Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})
    assert before.rounds == () and before.totals() == {"Ada": 0, "Bo": 0, "Cy": 0}
    assert len(after.rounds) == 1


def test_exactly_one_hundred_does_not_end_crazy_eights_but_one_more_does():
    m = crazy("Ada", "Bo").record_round("Ada", {"Bo": {"8": 2}})
    assert m.totals()["Bo"] == 100 and not m.is_over
    assert m.distance_to_limit() == {"Ada": 100, "Bo": 0}
    m = m.record_round("Ada", {"Bo": {"A": 1}})
    assert m.is_over and m.winners == ["Ada"]
    assert m.distance_to_limit() == {"Ada": 100, "Bo": -1}


def test_exactly_five_hundred_ends_uno_and_the_collector_wins():
    m = Match.new("uno", ["Ada", "Bo", "Cy"])
    m = m.record_round("Bo", {"Ada": {"RJ": 4, "BJ": 4}, "Cy": {"K": 5}})
    assert m.totals() == {"Ada": 0, "Bo": 500, "Cy": 0}
    assert m.is_over and m.winners == ["Bo"]
    assert [s.player for s in m.ranking()][0] == "Bo"


def test_uno_just_under_the_limit_goes_on():
    m = Match.new("uno", ["Ada", "Bo"]).record_round("Ada", {"Bo": 499})
    assert not m.is_over
    assert m.distance_to_limit() == {"Ada": 1, "Bo": 500}


def test_vandatta_ends_after_the_agreed_rounds_with_the_lowest_total():
    m = Match.new("vandatta", ["Ada", "Bo", "Cy"], rounds=2)
    assert m.rounds_left == 2 and m.distance_to_limit() is None
    m = m.record_round("Ada", {"Bo": {"8": 1, "A": 1}, "Cy": {"3": 2}})
    assert m.totals() == {"Ada": 0, "Bo": 15, "Cy": 2}
    assert not m.is_over and m.rounds_left == 1
    m = m.record_round("Cy", {"Ada": {"K": 1}, "Bo": {"2": 1}})
    assert m.is_over and m.rounds_left == 0
    assert m.winners == ["Ada"]


def test_vandatta_defaults_to_five_rounds():
    m = Match.new("vandatta", ["Ada", "Bo"])
    for _ in range(4):
        m = m.record_round("Ada", {"Bo": {"K": 1}})
    assert not m.is_over
    assert m.record_round("Bo", {"Ada": {"K": 1}}).is_over


def test_a_tie_for_the_lowest_total_shares_the_win():
    m = Match.new("vandatta", ["Ada", "Bo", "Cy"], rounds=2)
    m = m.record_round("Ada", {"Bo": {"K": 2}, "Cy": {"8": 1}})
    m = m.record_round("Bo", {"Ada": {"2": 2}, "Cy": {"3": 1}})
    assert m.totals() == {"Ada": 2, "Bo": 2, "Cy": 11}
    assert m.winners == ["Ada", "Bo"]
    assert [(s.rank, s.player) for s in m.ranking()] == [
        (1, "Ada"),
        (1, "Bo"),
        (3, "Cy"),
    ]


def test_nobody_out_charges_everyone_their_own_hand():
    m = crazy().record_round(None, {"Ada": {"8": 1}, "Bo": {"K": 1}, "Cy": 4})
    assert m.totals() == {"Ada": 50, "Bo": 10, "Cy": 4}
    assert m.rounds[0].went_out is None


def test_winner_collects_crazy_eights_races_to_reach_the_target():
    m = crazy("Ada", "Bo", scoring="winner-collects")
    m = m.record_round("Ada", {"Bo": {"8": 2}})
    assert m.totals() == {"Ada": 100, "Bo": 0}
    assert m.is_over and m.winners == ["Ada"]


def test_house_rule_card_values_change_the_points():
    m = crazy("Ada", "Bo", values={"8": 25})
    m = m.record_round("Ada", {"Bo": {"8": 2, "K": 1}})
    assert m.totals()["Bo"] == 60


def test_edit_changes_the_totals_and_can_reopen_a_finished_match():
    m = crazy("Ada", "Bo").record_round("Ada", {"Bo": {"8": 2}})
    m = m.record_round("Ada", {"Bo": {"K": 1}})
    assert m.is_over
    reopened = m.edit_round(0, "Ada", {"Bo": {"8": 1}})
    assert reopened.totals() == {"Ada": 0, "Bo": 60}
    assert not reopened.is_over and reopened.winners == []
    swapped = m.edit_round(1, "Bo", {"Ada": {"2": 1}})
    assert swapped.totals() == {"Ada": 2, "Bo": 100}


def test_delete_removes_a_round_and_its_points():
    m = crazy().record_round("Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})
    m = m.record_round("Bo", {"Ada": {"3": 1}, "Cy": {"4": 1}})
    m = m.delete_round(0)
    assert len(m.rounds) == 1
    assert m.totals() == {"Ada": 3, "Bo": 0, "Cy": 4}


@pytest.mark.parametrize("index", [-1, 2, "0", None])
def test_editing_or_deleting_a_missing_round_is_refused(index):
    m = crazy().record_round("Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})
    m = m.record_round("Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})
    with pytest.raises(MatchError) as error:
        m.delete_round(index)
    assert error.value.code == "no-such-round"
    with pytest.raises(MatchError):
        m.edit_round(index, "Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})


def test_a_finished_match_takes_no_more_rounds():
    m = crazy("Ada", "Bo").record_round("Ada", {"Bo": {"8": 3}})
    with pytest.raises(MatchError) as error:
        m.record_round("Ada", {"Bo": {"K": 1}})
    assert error.value.code == "match-over"


def test_the_deal_moves_one_seat_each_round_and_the_next_player_starts():
    m = crazy("Ada", "Bo", "Cy", first_dealer="Bo")
    assert [m.dealer(i) for i in range(4)] == ["Bo", "Cy", "Ada", "Bo"]
    assert (m.next_dealer, m.next_starter) == ("Bo", "Cy")
    m = m.record_round("Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})
    assert (m.next_dealer, m.next_starter) == ("Cy", "Ada")
    m = m.record_round("Ada", {"Bo": {"K": 1}, "Cy": {"2": 1}})
    assert (m.next_dealer, m.next_starter) == ("Ada", "Bo")


def test_leaders_before_the_first_round_are_everyone():
    assert crazy().leaders == ["Ada", "Bo", "Cy"]


def test_renaming_a_player_keeps_their_rounds_and_points():
    m = crazy(first_dealer="Bo").record_round("Bo", {"Ada": {"K": 1}, "Cy": 7})
    renamed = m.rename_player("Bo", "Bob")
    assert renamed.players == ("Ada", "Bob", "Cy")
    assert renamed.first_dealer == "Bob"
    assert renamed.rounds[0].went_out == "Bob"
    assert renamed.totals() == {"Ada": 10, "Bob": 0, "Cy": 7}
    with pytest.raises(MatchError) as error:
        m.rename_player("Bo", " ada ")
    assert error.value.code == "duplicate-name"


def test_round_trip_through_json_gives_an_equal_match():
    m = Match.new("vandatta", ["Ada", "Bo", "Cy"], rounds=4, values={"8": 25}, decks=2)
    m = m.record_round("Ada", {"Bo": {"8": 5}, "Cy": 12})
    m = m.record_round(None, {"Ada": {"A": 1}, "Bo": {"2": 1}, "Cy": 0})
    restored = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert restored == m
    assert restored.totals() == m.totals()


def test_stored_form_holds_what_happened_and_no_totals():
    m = crazy().record_round("Ada", {"Bo": {"8": 1}, "Cy": 9})
    stored = m.to_dict()
    assert stored["rounds"] == [{"went_out": "Ada", "hands": {"Bo": {"8": 1}, "Cy": 9}}]
    assert "totals" not in json.dumps(stored)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.pop("game"),
        lambda d: d.update(game="poker"),
        lambda d: d.update(players="Ada"),
        lambda d: d["settings"].update(scoring="most"),
        lambda d: d["settings"]["end"].update(kind="forever"),
        lambda d: d["rounds"].append({"went_out": "Zed", "hands": {}}),
        lambda d: d["rounds"].append(["not", "a", "round"]),
        lambda d: d["rounds"][0]["hands"]["Bo"].update({"8": 9}),
    ],
)
def test_damaged_stored_data_is_refused_as_bad_match_data(mutate):
    data = crazy().record_round("Ada", {"Bo": {"8": 1}, "Cy": 9}).to_dict()
    mutate(data)
    with pytest.raises(MatchError) as error:
        Match.from_dict(data)
    assert error.value.code == "bad-match-data"


def test_no_match_holds_more_rounds_than_the_limit() -> None:
    # Zero points a round: a match to a points limit would never end by itself.
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    one = match.record_round("Ada", {"Bo": 0})
    full = replace(one, rounds=one.rounds * MAX_MATCH_ROUNDS)
    assert len(full.rounds) == MAX_MATCH_ROUNDS and not full.is_over
    with pytest.raises(MatchError) as caught:
        full.record_round("Bo", {"Ada": 0})
    assert caught.value.code == "too-many-rounds"
    assert caught.value.params == {"max": MAX_MATCH_ROUNDS}
    data = full.to_dict()
    data["rounds"].append(data["rounds"][0])
    with pytest.raises(MatchError) as caught:
        Match.from_dict(data)
    assert caught.value.params == {"reason": "too-many-rounds"}
    with pytest.raises(MatchError):
        replace(full, rounds=(*full.rounds, one.rounds[0]))


@pytest.mark.parametrize(
    ("game", "hands", "winners"),
    [
        # Penalty points: the lowest total wins now.
        ("crazy-eights", {"Bo": {"8": 1}, "Cy": 9}, ["Ada"]),
        # Uno: the collector's highest total wins now.
        ("uno", {"Bo": {"K": 1}, "Cy": {"RJ": 1}}, ["Ada"]),
    ],
)
def test_ending_early_lets_the_games_own_rule_name_the_winners(game, hands, winners):
    played = Match.new(game, ["Ada", "Bo", "Cy"]).record_round("Ada", hands)
    assert not played.is_over
    ended = played.end_early()
    assert ended.is_over and ended.ended_early
    assert ended.winners == winners == played.leaders
    with pytest.raises(MatchError) as refused:
        ended.record_round("Bo", {"Ada": 1, "Cy": 1})
    assert refused.value.code == "match-over"
    with pytest.raises(MatchError) as refused:
        ended.end_early()
    assert refused.value.code == "already-over"
    # A tie at the top is shared, as at the natural end.
    level = Match.new("vandatta", ["Ada", "Bo"]).record_round("Ada", {"Bo": {"3": 1}})
    level = level.record_round("Bo", {"Ada": {"4": 1}}).end_early()
    assert level.winners == ["Ada", "Bo"]


def test_an_empty_match_cannot_end_and_an_ended_one_reopens_without_rounds():
    with pytest.raises(MatchError) as refused:
        crazy().end_early()
    assert refused.value.code == "nothing-to-end"
    ended = crazy().record_round("Ada", {"Bo": {"8": 1}, "Cy": 9}).end_early()
    edited = ended.edit_round(0, "Bo", {"Ada": 2, "Cy": 3})
    assert edited.is_over and edited.winners == ["Bo"]
    emptied = ended.delete_round(0)
    assert not emptied.is_over and not emptied.ended_early


def test_an_ended_match_is_stored_as_ended_and_refused_when_damaged():
    ended = crazy().record_round("Ada", {"Bo": {"8": 1}, "Cy": 9}).end_early()
    data = json.loads(json.dumps(ended.to_dict()))
    assert data["ended_early"] is True
    assert Match.from_dict(data) == ended
    assert "ended_early" not in crazy().to_dict()
    for bad in ("yes", 1):
        with pytest.raises(MatchError):
            Match.from_dict({**data, "ended_early": bad})
    with pytest.raises(MatchError) as refused:
        Match.from_dict({**data, "rounds": []})
    assert refused.value.params == {"reason": "nothing-to-end"}
