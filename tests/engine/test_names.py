"""Player names: cleaned, refused when they hide something, compared as read."""

import pytest

from companion.engine.errors import MatchError
from companion.engine.names import (
    MAX_NAME_BYTES,
    MAX_NAME_LENGTH,
    check_name,
    check_names,
    check_stored_name,
    name_key,
    name_length,
    phone_name,
    spelt_out,
)

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
"""👨‍👩‍👧: three people joined by zero-width joiners, one character to a person."""


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ada  ", "Ada"),
        ("Ada   Lovelace", "Ada Lovelace"),
        ("Ada\u00a0\u3000Lovelace", "Ada Lovelace"),  # no-break, ideographic
        ("Re\u0301ne", "Réne"),  # e + combining acute: one é (NFC)
        (FAMILY, FAMILY),
        ("\U0001f1f3\U0001f1f4 Kari", "\U0001f1f3\U0001f1f4 Kari"),  # 🇳🇴
        ("\U0001f44d\U0001f3fd", "\U0001f44d\U0001f3fd"),  # 👍🏽
        ("\u2764\ufe0f Bo", "\u2764\ufe0f Bo"),  # ❤️ with its emoji selector
        ("1\ufe0f\u20e3 Cy", "1\ufe0f\u20e3 Cy"),  # 1️⃣
        ("Ｅｖｅ", "Ｅｖｅ"),  # full-width letters stay as typed
    ],
)
def test_a_name_is_normalised_and_trimmed(typed: str, kept: str) -> None:
    assert check_name(typed) == kept


@pytest.mark.parametrize(
    ("typed", "char"),
    [
        ("Ada\x00", "U+0000"),
        ("Ada\nBo", "U+000A"),
        ("Ada\tBo", "U+0009"),
        ("\u202eadA", "U+202E"),  # right-to-left override
        ("Ada\u2066", "U+2066"),  # left-to-right isolate
        ("Ada\u200b", "U+200B"),  # zero-width space
        ("A\u200dda", "U+200D"),  # a zero-width joiner outside an emoji
        ("\ufeffAda", "U+FEFF"),  # byte order mark
        ("Ada\u00ad", "U+00AD"),  # soft hyphen
        ("\u3164", "U+3164"),  # Hangul filler: a letter drawn as nothing
        ("Ada\u2800", "U+2800"),  # blank Braille cell
        ("Ada\u034f", "U+034F"),  # combining grapheme joiner
        ("Ada\ue000", "U+E000"),  # private use
        ("Ada\u2028", "U+2028"),  # line separator
    ],
)
def test_a_name_holding_a_hidden_character_is_refused(typed: str, char: str) -> None:
    with pytest.raises(MatchError) as caught:
        check_name(typed)
    assert (caught.value.code, caught.value.params) == (
        "hidden-character",
        {"char": char},
    )


@pytest.mark.parametrize("typed", ["", "   ", "\u00a0", None, 7])
def test_no_name_is_refused(typed: object) -> None:
    with pytest.raises(MatchError) as caught:
        check_name(typed)
    assert caught.value.code == "empty-name"


def test_length_is_counted_in_what_a_person_sees() -> None:
    assert name_length(FAMILY) == 1
    assert name_length("Re\u0301ne") == 4
    assert check_name(FAMILY * MAX_NAME_LENGTH) == FAMILY * MAX_NAME_LENGTH
    assert check_name("e\u0301" * MAX_NAME_LENGTH) == "\u00e9" * MAX_NAME_LENGTH
    with pytest.raises(MatchError) as caught:
        check_name(FAMILY * (MAX_NAME_LENGTH + 1))
    assert caught.value.code == "name-too-long"


def test_a_name_of_one_character_and_thousands_of_marks_is_too_long() -> None:
    # One cluster as a person counts it, but each mark costs time wherever the
    # name is measured or drawn: refused by its bytes, shown by its start.
    marks = "a" + "\u0301" * MAX_NAME_BYTES
    with pytest.raises(MatchError) as caught:
        check_name(marks)
    assert caught.value.code == "name-too-long"
    assert caught.value.params["name"] == marks[:MAX_NAME_LENGTH] + "…"
    # The longest emoji, as many as a name holds, are within the bound.
    family_of_four = "👨🏽‍👩🏽‍👧🏽‍👦🏽"
    assert check_name(family_of_four * MAX_NAME_LENGTH)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ada", "ADA"),
        ("Ada", "Ａｄａ"),  # full-width
        ("Ada Lovelace", " ada  lovelace "),
        ("Ada", "Ada\u200b"),  # a stored name with a zero-width space
        ("Réne", "Re\u0301ne"),
        ("Straße", "STRASSE"),
        ("ﬁfi", "fifi"),  # the fi ligature
    ],
)
def test_names_that_read_the_same_have_the_same_key(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Ada", "Ida"), (FAMILY, "\U0001f468\U0001f469\U0001f467"), ("Bo", "Bö")],
)
def test_names_that_read_differently_have_different_keys(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)


def test_a_table_with_two_names_that_read_the_same_is_refused() -> None:
    assert check_names(["Ada", " Bo "]) == ("Ada", "Bo")
    with pytest.raises(MatchError) as caught:
        check_names(["Ada", "Bo", "ＡＤＡ"])
    assert (caught.value.code, caught.value.params) == (
        "duplicate-name",
        {"name": "ＡＤＡ"},
    )


def test_a_stored_name_stays_as_it_was_saved() -> None:
    assert check_stored_name(" Ada\u200b ") == "Ada\u200b"
    with pytest.raises(MatchError):
        check_stored_name("  ")


def test_hidden_characters_are_spelt_out_for_messages() -> None:
    assert spelt_out("Ada\u200b\nBo") == "Ada<U+200B><U+000A>Bo"
    assert spelt_out(FAMILY) == FAMILY


@pytest.mark.parametrize(
    ("told", "kept"),
    [
        ("  Ada   Lovelace ", "Ada Lovelace"),
        ("Åse 🎉", "Åse 🎉"),
        ("", ""),
        ("   ", ""),
        ("A" * 25, None),
        ("A\u200bda", None),
        ("\t" * 2000, None),
        (7, None),
        (None, None),
        (["Ada"], None),
    ],
)
def test_whose_phone_it_is_follows_the_rules_of_a_players_name(
    told: object, kept: str | None
) -> None:
    assert phone_name(told) == kept
