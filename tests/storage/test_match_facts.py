"""A match's facts in its index entry: worked out from the rounds, read back whole."""

import pytest

from companion.engine.match import Match
from companion.storage.match_facts import facts_document, facts_of, read_facts
from companion.storage.storages import DamagedData


def test_facts_give_totals_places_and_each_seats_lowest_and_highest_round() -> None:
    match = Match.new("vandatta", ["Ada", "Bo", "Cy"], rounds=2)
    match = match.record_round("Ada", {"Bo": {"8": 1}, "Cy": {"3": 2}})
    match = match.record_round("Bo", {"Ada": {"A": 1}, "Cy": {"K": 1}})
    facts = facts_of(match)
    assert facts.lowest_wins
    assert facts.totals == (5, 10, 3)
    assert facts.places == (2, 3, 1)
    assert facts.low == (0, 0, 1) and facts.high == (5, 10, 2)


def test_the_rule_is_the_matchs_own_and_no_rounds_means_no_spread() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo"], scoring="winner-collects")
    facts = facts_of(match)
    assert not facts.lowest_wins
    assert facts.places == (1, 1) and facts.low is None and facts.high is None


def test_facts_read_back_equal_and_an_old_entry_has_none() -> None:
    match = Match.new("uno", ["Ada", "Bo"]).record_round("Ada", {"Bo": {"K": 2}})
    facts = facts_of(match)
    assert read_facts(facts_document(facts), 2) == facts
    assert read_facts(None, 2) is None


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"lowest_wins": "yes", "totals": [0], "places": [1]},
        {"lowest_wins": True, "totals": [0], "places": [1, 2]},
        {"lowest_wins": True, "totals": [True], "places": [1], "low": None},
    ],
)
def test_damaged_facts_are_refused(bad: object) -> None:
    with pytest.raises(DamagedData):
        read_facts(bad, 1)
