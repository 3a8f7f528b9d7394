"""Text made from data: what a standing says under a player's name."""

from companion.engine.match import Match
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
