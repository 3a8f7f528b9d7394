"""A follow screen's scan button: a match's code read where a connection code
belongs says which button reads it, and is not read as one."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from event_loops import run_apart

from companion.sync.links import LinkProblem
from companion.ui.follow.codes import scan_code_button
from companion.ui.follow.follow_texts import problem_text
from companion.ui.frame.handover import Scan, ScanWords
from companion.words.i18n import get_translator


def scanned(text: str) -> tuple[Any, list[str]]:
    """The follow side after `text` was read, and what was read as a code."""
    side: Any = SimpleNamespace(problem=None, state=SimpleNamespace(changed=list))
    read: list[str] = []

    async def camera(_words: ScanWords) -> Scan:
        return Scan(text=text)

    async def reading(code: str) -> None:
        read.append(code)

    t = get_translator("en")
    button = scan_code_button(t, ("Scan", "Point"), camera, reading, side)
    run_apart(button.on_click())
    return side, read


@pytest.mark.parametrize(
    "text", ["https://cards.example/#m=0412345", "https://cards.example/#m=04x"]
)
def test_a_match_code_says_scan_a_code_on_matches(text: str) -> None:
    side, read = scanned(text)
    assert read == []
    assert side.problem is LinkProblem.MATCH_CODE
    for scanning_answer in (True, False):
        said = problem_text(
            get_translator("en"), side.problem, scanning_answer=scanning_answer
        )
        assert "Scan a code on Matches" in said and "again" not in said


def test_anything_else_is_read_as_a_connection_code() -> None:
    side, read = scanned("0123456789")
    assert read == ["0123456789"] and side.problem is None
