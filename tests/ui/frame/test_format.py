"""Text made from data: what a standing says under a player's name."""

from datetime import UTC, datetime

from companion.engine.match import Match
from companion.engine.origins import Origin
from companion.storage.match_merge import Outcome, TakenIn
from companion.storage.take_in import WhatCame
from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator


def test_a_finished_match_shows_nothing_left_to_go() -> None:
    t = get_translator("en")
    going = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
        "Ada", {"Bo": {"8": 1}}
    )
    assert fmt.distance_text(t, going, "Bo") == "50 to go"
    assert fmt.distance_text(t, going.end_early(), "Bo") is None
    over = going.record_round("Ada", {"Bo": {"8": 1, "K": 1}})
    assert over.is_over and fmt.distance_text(t, over, "Ada") is None


def test_a_handed_over_match_is_told_in_one_line() -> None:
    t = get_translator("en")
    came = WhatCame(
        game_id="crazy-eights",
        game_name=None,
        players=("Ada", "Bo", "Åse"),
        round_count=12,
        leaders=("Ada",),
        leading_total=31,
        lowest_wins=True,
        is_over=False,
        winners=(),
    )
    assert (
        fmt.came_text(t, came)
        == "Crazy Eights · Ada, Bo, and Åse · 12 rounds · Ada leads with 31"
    )
    tied = WhatCame(**{**came.__dict__, "leaders": ("Ada", "Bo"), "round_count": 1})
    assert fmt.came_text(t, tied).endswith("1 round · Ada and Bo lead with 31")
    fresh = WhatCame(
        **{**came.__dict__, "leaders": (), "leading_total": None, "round_count": 0}
    )
    assert fmt.came_text(t, fresh).endswith("0 rounds · no round played yet")
    own = WhatCame(
        **{**came.__dict__, "game_name": "Mau-Mau", "is_over": True, "winners": ("Bo",)}
    )
    assert fmt.came_text(t, own) == "Mau-Mau · Ada, Bo, and Åse · 12 rounds · Bo wins!"
    nb = get_translator("nb")
    assert fmt.came_text(nb, came).startswith("Vri åtter · Ada, Bo og Åse · 12 runder")


def test_what_taking_a_match_in_did_is_said_plainly() -> None:
    t = get_translator("en")
    said = {
        outcome: fmt.taken_in_text(t, TakenIn(outcome, "m1", rounds_added=2))
        for outcome in Outcome
    }
    assert said[Outcome.ADDED] == "Match added."
    assert said[Outcome.UPDATED] == "Match brought up to date: 2 rounds added."
    assert "kept as a copy" in said[Outcome.COPIED]
    assert (
        said[Outcome.ALREADY_HERE] == "This match is already here. Nothing was changed."
    )
    one = fmt.taken_in_text(t, TakenIn(Outcome.UPDATED, "m1", rounds_added=1))
    assert one == "Match brought up to date: 1 round added."


def test_a_round_from_another_phone_says_whose_and_when() -> None:
    t = get_translator("en")
    at = int(datetime(2026, 11, 30, 21, 5, tzinfo=UTC).timestamp())
    when = fmt.when_time_text(t, datetime.fromtimestamp(at, UTC))
    named = fmt.origin_text(t, Origin("a1b2c3d4", at, "Åse"))
    assert named == f"Recorded on Åse's phone, {when}"
    assert fmt.origin_text(t, Origin("a1b2c3d4", at)) == (
        f"Recorded on another phone, {when}"
    )
    said = fmt.origin_text(get_translator("nb"), Origin("a1b2c3d4", at, "Åse"))
    assert said.startswith("Ført på telefonen til Åse, ")
