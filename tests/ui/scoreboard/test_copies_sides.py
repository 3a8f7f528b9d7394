"""Two copies side by side: from the first round they differ in, with each
copy's totals, the shared rounds in a line, in the person's language."""

from __future__ import annotations

from companion.engine.match import Match
from companion.ui.scoreboard.copies_sides import (
    Side,
    differing_rounds,
    shared_line,
    totals,
)
from companion.words.i18n import get_translator

EN = get_translator("en")
NB = get_translator("nb")

BASE = (
    Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
    .record_round("Ada", {"Bo": {"8": 1}, "Åse": {"K": 2}})
    .record_round("Bo", {"Ada": {"3": 1}, "Åse": {"A": 1}})
)
OURS = BASE.record_round("Åse", {"Ada": {"6": 1}, "Bo": {"7": 1}})
THEIRS = BASE.record_round("Bo", {"Ada": {"9": 1}, "Åse": {"9": 1}}).record_round(
    "Ada", {"Bo": {"K": 1}, "Åse": {"2": 1}}
)


def test_the_columns_start_at_the_first_round_the_copies_differ_in() -> None:
    rounds = differing_rounds(EN, OURS, THEIRS)
    assert [pair.title for pair in rounds] == ["Round 3", "Round 4"]
    assert rounds[0].kept == Side("Åse went out", ("Ada +6", "Bo +7", "Åse 0"))
    assert rounds[0].copy == Side("Bo went out", ("Ada +9", "Bo 0", "Åse +9"))
    # The shorter copy says it has no such round.
    assert rounds[1].kept == Side("Not played", ())
    assert rounds[1].copy == Side("Ada went out", ("Ada 0", "Bo +10", "Åse +2"))


def test_each_copy_has_its_totals_and_how_far_it_got() -> None:
    pair = totals(EN, OURS, THEIRS)
    assert pair.kept == Side("After 3 rounds", ("Ada 9", "Bo 57", "Åse 21"))
    assert pair.copy == Side("After 4 rounds", ("Ada 12", "Bo 60", "Åse 32"))
    assert totals(NB, OURS, THEIRS).kept.heading == "Etter 3 runder"


def test_the_rounds_both_share_are_one_line_counted_as_a_plural() -> None:
    assert shared_line(EN, OURS, THEIRS) == (
        "2 rounds from the start are the same in both copies."
    )
    one = BASE.delete_round(1)
    assert shared_line(NB, one.record_round("Bo", {"Ada": 3, "Åse": 4}), one) == (
        "1 runde fra starten er lik i begge kopiene."
    )
    other_first = BASE.edit_round(0, "Bo", {"Ada": 5, "Åse": 5})
    assert shared_line(EN, BASE, other_first) == (
        "The copies differ from the first round on."
    )


def test_copies_that_differ_beyond_their_rounds_say_so() -> None:
    other_rules = Match.new("crazy-eights", ["Ada", "Bo", "Åse"], limit=200)
    assert shared_line(EN, BASE, other_rules).endswith(
        "They also differ in their players, game or house rules."
    )
    line = shared_line(EN, BASE, BASE.end_early())
    assert line == (
        "2 rounds from the start are the same in both copies. "
        "One of them was ended early."
    )
    assert differing_rounds(EN, BASE, BASE.end_early()) == []
