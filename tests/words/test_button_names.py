"""Instructions name buttons and screens by the words on them, in every language."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from companion.words.i18n import LANGUAGES, catalog_path, get_translator

LABELS = (
    "Hand over",
    "Send as a link",
    "Let a phone follow",
    "Follow a phone",
    "Scan their code",
    "Scan a code",
    "Matches",
)
"""The words on buttons (and the Matches screen's tab) that instructions name."""

NAMING = ("tap {label}", "with {label}", "the {label} screen", "then {label}")
"""How an English instruction names one of LABELS."""


def _instructions() -> list[tuple[str, str]]:
    """(message, label) for every message of the template that names a label."""
    with catalog_path("en").open("rb") as po:
        catalog = read_po(po)
    found = []
    for message in catalog:
        text = message.id if isinstance(message.id, str) else ""
        for label in LABELS:
            if any(
                way.format(label=label) + c in text for way in NAMING for c in " ,."
            ):
                found.append((text, label))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_instruction_names_a_button_as_it_reads_there(lang: str) -> None:
    t = get_translator(lang)
    named = _instructions()
    assert len(named) >= 8
    wrong = [
        (text, t.gettext(label))
        for text, label in named
        if t.gettext(label) not in t.gettext(text)
    ]
    assert wrong == []
