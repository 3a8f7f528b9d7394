"""The gettext catalogs: complete, consistent with the template, and compilable."""

import re
import subprocess
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_keywords
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from companion.engine.games import GAMES
from companion.words.i18n import LANGUAGES, catalog_path, locales_dir, template_path
from companion.words.rules import rules_path

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]

# The modules whose strings are in the catalogs so far; add a module here when its
# strings are extracted (see docs/development.md, "Translations").
EXTRACTED_MODULES = (
    "companion/words/game_texts.py",
    "companion/words/messages.py",
    "companion/words/rule_facts.py",
    "companion/words/rules.py",
    "companion/ui/router/root.py",
    "companion/cli/main.py",
    "companion/serving/server.py",
    "companion/cli/transfer_commands.py",
    "companion/ui/frame/access.py",
    "companion/ui/frame/format.py",
    "companion/ui/scoreboard/history.py",
    "companion/ui/new_match/house_rules_section.py",
    "companion/ui/join/join_screen.py",
    "companion/ui/record/keypad.py",
    "companion/ui/matches/matches_screen.py",
    "companion/ui/new_match/new_match_screen.py",
    "companion/ui/players/players_screen.py",
    "companion/ui/record/record_screen.py",
    "companion/ui/record/round_parts.py",
    "companion/ui/record/places_section.py",
    "companion/ui/rules/rules_screen.py",
    "companion/ui/rules/rule_answers.py",
    "companion/ui/scoreboard/scoreboard_screen.py",
    "companion/ui/settings/settings_screen.py",
    "companion/ui/settings/share_section.py",
    "companion/ui/frame/shell.py",
)

PLACEHOLDERS = re.compile(r"%\(\w+\)[sd]|\{\w+\}")

# The word for the game (Crazy Eights, Uno) in each translation, in all its forms;
# whole words only, so nb "spiller" and sv "spelare" (players) are not it.
GAME_WORD = {
    "nb": re.compile(r"\bspill(?:et|ets|ene|enes)?\b", re.IGNORECASE),
    "sv": re.compile(r"\bspel(?:et|ets|en|ens)?\b", re.IGNORECASE),
    "es": re.compile(r"\bjuegos?\b", re.IGNORECASE),
}
SPEAKS_OF_A_MATCH = re.compile(r"\bmatch(?:es)?\b", re.IGNORECASE)
SPEAKS_OF_THE_GAME = re.compile(r"\bgames?\b", re.IGNORECASE)


def _catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def _keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in catalog
        if message.id
    }


def _keywords() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)["tool"]["babel"]["extract_messages"]
    return DEFAULT_KEYWORDS | parse_keywords(config["keywords"])


def test_the_shipped_locales_are_the_repositorys():
    assert locales_dir().resolve() == (ROOT / "locales").resolve()


@pytest.mark.parametrize("module", EXTRACTED_MODULES)
def test_the_template_holds_every_string_of_the_code(module):
    template = _keys(_catalog(template_path()))
    found = extract_from_file("python", ROOT / module, keywords=_keywords())
    for _line, message, _comments, context in found:
        msgid = message if isinstance(message, str) else message[0]
        assert (context, msgid) in template, msgid


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_matches_the_template(lang):
    catalog = _catalog(catalog_path(lang), lang)
    assert _keys(catalog) == _keys(_catalog(template_path()))
    assert not catalog.obsolete
    assert catalog.plural_forms == get_plural(lang).plural_forms


def test_the_english_catalog_falls_back_to_the_source_strings():
    catalog = _catalog(catalog_path("en"), "en")
    for message in catalog:
        assert not message.fuzzy, message.id
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        assert not any(strings) or not message.id, message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_not_fuzzy(lang):
    catalog = _catalog(catalog_path(lang), lang)
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        if message.pluralizable:
            assert len(strings) == catalog.num_plurals, message.id
        assert all(s.strip() for s in strings), message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_between_msgid_and_msgstr(lang):
    for message in _catalog(catalog_path(lang), lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        expected = {p for msgid in ids for p in PLACEHOLDERS.findall(msgid)}
        for string in strings:
            assert set(PLACEHOLDERS.findall(string)) == expected, (message.id, string)


def _calls_a_match_a_game(english: str, translated: str, lang: str) -> bool:
    return bool(
        SPEAKS_OF_A_MATCH.search(english)
        and not SPEAKS_OF_THE_GAME.search(english)
        and GAME_WORD[lang].search(translated)
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_match_is_never_called_a_game(lang):
    """A match has one name on every screen and in every message (nb and sv
    "parti", es "partida"), never the word for the game (nb "spill", sv "spel",
    es "juego"). Rule: where the English says "match" or "matches" as a word and
    not "game" or "games", no form of the translation uses the game word."""
    for message in _catalog(catalog_path(lang), lang):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        english = " ".join(ids)
        for string in strings:
            assert not _calls_a_match_a_game(english, string, lang), (ids, string)


@pytest.mark.parametrize(
    ("game_id", "lang"), [(g, x) for g in GAMES for x in TRANSLATED]
)
def test_the_rule_reminders_never_call_a_match_a_game(game_id, lang):
    """The same rule for the rule reminders: each title against the English title
    of its section, and each body line against the English line in its place (the
    reminders are written line for line; a section whose translation has another
    number of lines is checked by its title only)."""

    def sections(language: str) -> dict[str, dict[str, str]]:
        with open(rules_path(language, game_id), "rb") as file:
            return tomllib.load(file)

    def flat(data: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        """Sections, with those replaced for a card set under "<set>.<section>"."""
        found = {key: entry for key, entry in data.items() if key != "card-set"}
        for card_set, replaced in data.get("card-set", {}).items():
            for key, entry in replaced.items():
                if "title" in entry:
                    found[f"{card_set}.{key}"] = entry
        return found

    english = flat(sections("en"))
    for key, section in flat(sections(lang)).items():
        pairs = [(english[key]["title"], section["title"])]
        english_lines = english[key]["body"].splitlines()
        lines = section["body"].splitlines()
        if len(lines) == len(english_lines):
            pairs += zip(english_lines, lines, strict=True)
        for source, line in pairs:
            assert not _calls_a_match_a_game(source, line, lang), (key, line)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_sentences_are_really_translated(lang):
    """Guards against English copied into a catalog: a sentence of three or more
    words must differ from its English source."""
    for message in _catalog(catalog_path(lang), lang):
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        if len(msgid.split()) >= 3:
            string = message.string
            first = string if isinstance(string, str) else string[0]
            assert first != msgid, msgid


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogs_pass_babels_checks_and_compile(lang, tmp_path):
    catalog = _catalog(catalog_path(lang), lang)
    assert [(m.id, errors) for m, errors in catalog.check()] == []
    target = tmp_path / "companion.mo"
    result = subprocess.run(
        [
            "pybabel",
            "compile",
            "-i",
            str(catalog_path(lang)),
            "-o",
            str(target),
            "-l",
            lang,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr.casefold()
    assert target.stat().st_size > 0
