"""Names that look alike are one name: Unicode's confusable skeletons (UTS #39)."""

from __future__ import annotations

import pytest

from companion.engine.errors import MatchError
from companion.engine.look_alikes import prototypes, skeleton
from companion.engine.names import NameBook, check_names, look_keys, name_key

CYRILLIC_A = "\u0410"
GREEK_ALPHA = "\u0391"
CYRILLIC_EN = "\u041d"
CYRILLIC_O = "\u043e"

LOOK_ALIKES = {
    # A Cyrillic capital А for the Latin one.
    "cyrillic": ("Ada", f"{CYRILLIC_A}da"),
    # A Greek capital alpha, against the name typed in capitals.
    "greek": ("ADA", f"{GREEK_ALPHA}DA"),
    # Full-width letters, in any case.
    "full-width": ("Ada", "ａｄａ"),
    # Latin letters around a Cyrillic о and a Cyrillic Н: one name, two scripts.
    "mixed script": ("Hans Bo", f"{CYRILLIC_EN}ans B{CYRILLIC_O}"),
    # A whole name in Cyrillic letters that all look Latin.
    "whole script": ("Aco", f"{CYRILLIC_A}\u0441{CYRILLIC_O}"),
}


def test_the_data_maps_imitations_to_what_they_imitate() -> None:
    table = prototypes()
    assert table[CYRILLIC_A] == "A" and table[GREEK_ALPHA] == "A"
    assert table["m"] == "rn"
    assert "A" not in table and "a" not in table
    assert skeleton(f"{CYRILLIC_A}da") == skeleton("Ada")


@pytest.mark.parametrize("case", LOOK_ALIKES)
def test_look_alikes_share_a_key(case: str) -> None:
    known, typed = LOOK_ALIKES[case]
    assert any(a == b for a, b in zip(look_keys(known), look_keys(typed), strict=True))
    assert NameBook([known]).find(typed) == known


@pytest.mark.parametrize("case", LOOK_ALIKES)
def test_a_table_with_look_alike_names_is_refused_naming_both(case: str) -> None:
    known, typed = LOOK_ALIKES[case]
    with pytest.raises(MatchError) as caught:
        check_names([known, "Eli", typed])
    error = caught.value
    if name_key(known) == name_key(typed):  # full-width: the same name outright
        assert (error.code, error.params) == ("duplicate-name", {"name": typed})
    else:
        assert error.code == "look-alike-name"
        assert error.params == {"name": typed, "known": known}


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ian", "Lan"),
        ("Mia", "Ria"),
        ("Åse", "Ase"),
        ("José", "Jose"),
        ("Bo", "Bö"),
        ("Ида", "Ada"),  # a Russian name, not an imitation
        ("Αλέξης", "Alexis"),
    ],
)
def test_names_that_only_resemble_each_other_are_two(one: str, other: str) -> None:
    assert NameBook([one]).find(other) is None
    assert check_names([one, other]) == (one, other)


def test_a_name_in_another_case_is_found_as_before() -> None:
    book = NameBook(["Ada Lovelace"])
    assert book.find(" ada  LOVELACE ") == "Ada Lovelace"
    with pytest.raises(MatchError) as caught:
        book.refuse("ADA LOVELACE")
    assert caught.value.code == "duplicate-name"
