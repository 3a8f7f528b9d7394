"""Playing on for places (Vri åtter): the order out, the last one's cards."""

import json

import pytest

from companion.engine.match import Match, MatchError

FOUR = ["Ada", "Bo", "Cy", "Di"]


def crazy(**settings) -> Match:
    return Match.new("crazy-eights", FOUR, **settings)


def test_the_last_one_left_scores_their_cards_and_those_placed_score_nothing():
    m = crazy().record_round("Bo", {"Cy": {"8": 1, "K": 1}}, places=["Bo", "Ada", "Di"])
    assert m.totals() == {"Ada": 0, "Bo": 0, "Cy": 60, "Di": 0}
    assert m.rounds[0].places == ("Bo", "Ada", "Di")
    assert m.rounds[0].went_out == "Bo"


def test_places_survive_the_stored_form_a_rename_and_an_edit():
    m = crazy().record_round("Bo", {"Cy": {"3": 1}}, places=["Bo", "Ada", "Di"])
    stored = json.loads(json.dumps(m.to_dict()))
    assert stored["rounds"][0]["places"] == ["Bo", "Ada", "Di"]
    assert Match.from_dict(stored) == m
    renamed = m.rename_player("Ada", "Ava")
    assert renamed.rounds[0].places == ("Bo", "Ava", "Di")
    edited = m.edit_round(0, "Bo", {"Ada": {"K": 1}, "Cy": {"2": 1}, "Di": 4})
    assert edited.rounds[0].places == ()
    assert edited.totals() == {"Ada": 10, "Bo": 0, "Cy": 2, "Di": 4}
    assert "places" not in edited.to_dict()["rounds"][0]


@pytest.mark.parametrize(
    ("went_out", "hands", "places", "code", "params"),
    [
        ("Bo", {"Cy": {"3": 1}}, ["Bo", "Ada", "Ada"], "placed-twice",
         {"player": "Ada"}),
        ("Bo", {"Cy": {"3": 1}}, ["Ada", "Bo", "Di"], "places-first-out",
         {"player": "Ada"}),
        ("Bo", {"Cy": {"3": 1}, "Di": {"4": 1}}, ["Bo", "Ada"], "places-leave-one",
         {"count": 2}),
        ("Bo", {}, ["Bo", "Ada", "Di", "Cy"], "places-leave-one", {"count": 0}),
        ("Bo", {"Cy": {}}, ["Bo", "Ada", "Di"], "empty-hand", {"player": "Cy"}),
        ("Bo", {"Cy": {"3": 1}, "Di": {"K": 1}}, ["Bo", "Ada", "Di"],
         "went-out-holds-cards", {"player": "Di"}),
        ("Bo", {"Cy": {"3": 1}}, ["Bo", "Zed", "Di"], "unknown-player",
         {"player": "Zed"}),
        (None, {"Cy": {"3": 1}}, ["Bo", "Ada", "Di"], "places-first-out",
         {"player": "Bo"}),
    ],
)  # fmt: skip
def test_bad_places_are_refused_and_change_nothing(
    went_out, hands, places, code, params
):
    m = crazy()
    with pytest.raises(MatchError) as refused:
        m.record_round(went_out, hands, places=places)
    assert (refused.value.code, refused.value.params) == (code, params)
    assert m.rounds == ()


@pytest.mark.parametrize(
    ("game", "settings"),
    [
        ("uno", {}),
        ("vandatta", {}),
        ("crazy-eights", {"scoring": "winner-collects"}),
    ],
)
def test_places_only_where_the_game_and_its_scoring_allow_them(game, settings):
    m = Match.new(game, ["Ada", "Bo", "Cy"], **settings)
    with pytest.raises(MatchError) as refused:
        m.record_round("Ada", {"Cy": {"2": 1}}, places=["Ada", "Bo"])
    assert refused.value.code == "places-not-allowed"


def test_the_deck_limits_apply_to_the_last_players_hand():
    m = crazy(decks=1)
    with pytest.raises(MatchError) as refused:
        m.record_round("Bo", {"Cy": {"8": 5}}, places=["Bo", "Ada", "Di"])
    assert refused.value.code == "deck-limit"
