"""Every code of the engine, the store and the gate gets a translated sentence."""

import re

import pytest

from companion.access.sharing import ACCESS_ERROR_CODES, AccessError
from companion.engine.errors import ERROR_CODES, MatchError
from companion.engine.games import UNO_CARDS
from companion.engine.match import Match
from companion.storage.errors import (
    STORE_ERROR_CODES,
    STORE_NOTICE_CODES,
    StoreError,
    StoreNotice,
)
from companion.words.i18n import LANGUAGES, get_translator
from companion.words.messages import (
    ACCESS_ERROR_MESSAGES,
    ERROR_MESSAGES,
    STORE_ERROR_MESSAGES,
    STORE_NOTICE_MESSAGES,
    error_message,
    notice_message,
)

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")

TABLES = [
    pytest.param(ERROR_MESSAGES, ERROR_CODES, id="engine errors"),
    pytest.param(STORE_ERROR_MESSAGES, STORE_ERROR_CODES, id="store errors"),
    pytest.param(STORE_NOTICE_MESSAGES, STORE_NOTICE_CODES, id="store notices"),
    pytest.param(ACCESS_ERROR_MESSAGES, ACCESS_ERROR_CODES, id="access errors"),
]

SAMPLE_PARAMS: dict[str, object] = {
    "player": "Åsö",
    "name": "Åsö",
    "face": "8",
    "count": 9,
    "limit": 8,
    "min": 2,
    "max": 10,
    "game": "uno",
    "decks": 1,
    "options": (1, 2),
    "value": "-3",
    "points": -3,
    "round": 2,
    "reason": "hands",
    "path": "/data/m.json",
    "id": "m1",
    "version": 3,
    "supported": 2,
    "matches": 4,
    "where": "rounds[2]",
    "moved_to": "/data/m.bad",
    "from_version": 1,
    "to_version": 2,
    "attempts_left": 3,
    "seconds": 120,
    "char": "U+200B",
    "known": "Åsa",
    "most": 6,
}


@pytest.mark.parametrize(("messages", "codes"), TABLES)
def test_every_code_has_a_message_using_exactly_its_params(messages, codes):
    assert set(messages) == set(codes)
    for code, params in codes.items():
        message = messages[code]
        forms = [message.singular] + ([message.plural] if message.plural else [])
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == set(params), code
        if message.count is not None:
            assert message.count in params, code


def _sample(code: str, codes: dict[str, tuple[str, ...]]) -> dict[str, object]:
    return {name: SAMPLE_PARAMS[name] for name in codes[code]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_renders_in_every_language(lang):
    t = get_translator(lang)
    rendered = [
        error_message(t, MatchError(code, **_sample(code, ERROR_CODES)))
        for code in ERROR_CODES
    ]
    rendered += [
        error_message(t, StoreError(code, **_sample(code, STORE_ERROR_CODES)))
        for code in STORE_ERROR_CODES
    ]
    rendered += [
        notice_message(t, StoreNotice(code, _sample(code, STORE_NOTICE_CODES)))
        for code in STORE_NOTICE_CODES
    ]
    rendered += [
        error_message(t, AccessError(code, **_sample(code, ACCESS_ERROR_CODES)))
        for code in ACCESS_ERROR_CODES
    ]
    for text in rendered:
        assert "%(" not in text and "Something went wrong" not in text
    assert len(set(rendered)) > len(rendered) - 3  # no catch-all sentence


def test_a_real_deck_limit_error_names_the_card_and_numbers_in_norwegian():
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"], decks=1)
    with pytest.raises(MatchError) as caught:
        match.record_round("Ada", {"Bo": {"8": 3}, "Cy": {"8": 2}})
    text = error_message(get_translator("nb"), caught.value)
    assert text == "Det er ført opp 5 åttere, men bare 4 er med i spillet."


def test_a_deck_limit_names_the_card_as_the_matchs_card_set_does():
    match = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards", extra_wilds=2)
    with pytest.raises(MatchError) as caught:
        match.record_round("Ada", {"Bo": {"RJ": 7}})
    error = caught.value
    english = get_translator("en")
    assert error_message(english, error, UNO_CARDS) == (
        "7 wilds entered, but only 6 are in play."
    )
    assert error_message(english, error) == (
        "7 red jokers entered, but only 6 are in play."
    )
    assert "comodines" in error_message(get_translator("es"), error, UNO_CARDS)


def test_a_number_in_an_error_picks_the_plural_form():
    english, spanish = get_translator("en"), get_translator("es")
    one = MatchError("deck-limit", face="A", count=2, limit=1)
    assert error_message(english, one) == "2 aces entered, but only 1 is in play."
    short = MatchError("name-too-long", name="Ada", max=1)
    assert error_message(english, short).startswith("Use at most 1 character ")
    assert error_message(spanish, short).startswith("Usa como máximo 1 carácter ")
    rounds = MatchError("too-many-rounds", max=1000)
    assert error_message(english, rounds) == "A match holds at most 1,000 rounds."
    players = StoreError("import-too-many-players", path="a.json", count=1, max=1)
    assert error_message(get_translator("nb"), players).startswith(
        "a.json inneholder 1 spiller;"
    )


def test_a_duplicate_name_is_explained_in_swedish_with_the_name():
    with pytest.raises(MatchError) as caught:
        Match.new("uno", ["Ada", "ada "])
    text = error_message(get_translator("sv"), caught.value)
    assert text == "Det finns redan en spelare som heter ”ada”."


def test_rounds_are_counted_from_one_and_numbers_are_local():
    t = get_translator("es")
    assert error_message(t, MatchError("no-such-round", round=0)) == (
        "No existe la ronda 1."
    )
    error = MatchError("points-too-high", player="Bo", points=12000, max=9999)
    assert error_message(t, error) == (
        "Bo: 12.000 puntos son demasiados (máximo 9.999)."
    )


def test_card_and_game_ids_become_translated_names():
    t = get_translator("nb")
    error = MatchError("unknown-face", face="RJ", game="crazy-eights")
    assert error_message(t, error) == "Vri åtter har ingen røde jokere."


def test_deck_options_are_listed_with_or():
    error = MatchError("bad-decks", value=3, options=(1, 2))
    assert error_message(get_translator("en"), error) == (
        "Number of decks: choose 1 or 2, not “3”."
    )


def test_plural_messages_pick_the_form_from_their_count():
    t = get_translator("en")
    one = StoreError("player-in-match", player="Bo", matches=1)
    many = StoreError("player-in-match", player="Bo", matches=3)
    assert "in 1 match," in error_message(t, one)
    assert "in 3 matches," in error_message(t, many)


def test_an_unknown_code_still_gives_a_translated_sentence():
    class Odd:
        code = "brand-new-code"
        params: dict[str, object] = {}

    assert error_message(get_translator("sv"), Odd()) == (
        "Något gick fel (brand-new-code)."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lockout_picks_the_plural_form_from_the_seconds(lang):
    t = get_translator(lang)

    def wait(seconds: int) -> str:
        return error_message(t, AccessError("join-rate-limited", seconds=seconds))

    assert "60" in wait(60)
    # "1 second" vs "60 seconds": the word changes, not just the number.
    assert wait(1).replace("1", "60", 1) != wait(60)


def test_wrong_codes_say_how_many_tries_are_left():
    t = get_translator("en")

    def wrong(left: int) -> str:
        return error_message(t, AccessError("join-code-wrong", attempts_left=left))

    assert wrong(1) == "That is not the join code. 1 try left before a pause."
    assert wrong(4) == "That is not the join code. 4 tries left before a pause."


def test_a_lockout_of_an_hour_is_written_the_local_way():
    error = AccessError("join-rate-limited", seconds=3600)
    assert error_message(get_translator("en"), error) == (
        "Too many wrong codes. Try again in 3,600 seconds."
    )


def test_a_round_after_the_end_is_said_so_in_every_language():
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"], limit=100)
    for out in ["Ada", "Bo", "Cy"]:
        match = match.record_round(out, {p: 20 for p in match.players if p != out})
    with pytest.raises(MatchError) as caught:
        match.edit_round(0, "Ada", {"Bo": 150, "Cy": 20})
    said = {
        lang: error_message(get_translator(lang), caught.value) for lang in LANGUAGES
    }
    assert said["en"] == (
        "With this change the match would have ended after round 1, so the "
        "rounds after it could not have been played. Nothing was changed."
    )
    assert "runde 1" in said["nb"] and "omgång 1" in said["sv"]
    assert "ronda 1" in said["es"]
    code = error_message(get_translator("en"), StoreError("code-round-after-end"))
    assert "a round after its end" in code and "Nothing was added" in code


def test_a_name_too_long_says_the_limit_first_and_quotes_the_name_shortened():
    name = "Bartholomew " * 17  # 204 characters
    said = error_message(
        get_translator("en"), MatchError("name-too-long", name=name, max=24)
    )
    # Cut to three lines on a phone, the limit still shows: it comes first.
    assert said.startswith("Use at most 24 characters for a name: “Bartholomew Bart…”")
    assert len(said) < 80
    # A name no longer than a name may be is quoted whole.
    whole = MatchError("duplicate-name", name="Åse 🎉 Bartholomew-Smith")
    assert "“Åse 🎉 Bartholomew-Smith”" in error_message(get_translator("en"), whole)
