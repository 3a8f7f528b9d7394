"""The new-match draft: typed limits, rounds and card values, checked."""

from __future__ import annotations

import pytest

from companion.engine.games import EndKind
from companion.ui.match_draft import MatchDraft


def _draft() -> MatchDraft:
    return MatchDraft.for_game("crazy-eights", ("Ada", "Bo"))


@pytest.mark.parametrize(
    "typed", ["9" * 4301, "²", "-5", ""], ids=["4301-digits", "²", "-5", "empty"]
)
@pytest.mark.parametrize(
    ("end_kind", "code"), [(EndKind.LIMIT, "bad-limit"), (EndKind.ROUNDS, "bad-rounds")]
)
def test_a_typed_end_that_is_no_number_says_so(
    typed: str, end_kind: EndKind, code: str
) -> None:
    problem = _draft().set(end_kind=end_kind, end_text=typed).check()
    assert problem is not None and problem.code == code
    assert len(str(problem.params["value"])) <= 12


@pytest.mark.parametrize("typed", ["9" * 4301, "²"], ids=["4301-digits", "²"])
def test_a_typed_card_value_that_is_no_number_says_so(typed: str) -> None:
    problem = _draft().set_value("8", typed).check()
    assert problem is not None and problem.code == "bad-card-value"
    assert problem.params["face"] == "8"


def test_typed_numbers_build_the_match() -> None:
    match = _draft().set(end_text=" 150 ").set_value("8", "25").build()
    assert match.settings.end.value == 150 and match.settings.values["8"] == 25
