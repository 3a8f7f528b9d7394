"""The pseudo-locale shows that every string a user sees went through the translator."""

import re

import pytest

from companion.engine.errors import ERROR_CODES, MatchError
from companion.engine.games import GAMES, LimitRule, Scoring
from companion.storage.errors import (
    STORE_ERROR_CODES,
    STORE_NOTICE_CODES,
    StoreError,
    StoreNotice,
)
from companion.words.game_texts import (
    CARD_LABELS,
    CARD_NAMES,
    card_label,
    card_name,
    cards_count,
    end_description,
    game_description,
    game_name,
    limit_rule_name,
    players_count,
    points_count,
    rounds_count,
    scoring_description,
    scoring_name,
    winner_description,
)
from companion.words.i18n import PSEUDO, get_translator, template_path
from companion.words.messages import error_message, notice_message
from companion.words.pseudo import pseudo_catalog, pseudo_message, pseudo_text
from companion.words.rules import reminders

# Two plain ASCII letters in a row can only come from text that skipped the
# translator: the pseudo-locale accents every letter it handles.
UNTRANSLATED = re.compile(r"[A-Za-z]{2,}")

# Values a user typed or the system reported; they are shown as they are.
PARAMS: dict[str, object] = {
    "player": "Åsö",
    "name": "Åsö",
    "face": "K",
    "count": 12,
    "limit": 8,
    "min": 2,
    "max": 10,
    "game": "vandatta",
    "decks": 2,
    "options": (1, 2),
    "value": "x",
    "points": 7,
    "round": 1,
    "reason": "EIO",
    "path": "/d/m.json",
    "id": "m1",
    "version": 3,
    "supported": 2,
    "matches": 4,
    "where": "rounds",
    "moved_to": "/d/m.bad",
    "from_version": 1,
    "to_version": 2,
    "char": "U+200B",
    "known": "Åsa",
}


def _untranslated(text: str) -> list[str]:
    for value in PARAMS.values():
        if isinstance(value, str):
            text = text.replace(value, "")
    return UNTRANSLATED.findall(text)


def test_pseudo_text_accents_and_lengthens_but_keeps_placeholders():
    source = "Ends when %(name)s passes {limit}, see {{points:8}}"
    shown = pseudo_text(source)
    for kept in ("%(name)s", "{limit}", "{{points:8}}"):
        assert kept in shown
    assert UNTRANSLATED.findall(re.sub(r"%\(\w+\)s|\{+[^{}]+\}+", "", shown)) == []
    plain = "Lowest total wins after the agreed deals"
    assert len(pseudo_text(plain)) >= len(plain) * 1.25


def test_the_pseudo_catalog_covers_the_whole_template():
    catalog = pseudo_catalog(template_path())
    for message in catalog:
        if message.id:
            forms = (
                message.string
                if isinstance(message.string, tuple)
                else (message.string,)
            )
            assert all(form.startswith("⟦") for form in forms), message.id
    assert pseudo_message("Hi") == "⟦Ĥíí⟧"


def _codes(codes: dict[str, tuple[str, ...]]) -> list[tuple[str, dict[str, object]]]:
    return [
        (code, {name: PARAMS[name] for name in names}) for code, names in codes.items()
    ]


def _screen_strings() -> list[str]:
    t = get_translator(PSEUDO)
    shown = [error_message(t, MatchError(c, **p)) for c, p in _codes(ERROR_CODES)]
    shown += [
        error_message(t, StoreError(c, **p)) for c, p in _codes(STORE_ERROR_CODES)
    ]
    shown += [
        notice_message(t, StoreNotice(c, p)) for c, p in _codes(STORE_NOTICE_CODES)
    ]
    for game in GAMES.values():
        shown += [game_name(t, game), game_description(t, game)]
        shown += [end_description(t, game.end)]
        for card in reminders(game.id, PSEUDO):
            shown += [card.title, card.body]
    for face in CARD_NAMES:
        shown += [card_name(t, face, 1), card_name(t, face, 3)]
    shown += [card_label(t, face) for face in CARD_LABELS]
    for scoring in Scoring:
        shown += [
            scoring_name(t, scoring),
            scoring_description(t, scoring),
            winner_description(t, scoring),
        ]
    shown += [limit_rule_name(t, rule) for rule in LimitRule]
    for count in (1, 5):
        shown += [
            rounds_count(t, count),
            points_count(t, count),
            cards_count(t, count),
            players_count(t, count),
        ]
    return shown


def test_no_screen_string_bypasses_the_translator():
    shown = _screen_strings()
    assert len(shown) > 150
    leaks = {text: _untranslated(text) for text in shown if _untranslated(text)}
    assert leaks == {}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_pseudo_reminders_keep_their_generated_figures(game_id):
    game = GAMES[game_id]
    scoring = next(card for card in reminders(game_id, PSEUDO) if card.id == "scoring")
    assert "|---|---:|" in scoring.body
    assert str(max(game.values.values())) in scoring.body
