"""A number put into a message picks its plural form: every message of the code
that takes a number is a plural one (ngettext, NP_), or is reviewed here as one
whose number is no count ("Round 3", a version, a limit with no noun after it)."""

import re
import tomllib
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords

ROOT = Path(__file__).resolve().parents[2]

PLACEHOLDER = re.compile(
    r"%\((?P<percent>\w+)\)[sd]|\{(?P<brace>\w*)[^{}]*\}|%(?P<bare>[sd])"
)

WORDS = frozenset(
    {
        # People, games and cards, by name.
        *("game", "player", "players", "name", "names", "known", "dealer"),
        *("starter", "winner", "loser", "face", "card", "scoring"),
        # Places on disk and on the network, ids and codes.
        *("path", "folder", "moved_to", "url", "where", "id", "code", "char"),
        # Texts made elsewhere (a date, a reason, a sentence or figure already
        # counted with its own plural: "12 points", "3 of 4 matches won").
        *("date", "reason", "text", "words", "result", "figure", "figures"),
        *("won", "lost", "both", "options", "default", "shared", "match"),
    }
)
"""Placeholders that hold words, never a bare number. A new name that holds a
number is not added here: its message is made plural, or reviewed below."""

NOT_COUNTS: dict[str, str] = {
    # A number that names something: a round, a guest, a place, a port.
    "Round {number}": "the round's number",
    "Another phone saved round {number}, which ended the match, while it was "
    "being entered here: what was entered here was not saved.": "the round's number",
    "Guest {number}": "a guest's number",
    "Phone {number}": "a following phone's number",
    "{phone} may record": "a following phone's name (Phone 2)",
    "Round {first} came from phone {phone}.": "a round's and a phone's numbers",
    "Rounds {first} to {last} came from phone {phone}.": "rounds' and a phone's",
    "Round {first} came from {name}'s phone.": "a round's number",
    "Recorded on {name}'s phone, {when}": "a date and time",
    "Recorded on another phone, {when}": "a date and time",
    "Rounds {first} to {last} came from {name}'s phone.": "rounds' numbers",
    "Edit round {number}": "the round's number",
    "Delete round {number}": "the round's number",
    "Round {number} saved.": "the round's number",
    "Round {number} updated.": "the round's number",
    "Round {number} deleted.": "the round's number",
    "Round {number} started afresh.": "the round's number",
    "Round {number} half-entered": "the round's number",
    "With this change the match would have ended after round %(round)s, so the "
    "rounds after it could not have been played. Nothing was changed.": (
        "the round's number"
    ),
    "Round {number} half-edited": "the round's number",
    "Round {number} was changed meanwhile, so your edit was let go.": "a number",
    "Round {number} was saved meanwhile, so what was entered for it here was let "
    "go.": "the round's number",
    "There is no round %(round)s.": "the round's number",
    "Match {number}: {total}": "the match's number; total is counted points",
    "{player}, place {place}: {figures}": "a place on the leaderboard",
    "port to listen on ({port})": "a port number",
    # Versions and formats.
    "Version: {version}": "a version",
    "App version {version}": "a version",
    "Your data was upgraded from format %(from_version)s to %(to_version)s.": "formats",
    "%(path)s was written by a newer version of the app (format %(version)s; this "
    "one reads up to %(supported)s). It was left untouched.": "formats",
    "%(path)s comes from a newer version of the app (format %(version)s; this one "
    "reads up to %(supported)s). Nothing was imported.": "formats",
    "This match comes from a newer version of the app (format %(version)s; this "
    "one reads up to %(supported)s). Update the app to take it in. Nothing was "
    "added.": "formats",
    # A size with a unit symbol, which has no plural.
    "{size} MB": "MB is a unit symbol",
    "%(path)s is larger than %(max)s MB, more than any export of a real table. "
    "Nothing was imported.": "MB is a unit symbol",
    # A number standing alone: no noun follows it that would agree with it.
    "{face} ×{count}": "a card and a multiplication sign: K ×2",
    "%(num)s each": "the cards dealt, as a table cell: 7 each",
    "Ends when a total reaches %(limit)s": "a points limit, no noun",
    "Ends when a total passes %(limit)s": "a points limit, no noun",
    "Exactly %(limit)s does not end it": "a points limit, no noun",
    "Exactly %(limit)s is enough": "a points limit, no noun",
    "The limit must be a whole number from 1 to %(max)s, not “%(value)s”.": "range",
    "The number of rounds must be a whole number from 1 to %(max)s, not "
    "“%(value)s”.": "a range of whole numbers, no noun after it",
    "Points for %(face)s must be a whole number from 0 to %(max)s, not "
    "“%(value)s”.": "a range of whole numbers, no noun after it",
    "Copies of %(face)s in a deck must be a whole number from 1 to %(max)s, not "
    "“%(value)s”.": "a range of whole numbers, no noun after it",
    "Extra wild cards must be a whole number from 0 to %(max)s, not "
    "“%(value)s”.": "a range of whole numbers, no noun after it",
    "The fewest players (%(min)s) cannot be more than the most (%(max)s).": (
        "numbers in brackets"
    ),
    # What was typed, quoted: text that is not a number at all.
    "%(player)s: “%(count)s” is not a valid number of %(face)s.": "typed text",
    "%(player)s: “%(points)s” is not a valid number of points.": "typed text",
    "Unknown way of scoring: “%(value)s”.": "typed text",
    "Unknown limit rule: “%(value)s”.": "typed text",
    "This game cannot be played with “%(value)s”.": "typed text",
    "Number of decks: choose %(options)s, not “%(value)s”.": "typed text",
    # Names of things that are not numbers, in placeholders that could be.
    "{game} ({cards})": "the name of the cards played with",
    "{name}: {cards}": "a hand's cards by name: K ×2, 8",
    "Points for {cards}": "card names: jacks, queens and kings",
    "{place} {name}": "an ordinal already in words: 1st",
}
"""Messages whose numbers are not counts, each with why; reviewed by hand."""


def _keywords() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)["tool"]["babel"]["extract_messages"]
    return DEFAULT_KEYWORDS | parse_keywords(config["keywords"])


def _single_messages() -> set[str]:
    """Every message of the code that has no plural form."""
    found = extract_from_dir(
        ROOT / "companion",
        method_map=[("**.py", "python")],
        keywords=_keywords(),
    )
    return {message for *_, message, _c, _x in found if isinstance(message, str)}


def _numbers_in(message: str) -> list[str]:
    """The placeholders of `message` that may hold a number."""
    names = []
    for found in PLACEHOLDER.finditer(message):
        name = found["percent"] or found["brace"] or found["bare"] or "{}"
        if name not in WORDS:
            names.append(name)
    return names


def test_a_number_in_a_message_picks_its_plural_form():
    counted = sorted(
        message
        for message in _single_messages()
        if _numbers_in(message) and message not in NOT_COUNTS
    )
    assert counted == [], (
        "a number in a message with no plural form: use ngettext (NP_ in "
        "messages.py), or, if the number is no count, review it into NOT_COUNTS"
    )


def test_the_reviewed_messages_are_still_in_the_code():
    assert sorted(set(NOT_COUNTS) - _single_messages()) == []


def test_the_scan_finds_numbers_in_every_placeholder_style():
    assert _numbers_in("Remove %(count)s cards") == ["count"]
    assert _numbers_in("{n} points per round") == ["n"]
    assert _numbers_in("{points:.1f} points, %d rounds, {} left") == [
        "points",
        "d",
        "{}",
    ]
    assert _numbers_in("{player} went out · %(game)s") == []
