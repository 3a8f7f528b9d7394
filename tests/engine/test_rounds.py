"""Round validation: every impossible or malformed round is refused whole."""

import pytest

from companion.engine.match import Hand, Match, MatchError

GOOD = {"Bo": {"K": 1}, "Cy": {"2": 1}}


def three(game: str = "crazy-eights", **settings) -> Match:
    return Match.new(game, ["Ada", "Bo", "Cy"], **settings)


@pytest.mark.parametrize(
    ("game", "went_out", "hands", "code", "params"),
    [
        ("crazy-eights", "Ada", {"Bo": {"8": 3}, "Cy": {"8": 2}}, "deck-limit",
         {"face": "8", "count": 5, "limit": 4}),
        ("uno", "Ada", {"Bo": {"RJ": 3}, "Cy": {"RJ": 2}}, "deck-limit",
         {"face": "RJ", "count": 5, "limit": 4}),
        ("uno", "Ada", {"Bo": {"10": 5}, "Cy": {"2": 1}}, "deck-limit",
         {"face": "10", "count": 5, "limit": 4}),
        ("crazy-eights", "Ada", {"Bo": {"RJ": 1}, "Cy": {"2": 1}}, "unknown-card",
         {"player": "Bo", "face": "RJ"}),
        ("crazy-eights", "Ada", {"Bo": {"K": -1}, "Cy": {"2": 1}}, "bad-count",
         {"player": "Bo", "face": "K", "count": -1}),
        ("crazy-eights", "Ada", {"Bo": {"K": 1.5}, "Cy": {"2": 1}}, "bad-count",
         {"player": "Bo", "face": "K", "count": 1.5}),
        ("crazy-eights", "Ada", {"Bo": {"K": True}, "Cy": {"2": 1}}, "bad-count",
         {"player": "Bo", "face": "K", "count": True}),
        ("crazy-eights", "Ada", {"Ada": {"3": 1}, **GOOD}, "went-out-holds-cards",
         {"player": "Ada"}),
        ("crazy-eights", "Ada", {"Ada": 5, **GOOD}, "went-out-holds-cards",
         {"player": "Ada"}),
        ("crazy-eights", "Ada", {"Bo": {}, "Cy": {"2": 1}}, "empty-hand",
         {"player": "Bo"}),
        ("crazy-eights", "Ada", {"Bo": {"K": 0}, "Cy": {"2": 1}}, "empty-hand",
         {"player": "Bo"}),
        ("crazy-eights", "Ada", {"Zed": {"K": 1}, **GOOD}, "unknown-player",
         {"player": "Zed"}),
        ("crazy-eights", "Zed", GOOD, "unknown-player", {"player": "Zed"}),
        ("crazy-eights", "Ada", {"Bo": {"K": 1}}, "missing-hand", {"player": "Cy"}),
        ("crazy-eights", None, GOOD, "missing-hand", {"player": "Ada"}),
        ("crazy-eights", "Ada", {"Bo": -3, "Cy": {"2": 1}}, "bad-points",
         {"player": "Bo", "points": -3}),
        ("crazy-eights", "Ada", {"Bo": "12", "Cy": {"2": 1}}, "bad-points",
         {"player": "Bo", "points": "12"}),
        ("crazy-eights", "Ada", {"Bo": 10_001, "Cy": {"2": 1}}, "points-too-high",
         {"player": "Bo", "points": 10_001, "max": 10_000}),
        ("uno", None, {"Ada": 3, **GOOD}, "nobody-out-not-allowed", {}),
    ],
)  # fmt: skip
def test_a_bad_round_is_refused_with_a_code_naming_the_problem(
    game, went_out, hands, code, params
):
    match = three(game)
    with pytest.raises(MatchError) as error:
        match.record_round(went_out, hands)
    assert (error.value.code, error.value.params) == (code, params)
    assert match.rounds == ()


def test_a_refused_edit_leaves_the_recorded_round_in_place():
    match = three().record_round("Ada", GOOD)
    with pytest.raises(MatchError):
        match.edit_round(0, "Ada", {"Bo": {"8": 5}, "Cy": {"2": 1}})
    assert match.round_points() == [{"Ada": 0, "Bo": 10, "Cy": 2}]


def test_two_decks_double_the_limit_of_each_face():
    match = three(decks=2)
    match = match.record_round("Ada", {"Bo": {"8": 5}, "Cy": {"8": 3}})
    assert match.totals()["Bo"] == 250
    with pytest.raises(MatchError) as error:
        three(decks=2).record_round("Ada", {"Bo": {"8": 5}, "Cy": {"8": 4}})
    assert error.value.params == {"face": "8", "count": 9, "limit": 8}


def test_direct_points_zero_is_accepted_for_a_player_who_did_not_go_out():
    match = three().record_round("Ada", {"Bo": 0, "Cy": {"2": 1}})
    assert match.totals() == {"Ada": 0, "Bo": 0, "Cy": 2}


def test_the_player_who_went_out_may_be_listed_with_nothing():
    match = three().record_round("Ada", {"Ada": {}, **GOOD})
    match = match.record_round("Ada", {"Ada": 0, **GOOD})
    assert match.totals() == {"Ada": 0, "Bo": 20, "Cy": 4}


def test_hands_are_kept_in_face_order_with_zero_counts_dropped():
    match = three().record_round("Ada", {"Bo": {"K": 2, "3": 1, "A": 0}, "Cy": 4})
    hand = match.rounds[0].entry("Bo")
    assert isinstance(hand, Hand)
    assert hand.counts == (("3", 1), ("K", 2))
    assert hand.card_count == 3
    assert match.rounds[0].entry("Cy") == 4
    assert match.rounds[0].entry("Ada") is None
