"""The one parser for typed numbers: digits in, a number out, anything else None."""

from __future__ import annotations

import pytest

from companion.words.typed_numbers import (
    MAX_TYPED_DIGITS,
    parse_whole_number,
    shown_as_typed,
)


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("7", 7), (" 42 ", 42), ("007", 7), ("9" * MAX_TYPED_DIGITS, 10**9 - 1)],
)
def test_digits_are_read_as_a_whole_number(text: str, number: int) -> None:
    assert parse_whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "-5",
        "+5",
        "1.5",
        "1 000",
        "12a",
        "²",
        "١٢",
        "1" * (MAX_TYPED_DIGITS + 1),
        "1" * 4301,
        "9" * 1_000_000,
        " " * 1_000_000 + "5",
    ],
    ids=lambda text: repr(text) if len(text) < 12 else f"{len(text)}-characters",
)
def test_anything_else_is_none_and_never_raises(text: str) -> None:
    assert parse_whole_number(text) is None


def test_refused_text_is_repeated_back_short() -> None:
    assert shown_as_typed(" 12a ") == "12a"
    shown = shown_as_typed("1" * 4301)
    assert shown == "1" * 11 + "…"
