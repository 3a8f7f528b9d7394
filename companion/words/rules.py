"""Rule reminders per game and language, read from locales/<lang>/rules."""

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.games import (
    REGULAR_CARDS,
    CardSet,
    EndCondition,
    Game,
    Scoring,
    get_card_set,
    get_game,
)
from companion.engine.match import Match
from companion.words.game_texts import scoring_description
from companion.words.i18n import PSEUDO, get_translator, locales_dir
from companion.words.pseudo import pseudo_text
from companion.words.rule_facts import (
    card_values,
    expanders,
    match_end_lines,
    players_line,
    scoring_table,
)

SECTIONS: tuple[str, ...] = (
    "deal",
    "play",
    "special-cards",
    "drawing",
    "last-card",
    "round-end",
    "scoring",
    "match-end",
    "disputes",
    "house-rules",
)
"""The reminder cards every game has, in the order they are shown."""

GAME_SECTIONS: dict[str, tuple[str, ...]] = {
    "crazy-eights": SECTIONS,
    "vandatta": SECTIONS,
    "uno": (SECTIONS[0], "uno-cards", *SECTIONS[1:]),
}
"""The cards of each game: Uno adds which regular card stands for which Uno card."""

MARKER = re.compile(r"\{\{([a-z-]+)(?::([A-Z0-9]+))?\}\}")
"""A generated part inside a rule text: ``{{scoring-table}}``, ``{{points:8}}``."""


@dataclass(frozen=True)
class Reminder:
    """One reminder card: a stable id, a title and a Markdown body."""

    id: str
    title: str
    body: str


def rules_path(lang: str, game_id: str) -> str:
    """Where one game's reminders in one language are stored."""
    return str(locales_dir() / lang / "rules" / f"{game_id}.toml")


def _rule_file(lang: str, game_id: str) -> dict[str, Any]:
    source = "en" if lang == PSEUDO else lang
    with open(rules_path(source, game_id), "rb") as file:
        return tomllib.load(file)


@functools.cache
def _sections(
    lang: str, game_id: str, card_set: str = REGULAR_CARDS.id
) -> tuple[tuple[str, str, str], ...]:
    """The (id, title, body) of each card as written, read once per language.

    A rule file's `[card-set.<id>.<section>]` tables replace a section for a
    table playing with that card set (`omit = true` drops it).
    """
    data = _rule_file(lang, game_id)
    overrides = data.get("card-set", {}).get(card_set, {})
    cards = []
    for section in GAME_SECTIONS[game_id]:
        entry = overrides.get(section, data[section])
        if entry.get("omit"):
            continue
        title, body = str(entry["title"]).strip(), str(entry["body"]).strip()
        if lang == PSEUDO:
            title, body = pseudo_text(title), pseudo_text(body)
        cards.append((section, title, body))
    return tuple(cards)


def reminders(
    game_id: str,
    lang: str,
    values: Mapping[str, int] | None = None,
    *,
    scoring: Scoring | None = None,
    end: EndCondition | None = None,
    cards: CardSet | None = None,
    extra_wilds: int = 0,
) -> list[Reminder]:
    """The reminder cards of a game in a language (or the pseudo-locale).

    Tables and figures are generated from the game definition, or from a match's
    house rules when `values` (card values), `scoring`, `end`, `cards` (the card
    set played with; else regular decks, which the rule files are written for)
    or `extra_wilds` are given.
    """
    game = get_game(game_id)
    t = get_translator(lang)
    card_set = cards or REGULAR_CARDS
    expand = expanders(
        t,
        game,
        scoring or game.scoring,
        end or game.end,
        {**game.values, **(values or {})},
        card_set,
        extra_wilds,
    )
    shown = []
    for section, title, body in _sections(t.lang, game_id, card_set.id):
        text = MARKER.sub(lambda match: expand[match.group(1)](match.group(2)), body)
        shown.append(Reminder(section, title, re.sub(r"\n{3,}", "\n\n", text).strip()))
    return shown


def own_game_reminders(
    game: Game,
    lang: str,
    values: Mapping[str, int] | None = None,
    *,
    scoring: Scoring | None = None,
    end: EndCondition | None = None,
) -> list[Reminder]:
    """The reminders of a user's game, all generated from its definition: its
    cards and values, how a round scores, how the match ends."""
    t = get_translator(lang)
    scoring = scoring or game.scoring
    cards = get_card_set(game.card_sets[0])
    shown_values = {**game.values, **(values or {})}
    table = scoring_table(t, card_values(game, shown_values, cards))
    deck = t.ngettext(
        "Played with %(num)s deck of these cards:",
        "Played with %(num)s decks of these cards:",
        game.deck_options[0],
    ) % {"num": t.number(game.deck_options[0])}
    scoring_lines = [scoring_description(t, scoring)]
    if game.allows_nobody_out and scoring is Scoring.PENALTY:
        scoring_lines.append(
            t.gettext(
                "A round where nobody goes out counts too: then everyone adds up "
                "the cards in their hand."
            )
        )
    end_lines = match_end_lines(
        t, scoring, end or game.end, game.lowest_total_wins(scoring)
    )
    cards_body = f"{players_line(t, game)}\n\n{deck}\n\n{table}"
    shown = [
        ("cards", t.gettext("Cards and values"), cards_body),
        ("scoring", t.gettext("Scoring"), "\n\n".join(scoring_lines)),
        ("match-end", t.gettext("End of the match"), end_lines),
    ]
    if t.lang == PSEUDO:
        shown = [(key, pseudo_text(title), body) for key, title, body in shown]
    return [Reminder(key, title, body) for key, title, body in shown]


def match_reminders(match: Match, lang: str) -> list[Reminder]:
    """The reminders for a running match, with its house-rule values and end."""
    settings = match.settings
    if match.definition is not None:
        return own_game_reminders(
            match.definition,
            lang,
            settings.values,
            scoring=settings.scoring,
            end=settings.end,
        )
    return reminders(
        match.game_id,
        lang,
        settings.values,
        scoring=settings.scoring,
        end=settings.end,
        cards=get_card_set(settings.card_set),
        extra_wilds=settings.extra_wilds,
    )
