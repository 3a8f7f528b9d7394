"""The record-round draft: taps become hands, and bad rounds say why."""

from __future__ import annotations

import pytest

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.engine.rounds import MAX_DIRECT_POINTS
from companion.ui.record.round_draft import RoundDraft


@pytest.fixture
def match() -> Match:
    return Match.new("crazy-eights", ["Ada", "Bo", "Cy"])


def test_taps_build_the_hands_and_points(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Ada")
    assert draft.losers == ("Bo", "Cy")
    assert draft.active == "Bo"
    draft = draft.add_card("Bo", "8").add_card("Bo", "K").add_card("Bo", "K")
    assert draft.hand("Bo") == {"8": 1, "K": 2}
    assert draft.hand_points(match, "Bo") == 70
    assert draft.next_player == "Cy"
    draft = draft.activate("Cy").add_card("Cy", "3")
    assert draft.next_player is None

    saved = draft.apply(match)
    assert saved.totals() == {"Ada": 0, "Bo": 70, "Cy": 3}


def test_a_tap_on_a_chip_removes_one_card(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Ada")
    draft = draft.add_card("Bo", "K").add_card("Bo", "K").remove_card("Bo", "K")
    assert draft.hand("Bo") == {"K": 1}
    assert draft.remove_card("Bo", "K").hand("Bo") == {}


def test_points_typed_in_replace_the_cards(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Cy").add_card("Ada", "5")
    draft = draft.use_points("Ada").set_points("Ada", "23")
    assert draft.active == "Ada"
    assert draft.hand_points(match, "Ada") == 23
    draft = draft.use_points("Bo").set_points("Bo", "4")
    assert draft.apply(match).totals() == {"Ada": 23, "Bo": 4, "Cy": 0}
    assert draft.use_cards("Ada").hand_points(match, "Ada") == 5


def test_the_reason_names_the_player_the_keypad_is_for_first(match: Match) -> None:
    # Bo's and Cy's hands are both empty; the keypad is Cy's.
    draft = RoundDraft.start(match).choose_out("Ada").activate("Cy")
    problem = draft.check(match)
    assert problem is not None and problem.params["player"] == "Cy"
    # Cy's cards are in: the next one round the table still to enter is Bo.
    problem = draft.add_card("Cy", "3").check(match)
    assert problem is not None and problem.params["player"] == "Bo"


def test_the_first_problem_in_seat_order_is_the_reason(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Ada")
    problem = draft.check(match)
    assert isinstance(problem, MatchError)
    assert (problem.code, problem.params["player"]) == ("empty-hand", "Bo")

    draft = draft.add_card("Bo", "2").use_points("Cy")
    problem = draft.check(match)
    # Cy is in points mode: the reason speaks of points, not of cards held.
    assert problem is not None and problem.code == "missing-points"
    assert draft.set_points("Cy", "7").check(match) is None


def test_five_eights_with_one_deck_are_refused(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Ada")
    for _ in range(3):
        draft = draft.add_card("Bo", "8")
    for _ in range(2):
        draft = draft.add_card("Cy", "8")
    problem = draft.check(match)
    assert problem is not None and problem.code == "deck-limit"
    with pytest.raises(MatchError):
        draft.apply(match)


def test_nobody_went_out_needs_every_hand(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out(None)
    assert draft.losers == ("Ada", "Bo", "Cy")
    draft = draft.add_card("Ada", "A").add_card("Bo", "2").add_card("Cy", "3")
    assert draft.apply(match).totals() == {"Ada": 1, "Bo": 2, "Cy": 3}


def test_editing_starts_from_the_recorded_round(match: Match) -> None:
    played = match.record_round("Bo", {"Ada": {"K": 1}, "Cy": 12})
    draft = RoundDraft.from_round(played, 0)
    assert draft.went_out == "Bo"
    assert draft.hand("Ada") == {"K": 1}
    assert draft.typed == {"Cy": "12"}
    edited = draft.add_card("Ada", "A").apply(played, 0)
    assert edited.totals() == {"Ada": 11, "Bo": 0, "Cy": 12}
    assert len(edited.rounds) == 1


def test_changing_who_went_out_drops_their_cards(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Ada").add_card("Bo", "9")
    draft = draft.reopen_out().choose_out("Bo")
    assert draft.hand("Bo") == {}
    assert draft.losers == ("Ada", "Cy")


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("9" * 4301, "points-too-high"),
        ("²", "bad-points"),
        ("1" * 10, "points-too-high"),
    ],
    ids=["4301-digits", "superscript", "10-digits"],
)
def test_nonsense_typed_as_points_is_a_message_not_a_crash(
    match: Match, typed: str, code: str
) -> None:
    draft = RoundDraft.start(match).choose_out("Ada").use_points("Bo")
    draft = draft.set_points("Bo", typed).add_card("Cy", "2")
    assert draft.hand_points(match, "Bo") is None
    problem = draft.check(match)
    assert problem is not None and problem.code == code
    assert len(str(problem.params["points"])) <= 12
    # Too many digits says the largest number of points a hand may have.
    assert problem.params.get("max", MAX_DIRECT_POINTS) == MAX_DIRECT_POINTS


def test_playing_on_taps_who_went_out_next_until_one_holds_cards() -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy", "Di"])
    draft = RoundDraft.start(match).choose_out("Bo").add_card("Ada", "K")
    draft = draft.play_on()
    assert draft.placing and draft.active is None
    assert draft.check(match).code == "places-leave-one"
    draft = draft.place_next("Ada")
    assert draft.hand("Ada") == {}  # went out: the king tapped for Ada goes
    assert draft.placing
    draft = draft.place_next("Di")
    assert not draft.placing and draft.losers == ("Cy",) and draft.active == "Cy"
    assert draft.check(match).code == "empty-hand"
    saved = draft.add_card("Cy", "8").apply(match)
    assert saved.rounds[0].places == ("Bo", "Ada", "Di")
    assert saved.totals() == {"Ada": 0, "Bo": 0, "Cy": 50, "Di": 0}

    edited = RoundDraft.from_round(saved, 0)
    assert edited.places == ("Bo", "Ada", "Di") and edited.active == "Cy"
    back = edited.stop_playing_on()
    assert back.losers == ("Ada", "Cy", "Di") and back.active == "Ada"
    assert edited.reopen_out().choose_out("Ada").places == ()


def test_two_players_are_not_offered_playing_on_and_keep_no_places() -> None:
    two = Match.new("crazy-eights", ["Ada", "Bo"])
    draft = RoundDraft.start(two).choose_out("Bo")
    assert not draft.can_play_on
    assert draft.play_on() == draft
    assert RoundDraft.start(Match.new("crazy-eights", ["Ada", "Bo", "Cy"])).can_play_on
    # A round kept, or saved, with places by a version that offered them to two
    # comes back as a plain round: Ada holds the cards, nothing is on silently.
    kept = draft.to_data() | {"places": ["Bo"], "active": None}
    read = RoundDraft.from_data(kept, two)
    assert read is not None and read.places == () and read.active == "Ada"
    saved = two.record_round("Bo", {"Ada": {"K": 1}}, places=["Bo"])
    assert saved.rounds[0].places == ("Bo",)
    edited = RoundDraft.from_round(saved, 0)
    assert edited.places == () and edited.active == "Ada"
    assert edited.apply(saved, 0).rounds[0].places == ()


def test_a_draft_read_back_from_its_data_is_the_same_draft(match: Match) -> None:
    draft = RoundDraft.start(match).choose_out("Ada").add_card("Bo", "K")
    draft = draft.add_card("Bo", "8").use_points("Cy").set_points("Cy", "17")
    assert RoundDraft.from_data(draft.to_data(), match) == draft
    played = match.record_round("Bo", {"Ada": {"K": 1}, "Cy": 5})
    four = Match.new("crazy-eights", ["Ada", "Bo", "Cy", "Di"])
    placed = RoundDraft.start(four).choose_out("Bo").play_on().place_next("Ada")
    for kept, against in (
        (RoundDraft.from_round(played, 0), played),
        (placed, four),
        (RoundDraft.start(match), match),
    ):
        assert RoundDraft.from_data(kept.to_data(), against) == kept


def _data(match: Match, **changes: object) -> dict:
    draft = RoundDraft.start(match).choose_out("Ada").add_card("Bo", "K")
    return draft.to_data() | changes


@pytest.mark.parametrize(
    "changes",
    [
        {"version": 2},
        {"players": ["Ada", "Bo"]},
        {"went_out": "Zed"},
        {"active": ["Bo"]},
        {"out_chosen": "yes"},
        {"hands": {"Bo": {"Z": 1}}},
        {"hands": {"Bo": {"K": True}}},
        {"hands": {"Bo": {"K": 10**6}}},
        {"hands": {"Zed": {"K": 1}}},
        {"hands": ["Bo"]},
        {"typed": {"Bo": "1" * 500}},
        {"typed": {"Bo": 12}},
        {"places": ["Bo", "Bo"]},
        {"places": ["Cy", "Bo"]},
        {"places": None},
    ],
    ids=lambda changes: next(iter(changes)),
)
def test_a_bad_or_stale_stored_draft_is_dropped(match: Match, changes: dict) -> None:
    assert RoundDraft.from_data(_data(match, **changes), match) is None


@pytest.mark.parametrize("data", [None, [], "draft", {}, {"version": 1}])
def test_stored_garbage_is_no_draft(match: Match, data: object) -> None:
    assert RoundDraft.from_data(data, match) is None
