"""Rule-reminder parts generated from the game definitions, so no figure is retyped."""

from collections.abc import Callable, Mapping
from types import MappingProxyType

from companion.engine.games import (
    UNO_CARDS,
    CardSet,
    EndCondition,
    EndKind,
    Game,
    LimitRule,
    Scoring,
)
from companion.words.game_texts import (
    NC_,
    card_label,
    card_name,
    cards_count,
    end_description,
    points_count,
    scoring_description,
    winner_description,
)
from companion.words.i18n import Translator

UNO_CARD_TITLES: dict[str, tuple[str, str]] = {
    # TRANSLATORS: names of Uno's own cards, as players of Uno call them.
    "skip": NC_("uno card", "Skip"),
    "reverse": NC_("uno card", "Reverse"),
    "draw-two": NC_("uno card", "Draw two"),
    "wild": NC_("uno card", "Wild"),
    "wild-draw-four": NC_("uno card", "Wild draw four"),
}

UNO_CARD_MAP: Mapping[str, str] = MappingProxyType(
    {face: card for face, card in UNO_CARDS.cards.items() if face != card}
)
"""Which regular card plays which Uno card, from the engine's Uno card set: a
number, or a key of UNO_CARD_TITLES (2 to 9 play themselves)."""


def _is_pip(face: str, value: int) -> bool:
    return face.isdigit() and int(face) == value


def _digit_runs(faces: list[str]) -> str:
    """Number faces with runs of three or more shortened: "2–5, 9, 10"."""
    numbers = sorted(int(face) for face in faces)
    runs: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        if previous - start >= 2:
            runs.append(f"{start}–{previous}")
        else:
            runs.extend(str(n) for n in range(start, previous + 1))
        if number is not None:
            start = previous = number
    return ", ".join(runs)


def scoring_rows(
    values: Mapping[str, int],
) -> list[tuple[tuple[str, ...], int | None]]:
    """The scoring table as rows of (cards, points), highest first, from the
    values of each card in keypad order; `None` points means "the number on the
    card" (one row for the number cards worth their pip)."""
    faces = tuple(values)
    digits = [face for face in faces if face.isdigit()]
    pips = [face for face in digits if _is_pip(face, values[face])]
    # A "number on the card" row only helps when most number cards follow it.
    if len(pips) * 2 < len(digits):
        pips = []
    groups: dict[int, list[str]] = {}
    for face in faces:
        if face not in pips:
            groups.setdefault(values[face], []).append(face)
    rows: list[tuple[tuple[str, ...], int | None]] = [
        (tuple(faces), value) for value, faces in sorted(groups.items(), reverse=True)
    ]
    if pips:
        rows.append((tuple(pips), None))
    return rows


def _faces_text(t: Translator, faces: tuple[str, ...], last: bool) -> str:
    if all(face.isdigit() for face in faces) and len(faces) > 1:
        return _digit_runs(list(faces))
    if last and len(faces) > 3:
        return t.gettext("All other cards")
    words = t.join(card_name(t, face, 2) for face in faces)
    return words[:1].upper() + words[1:]


def card_values(
    game: Game, values: Mapping[str, int], cards: CardSet
) -> dict[str, int]:
    """Face values keyed by the card set's own cards, in its keypad order."""
    return {cards.card(face): values[face] for face in cards.order(game.faces)}


def scoring_table(t: Translator, values: Mapping[str, int]) -> str:
    """The card values as a Markdown table, from the game or the match settings,
    keyed by the cards of the set the table plays with."""
    # TRANSLATORS: column headings of the scoring table.
    cards_heading, points_heading = (
        t.pgettext("scoring table", "Cards"),
        t.pgettext("scoring table", "Points"),
    )
    lines = [f"| {cards_heading} | {points_heading} |", "|---|---:|"]
    rows = scoring_rows(values)
    for index, (faces, value) in enumerate(rows):
        points = t.gettext("Number on the card") if value is None else t.number(value)
        lines.append(f"| {_faces_text(t, faces, index == len(rows) - 1)} | {points} |")
    return "\n".join(lines)


def players_line(t: Translator, game: Game) -> str:
    """How many can play."""
    most = game.max_players
    return t.ngettext(
        "%(min)s to %(max)s player.", "%(min)s to %(max)s players.", most
    ) % {
        "min": t.number(game.min_players),
        "max": t.number(most),
    }


def decks_line(t: Translator, game: Game) -> str:
    """When a second deck comes in."""
    if len(game.deck_options) == 1:
        return ""
    most = game.players_per_deck
    return t.ngettext(
        "One deck is enough for up to %(num)s player; "
        "with more, shuffle two decks together.",
        "One deck is enough for up to %(num)s players; "
        "with more, shuffle two decks together.",
        most,
    ) % {"num": t.number(most)}


def deal_lines(t: Translator, game: Game) -> str:
    """Cards dealt to each player, as a Markdown list by table size."""
    if len(game.deal) == 1:
        rule = game.deal[0]
        return t.ngettext(
            "Deal %(num)s card to each player.",
            "Deal %(num)s cards to each player.",
            rule.cards,
        ) % {"num": t.number(rule.cards)}
    lines = []
    for rule in game.deal:
        if rule.min_players == rule.max_players:
            text = t.ngettext(
                "%(players)s players: %(num)s card each",
                "%(players)s players: %(num)s cards each",
                rule.cards,
            ) % {"players": t.number(rule.min_players), "num": t.number(rule.cards)}
        else:
            text = t.ngettext(
                "%(min)s to %(max)s players: %(num)s card each",
                "%(min)s to %(max)s players: %(num)s cards each",
                rule.cards,
            ) % {
                "min": t.number(rule.min_players),
                "max": t.number(rule.max_players),
                "num": t.number(rule.cards),
            }
        lines.append(f"- {text}")
    return "\n".join(lines)


def deck_copies(game: Game, cards: CardSet, extra_wilds: int) -> dict[str, int]:
    """How many of each card of the set one deck holds, extra wild cards counted."""
    copies = dict(game.copies)
    if game.wild_face is not None:
        copies[game.wild_face] += extra_wilds
    return {cards.card(face): copies[face] for face in cards.order(game.faces)}


def uno_deck_table(t: Translator, copies: Mapping[str, int]) -> str:
    """How many of each card the Uno pack holds, and its size."""
    groups: dict[int, list[str]] = {}
    for card, held in copies.items():
        groups.setdefault(held, []).append(card)
    # TRANSLATORS: column headings of the table of cards in the Uno pack.
    cards, count = (
        t.pgettext("deck table", "Cards"),
        t.pgettext("deck table", "In the pack"),
    )
    lines = [f"| {cards} | {count} |", "|---|---:|"]
    for held, faces in sorted(groups.items(), reverse=True):
        names = t.join(_deck_faces(t, faces))
        each = t.gettext("%(num)s each") % {"num": t.number(held)}
        lines.append(f"| {names} | {each} |")
    total = sum(copies.values())
    # TRANSLATORS: the last row of the Uno pack table, with the total.
    in_all = t.pgettext("deck table", "In all")
    lines.append(f"| **{in_all}** | **{cards_count(t, total)}** |")
    return "\n".join(lines)


def _deck_faces(t: Translator, faces: list[str]) -> list[str]:
    """Cards for the deck table: number runs ("2–9"), letters, other cards' names."""
    items: list[str] = []
    digits: list[str] = []
    for face in [*faces, ""]:
        if face.isdigit():
            digits.append(face)
            continue
        if digits:
            items.append(_digit_runs(digits))
            digits = []
        if face in ("A", "J", "Q", "K"):
            items.append(card_label(t, face))
        elif face:
            items.append(card_name(t, face, 2))
    return items


def uno_map_table(t: Translator, mapping: Mapping[str, str]) -> str:
    """Which regular card plays which Uno card, as a Markdown table."""
    # TRANSLATORS: column headings of the table of regular cards as Uno cards.
    regular, uno_card = (
        t.pgettext("uno map", "Regular card"),
        t.pgettext("uno map", "Uno card"),
    )
    same = t.gettext("The same number")
    lines = [f"| {regular} | {uno_card} |", "|---|---|", f"| 2–9 | {same} |"]
    for face, uno in mapping.items():
        name = card_name(t, face, 1)
        shown = uno if uno.isdigit() else t.pgettext(*UNO_CARD_TITLES[uno])
        lines.append(f"| {name[:1].upper() + name[1:]} | {shown} |")
    return "\n".join(lines)


def match_end_lines(
    t: Translator, scoring: Scoring, end: EndCondition, lowest_wins: bool | None = None
) -> str:
    """When the match ends and who wins (lowest total unless `lowest_wins` says
    otherwise, else as `scoring` has it), as a Markdown list."""
    if lowest_wins is not None:
        scoring = Scoring.PENALTY if lowest_wins else Scoring.WINNER_COLLECTS
    lines = [end_description(t, end), winner_description(t, scoring)]
    if end.kind is EndKind.LIMIT and end.rule is LimitRule.EXCEEDS:
        lines.append(
            t.gettext("Exactly %(limit)s does not end it")
            % {"limit": t.number(end.value)}
        )
    elif end.kind is EndKind.LIMIT:
        lines.append(
            t.gettext("Exactly %(limit)s is enough") % {"limit": t.number(end.value)}
        )
    lines.append(t.gettext("Players with the same total share the win"))
    return "\n".join(f"- {line}" for line in lines)


Expander = Callable[[str | None], str]


def expanders(
    t: Translator,
    game: Game,
    scoring: Scoring,
    end: EndCondition,
    values: Mapping[str, int],
    cards: CardSet,
    extra_wilds: int = 0,
) -> dict[str, Expander]:
    """What each `{{marker}}` of a rule file stands for, for one game and match,
    its cards named as the card set the table plays with calls them."""
    return {
        "players": lambda _: players_line(t, game),
        "decks": lambda _: decks_line(t, game),
        "deal": lambda _: deal_lines(t, game),
        "scoring-rule": lambda _: scoring_description(t, scoring),
        "scoring-table": lambda _: scoring_table(t, card_values(game, values, cards)),
        "match-end": lambda _: match_end_lines(t, scoring, end),
        "points": lambda face: points_count(t, values[face or ""]),
        "uno-deck": lambda _: uno_deck_table(t, deck_copies(game, cards, extra_wilds)),
        "uno-map": lambda _: uno_map_table(t, UNO_CARD_MAP),
    }
