"""Rule reminders cut into passages: each from its card, disputes told apart."""

import pytest

from companion.words.i18n import LANGUAGES
from companion.words.rule_passages import passages
from companion.words.rule_words import fold
from companion.words.rules import Reminder, reminders


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_passage_comes_from_its_card(lang):
    for game_id in ("crazy-eights", "vandatta", "uno"):
        cards = reminders(game_id, lang)
        cut = passages(game_id, cards)
        assert {p.section for p in cut} == {card.id for card in cards}
        bodies = {card.id: fold(card.body) for card in cards}
        for passage in cut:
            if passage.kind != "row":
                assert fold(passage.text) in " ".join(bodies[passage.section].split())


def test_a_dispute_starts_with_a_bold_question_and_an_item_names_its_subject():
    card = Reminder(
        "play",
        "What you may play",
        "**Eight on an eight?** Yes.\n\n**Eights** are wild.\n\n"
        "- **First turn:** no eight.\n- On an ace: another ace.\n"
        "- Play a card of the same suit: or rank, as the top card says here.\n\n"
        "| Cards | Points |\n|---|---|\n| Eights | 50 |",
    )
    cut = passages("crazy-eights", [card])
    assert [(p.kind, p.lead) for p in cut] == [
        ("question", "Eight on an eight?"),
        ("paragraph", "Eights"),
        ("item", "First turn:"),
        ("item", "On an ace"),
        # More than a few words before the colon: no subject, a sentence.
        ("item", ""),
        ("row", "Eights"),
    ]
    assert cut[-1].heading == "Cards: Points"
