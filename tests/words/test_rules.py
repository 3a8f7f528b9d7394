"""Rule reminders: complete in every language, tables from the engine."""

import re
import tomllib

import pytest

from companion.engine.games import (
    GAMES,
    UNO_CARDS,
    EndCondition,
    EndKind,
    Scoring,
    get_game,
)
from companion.engine.match import Match
from companion.words import rules
from companion.words.game_texts import card_name
from companion.words.i18n import LANGUAGES, get_translator
from companion.words.rule_facts import UNO_CARD_MAP, card_values, scoring_rows
from companion.words.rules import (
    GAME_SECTIONS,
    MARKER,
    match_reminders,
    reminders,
    rules_path,
)

PAIRS = [(game_id, lang) for game_id in GAMES for lang in LANGUAGES]


def _card(game_id: str, lang: str, section: str, **kwargs) -> str:
    return next(r for r in reminders(game_id, lang, **kwargs) if r.id == section).body


def _table(body: str) -> list[list[str]]:
    rows = [line for line in body.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


@pytest.mark.parametrize(("game_id", "lang"), PAIRS)
def test_every_game_has_every_section_in_every_language(game_id, lang):
    cards = reminders(game_id, lang)
    assert [card.id for card in cards] == list(GAME_SECTIONS[game_id])
    for card in cards:
        assert card.title and len(card.body) > 20, card.id
        assert "{{" not in card.body and "}}" not in card.body, card.id


@pytest.mark.parametrize(("game_id", "lang"), PAIRS)
def test_rule_files_use_the_same_generated_parts_as_english(game_id, lang):
    def markers(path: str) -> dict[str, list[str]]:
        with open(path, "rb") as file:
            data = tomllib.load(file)
        found = {
            key: MARKER.findall(entry["body"])
            for key, entry in data.items()
            if key != "card-set"
        }
        for card_set, sections in data.get("card-set", {}).items():
            assert card_set in GAMES[game_id].card_sets
            for key, entry in sections.items():
                assert key in GAME_SECTIONS[game_id]
                found[f"{card_set}.{key}"] = MARKER.findall(entry.get("body", ""))
        return found

    english = markers(rules_path("en", game_id))
    assert markers(rules_path(lang, game_id)) == english
    assert set(GAME_SECTIONS[game_id]) <= set(english)


@pytest.mark.parametrize(("game_id", "lang"), PAIRS)
def test_the_scoring_table_shows_the_engines_values(game_id, lang):
    game = get_game(game_id)
    t = get_translator(lang)
    table = _table(_card(game_id, lang, "scoring"))
    rows = scoring_rows(dict(game.values))
    assert len(table) == len(rows)
    covered: list[str] = []
    for (faces, value), (_, points) in zip(rows, table, strict=True):
        covered.extend(faces)
        for face in faces:
            expected = int(face) if value is None else value
            assert game.values[face] == expected
        if value is not None:
            assert points == t.number(value)
    assert sorted(covered) == sorted(game.faces)


def test_scoring_tables_read_as_players_know_them():
    assert ["Eights", "50"] in _table(_card("crazy-eights", "en", "scoring"))
    assert ["Knekter, damer og konger", "10"] in _table(
        _card("crazy-eights", "nb", "scoring")
    )
    assert ["Alla andra kort", "1"] in _table(_card("vandatta", "sv", "scoring"))
    assert ["Comodines rojos y comodines negros", "50"] in _table(
        _card("uno", "es", "scoring")
    )
    assert ["2–9", "El número de la carta"] in _table(_card("uno", "es", "scoring"))


def test_house_rule_values_change_the_table():
    other_table = {"8": 25, "A": 15, "10": 10, "J": 10, "Q": 10, "K": 10}
    values = {face: 5 for face in get_game("vandatta").faces} | other_table
    table = _table(_card("vandatta", "sv", "scoring", values=values))
    assert table[0] == ["Åttor", "25"]
    assert table[1] == ["Ess", "15"]
    assert ["Tior, knektar, damer och kungar", "10"] in table


def test_a_matchs_settings_drive_its_reminders():
    match = Match.new(
        "crazy-eights", ["Ada", "Bo"], values={"8": 20}, limit=150, scoring=None
    )
    cards = {card.id: card.body for card in match_reminders(match, "en")}
    assert ["Eights", "20"] in _table(cards["scoring"])
    assert "Ends when a total passes 150" in cards["match-end"]
    assert "20 points" in cards["scoring"]


def test_the_end_and_scoring_follow_the_chosen_rules():
    end = EndCondition(EndKind.ROUNDS, 3)
    body = _card("crazy-eights", "nb", "match-end", end=end)
    assert "Slutter etter 3 runder" in body
    body = _card("crazy-eights", "en", "scoring", scoring=Scoring.WINNER_COLLECTS)
    assert body.startswith("Whoever goes out scores")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deal_and_deck_figures_come_from_the_engine(lang):
    t = get_translator(lang)
    crazy = get_game("crazy-eights")
    deal = _card("crazy-eights", lang, "deal")
    for players in (2, 3):
        count = crazy.cards_dealt(players)
        assert re.search(rf"{players}\D[^\n]*\b{count}\b", deal), players
    assert t.number(crazy.players_per_deck) in deal
    uno = get_game("uno")
    uno_deal = _card("uno", lang, "deal")
    assert t.number(sum(uno.copies.values())) in uno_deal
    assert str(uno.cards_dealt(4)) in uno_deal


@pytest.mark.parametrize("lang", LANGUAGES)
def test_uno_shows_which_regular_card_is_which_uno_card(lang):
    t = get_translator(lang)
    rows = _table(_card("uno", lang, "uno-cards"))
    shown = {row[0].casefold() for row in rows}
    for face in UNO_CARD_MAP:
        assert card_name(t, face).casefold() in shown
    assert len({row[1] for row in rows}) == len(rows)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_with_uno_cards_the_reminders_name_the_uno_decks_own_cards(lang):
    t = get_translator(lang)
    regular = {r.id: r.body for r in reminders("uno", lang)}
    uno = {r.id: r.body for r in reminders("uno", lang, cards=UNO_CARDS)}
    assert "uno-cards" in regular and "uno-cards" not in uno
    assert regular["special-cards"] != uno["special-cards"]
    table = _table(uno["scoring"])
    shown = {row[0].casefold() for row in table}
    wilds = t.join([card_name(t, "wild", 2), card_name(t, "wild-draw-four", 2)])
    assert wilds.casefold() in shown
    assert ["0–9", t.gettext("Number on the card")] in table
    rows = scoring_rows(card_values(get_game("uno"), get_game("uno").values, UNO_CARDS))
    assert len(table) == len(rows)
    joker = card_name(t, "RJ", 2).casefold()
    assert joker not in uno["scoring"].casefold()
    assert joker not in uno["deal"].casefold()
    assert t.number(108) in uno["deal"]


def test_extra_wild_cards_count_in_the_uno_deck_table():
    match = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards", extra_wilds=4)
    deal = next(r for r in match_reminders(match, "en") if r.id == "deal").body
    rows = {cards: count for cards, count in _table(deal)}
    assert rows["1–9, skips, reverses, draw twos, and wilds"] == "8 each"
    assert rows["0 and wild draw fours"] == "4 each"
    assert "112 cards" in deal


def test_rule_files_are_read_once():
    rules._sections.cache_clear()
    reminders("vandatta", "sv")
    reminders("vandatta", "sv", values={"8": 3})
    assert rules._sections.cache_info().misses == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_users_game_gets_reminders_generated_from_its_definition(lang):
    from companion.engine.game_definitions import define_game

    definition = {
        "id": "house", "name": "House table", "card_set": "regular",
        "faces": {"8": {"value": 40, "copies": 4}, "K": {"value": 7, "copies": 4}},
        "decks": 2, "scoring": "penalty",
        "end": {"kind": "rounds", "value": 6},
        "lowest_wins": False, "nobody_out": True,
        "min_players": 2, "max_players": 4,
    }  # fmt: skip
    t = get_translator(lang)
    match = Match.new(define_game(definition), ["Ada", "Bo"], values={"K": 9})
    cards = {card.id: card.body for card in match_reminders(match, lang)}
    assert list(cards) == ["cards", "scoring", "match-end"]
    table = _table(cards["cards"])
    assert [t.number(40), t.number(9)] == [row[1] for row in table]
    assert card_name(t, "8", 2).casefold() == table[0][0].casefold()
    assert t.gettext("Highest total wins") in cards["match-end"]
    assert t.number(6) in cards["match-end"]
