"""Translated words for the games: names, cards, scoring modes, match ends, counts."""

from companion.engine.games import (
    CARD_SETS,
    GAMES,
    CardSet,
    EndCondition,
    EndKind,
    Game,
    LimitRule,
    Scoring,
    get_card_set,
)
from companion.engine.match import Hand, Match
from companion.words.i18n import Translator


def N_(message: str) -> str:
    """Mark `message` for extraction; it is translated later, where it is shown."""
    return message


def NPC_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a plural pair with a context; translated later with npgettext."""
    return context, singular, plural


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a short message with a context; translated later with pgettext."""
    return context, message


# The engine keeps these as `Game.name_key`; listed here so pybabel extracts them.
GAME_NAMES: dict[str, str] = {
    # TRANSLATORS: the international name of Vri åtter / Olsen.
    "crazy-eights": N_("Crazy Eights"),
    # TRANSLATORS: a Swedish game's name; keep it unless your language has its own.
    "vandatta": N_("Vändåtta"),
    # TRANSLATORS: the card game Uno, played with an Uno deck or regular decks.
    "uno": N_("Uno"),
}

CARD_SET_NAMES: dict[str, str] = {
    # TRANSLATORS: a choice of cards: ordinary 52-card decks (with jokers for Uno).
    "regular": N_("Regular decks"),
    # TRANSLATORS: a choice of cards: a real Uno deck, with its own cards.
    "uno-cards": N_("Uno cards"),
}

GAME_DESCRIPTIONS: dict[str, str] = {
    "crazy-eights": N_(
        "Match the suit or the rank; eights are wild. Cards left in hand cost points."
    ),
    "vandatta": N_(
        "Swedish cousin of Crazy Eights where aces make everyone draw. "
        "Lowest total after the agreed deals wins."
    ),
    "uno": N_(
        "Played with an Uno deck, or with two ordinary decks and jokers. "
        "Whoever goes out collects everyone else's cards as points."
    ),
}

CARD_NAMES: dict[str, tuple[str, str, str]] = {
    # TRANSLATORS: card names in lower case, used in lists ("jacks, queens and
    # kings"), table rows and error messages; the plural is for "5 kings".
    "A": NPC_("card", "ace", "aces"),
    "2": NPC_("card", "two", "twos"),
    "3": NPC_("card", "three", "threes"),
    "4": NPC_("card", "four", "fours"),
    "5": NPC_("card", "five", "fives"),
    "6": NPC_("card", "six", "sixes"),
    "7": NPC_("card", "seven", "sevens"),
    "8": NPC_("card", "eight", "eights"),
    "9": NPC_("card", "nine", "nines"),
    "10": NPC_("card", "ten", "tens"),
    "J": NPC_("card", "jack", "jacks"),
    "Q": NPC_("card", "queen", "queens"),
    "K": NPC_("card", "king", "kings"),
    "RJ": NPC_("card", "red joker", "red jokers"),
    "BJ": NPC_("card", "black joker", "black jokers"),
    # TRANSLATORS: the cards of an Uno deck, in lower case like the names above.
    "0": NPC_("card", "zero", "zeros"),
    "1": NPC_("card", "one", "ones"),
    "skip": NPC_("card", "skip", "skips"),
    "reverse": NPC_("card", "reverse", "reverses"),
    "draw-two": NPC_("card", "draw two", "draw twos"),
    "wild": NPC_("card", "wild", "wilds"),
    "wild-draw-four": NPC_("card", "wild draw four", "wild draw fours"),
}

ONE_CARD: dict[str, tuple[str, str]] = {
    # TRANSLATORS: one card, its numeral agreeing with the card's name (nb "ett
    # ess" but "én konge", es "una reina" but "un rey"), as in "Remove one ace
    # from Bo"; in lower case like the card names.
    "A": NC_("one card", "one ace"),
    "2": NC_("one card", "one two"),
    "3": NC_("one card", "one three"),
    "4": NC_("one card", "one four"),
    "5": NC_("one card", "one five"),
    "6": NC_("one card", "one six"),
    "7": NC_("one card", "one seven"),
    "8": NC_("one card", "one eight"),
    "9": NC_("one card", "one nine"),
    "10": NC_("one card", "one ten"),
    "J": NC_("one card", "one jack"),
    "Q": NC_("one card", "one queen"),
    "K": NC_("one card", "one king"),
    "RJ": NC_("one card", "one red joker"),
    "BJ": NC_("one card", "one black joker"),
    "0": NC_("one card", "one zero"),
    "1": NC_("one card", "one one"),
    "skip": NC_("one card", "one skip"),
    "reverse": NC_("one card", "one reverse"),
    "draw-two": NC_("one card", "one draw two"),
    "wild": NC_("one card", "one wild"),
    "wild-draw-four": NC_("one card", "one wild draw four"),
}
"""One card of each name of CARD_NAMES, with the numeral that agrees with it."""

CARD_LABELS: dict[str, tuple[str, str]] = {
    # TRANSLATORS: the corner index of an ace, as printed on the cards people use.
    "A": NC_("card label", "A"),
    # TRANSLATORS: the corner index of a jack.
    "J": NC_("card label", "J"),
    # TRANSLATORS: the corner index of a queen.
    "Q": NC_("card label", "Q"),
    # TRANSLATORS: the corner index of a king.
    "K": NC_("card label", "K"),
    # TRANSLATORS: a key standing for a red joker; keep it very short.
    "RJ": NC_("card label", "R★"),
    # TRANSLATORS: a key standing for a black joker; keep it very short.
    "BJ": NC_("card label", "B★"),
    # TRANSLATORS: a key for Uno's Skip card: one short word (at most 7 letters).
    "skip": NC_("card label", "Skip"),
    # TRANSLATORS: a key for Uno's Reverse card: one short word (at most 7 letters).
    "reverse": NC_("card label", "Reverse"),
    # TRANSLATORS: a key for Uno's Draw Two card, as printed on it.
    "draw-two": NC_("card label", "+2"),
    # TRANSLATORS: a key for Uno's Wild card: one short word (at most 7 letters).
    "wild": NC_("card label", "Wild"),
    # TRANSLATORS: a key for Uno's Wild Draw Four card, as printed on it.
    "wild-draw-four": NC_("card label", "+4"),
}

HAND_WORDS: dict[str, tuple[str, str]] = {
    # TRANSLATORS: Uno's Draw Two card in the line of the cards a player held
    # ("Bo: Skip, Draw Two ×2"), written out: "+2" there reads as points.
    "draw-two": NC_("card in a hand", "Draw Two"),
    # TRANSLATORS: Uno's Wild Draw Four card in the line of the cards a player
    # held, written out: "+4" there reads as points.
    "wild-draw-four": NC_("card in a hand", "Wild Draw Four"),
}
"""The cards whose keypad label is a figure, as a hand's line writes them."""


PLACES: tuple[tuple[str, str], ...] = (
    # TRANSLATORS: places in a round played on, as short ordinals: "1st", "2nd".
    NC_("place", "1st"),
    NC_("place", "2nd"),
    NC_("place", "3rd"),
    NC_("place", "4th"),
    NC_("place", "5th"),
    NC_("place", "6th"),
    NC_("place", "7th"),
    NC_("place", "8th"),
    NC_("place", "9th"),
    NC_("place", "10th"),
)
"""One ordinal per seat of the largest table (ten players)."""


def _game(game: Game | str) -> Game:
    return GAMES[game] if isinstance(game, str) else game


def game_name(t: Translator, game: Game | str) -> str:
    """The game's display name in the translator's language; a user's game is
    called what the user named it (an id no game has comes back as given)."""
    if isinstance(game, str) and game not in GAMES:
        return game
    found = _game(game)
    if found.id not in GAMES:
        return found.name_key
    return t.gettext(found.name_key)


def game_description(t: Translator, game: Game | str) -> str:
    """One line saying what kind of game this is (for a user's game, who scores)."""
    found = _game(game)
    if found.id not in GAME_DESCRIPTIONS:
        return scoring_description(t, found.scoring)
    return t.gettext(GAME_DESCRIPTIONS[found.id])


def card_set_name(t: Translator, cards: CardSet | str) -> str:
    """A card set as a choice: "Uno cards", "Regular decks"."""
    card_set = CARD_SETS[cards] if isinstance(cards, str) else cards
    return t.gettext(card_set.name_key)


def card_name(t: Translator, face: str, count: int = 1) -> str:
    """A card as a word ("eight", "eights", "skips"): a face or a card of a card
    set; unknown ones come back as given."""
    if face not in CARD_NAMES:
        return face
    return t.npgettext(*CARD_NAMES[face], count)


def one_card_name(t: Translator, face: str) -> str:
    """One card with its numeral, which agrees with the card: "one ace" (nb "ett
    ess", es "un as"); unknown ones come back as given."""
    if face not in ONE_CARD:
        return face
    return t.pgettext(*ONE_CARD[face])


def card_label(t: Translator, face: str) -> str:
    """The short label of a card, as on a keypad key ("8", "K", "R★", "+2")."""
    if face in CARD_LABELS:
        return t.pgettext(*CARD_LABELS[face])
    return face


def scoring_name(t: Translator, scoring: Scoring) -> str:
    """The name of a scoring mode, for a settings choice."""
    if scoring is Scoring.PENALTY:
        # TRANSLATORS: scoring mode where those left holding cards get points.
        return t.pgettext("scoring", "Penalty points")
    # TRANSLATORS: scoring mode where the one who went out scores all other hands.
    return t.pgettext("scoring", "Winner collects")


def scoring_description(t: Translator, scoring: Scoring) -> str:
    """Who gets the points of a round, in one sentence."""
    if scoring is Scoring.PENALTY:
        return t.gettext(
            "Everyone who did not go out adds up the cards left in their hand."
        )
    return t.gettext("Whoever goes out scores the cards left in all the other hands.")


def winner_description(t: Translator, scoring: Scoring) -> str:
    """Whether the lowest or the highest total wins."""
    if scoring is Scoring.PENALTY:
        return t.gettext("Lowest total wins")
    return t.gettext("Highest total wins")


def end_description(t: Translator, end: EndCondition) -> str:
    """When a match ends, with its limit or number of rounds."""
    if end.kind is EndKind.ROUNDS:
        return t.ngettext(
            "Ends after %(num)s round", "Ends after %(num)s rounds", end.value
        ) % {"num": t.number(end.value)}
    if end.rule is LimitRule.REACHES:
        return t.gettext("Ends when a total reaches %(limit)s") % {
            "limit": t.number(end.value)
        }
    return t.gettext("Ends when a total passes %(limit)s") % {
        "limit": t.number(end.value)
    }


def limit_rule_name(t: Translator, rule: LimitRule) -> str:
    """A limit rule as a settings choice."""
    if rule is LimitRule.REACHES:
        # TRANSLATORS: the match ends as soon as a total is at the limit or above.
        return t.pgettext("limit rule", "Reaching the limit ends it")
    # TRANSLATORS: the match ends only when a total is above the limit.
    return t.pgettext("limit rule", "A total must pass the limit")


def rounds_count(t: Translator, n: int) -> str:
    """ "3 rounds" with the language's plural rules."""
    return t.ngettext("%(num)s round", "%(num)s rounds", n) % {"num": t.number(n)}


def points_count(t: Translator, n: int) -> str:
    """ "12 points" with the language's plural rules."""
    return t.ngettext("%(num)s point", "%(num)s points", n) % {"num": t.number(n)}


def cards_count(t: Translator, n: int) -> str:
    """ "5 cards" with the language's plural rules."""
    return t.ngettext("%(num)s card", "%(num)s cards", n) % {"num": t.number(n)}


def players_count(t: Translator, n: int) -> str:
    """ "4 players" with the language's plural rules."""
    return t.ngettext("%(num)s player", "%(num)s players", n) % {"num": t.number(n)}


def written_card(t: Translator, card: str) -> str:
    """A card as a hand's line writes it: its keypad label, but Uno's Draw Two
    and Wild Draw Four by name ("+2" beside a round's "+84" reads as points)."""
    if card in HAND_WORDS:
        return t.pgettext(*HAND_WORDS[card])
    return card_label(t, card)


def chip_text(t: Translator, card: str, count: int) -> str:
    """A card and how many of it a hand holds: "K ×2", or just "K" for one."""
    return _counted(t, card_label(t, card), count)


def _counted(t: Translator, short: str, count: int) -> str:
    if count == 1:
        return short
    # TRANSLATORS: a card face and how many of it a player holds, e.g. "K ×2".
    return t.gettext("{face} ×{count}").format(face=short, count=t.number(count))


def hand_text(t: Translator, hand: Hand | int, cards: CardSet) -> str:
    """A recorded hand in one line, its cards as `cards` names them in its
    order, or the points typed in."""
    if isinstance(hand, int):
        return t.ngettext("{n} point typed in", "{n} points typed in", hand).format(
            n=t.number(hand)
        )
    counts = dict(hand.counts)
    return ", ".join(
        _counted(t, written_card(t, cards.card(face)), counts[face])
        for face in cards.order(tuple(counts))
    )


def place_label(t: Translator, place: int) -> str:
    """A place (1 for the first out) as a short ordinal: "1st", "2nd"."""
    return t.pgettext(*PLACES[place - 1])


def places_text(
    t: Translator, players: tuple[str, ...], places: tuple[str, ...]
) -> str:
    """Everyone's place in a round played on, the one left last: "1st Bo · 2nd
    Ada · 3rd Cy"."""
    order = [*places, *(p for p in players if p not in places)]
    return " · ".join(
        # TRANSLATORS: a place and who took it in a round played on: "2nd Ada".
        t.gettext("{place} {name}").format(place=place_label(t, n), name=name)
        for n, name in enumerate(order, start=1)
    )


def round_hands_text(t: Translator, match: Match, index: int) -> str:
    """What everyone but the one who went out held in round `index` (with the
    places of a round played on first), in one line for a spreadsheet:
    "Bo: 0 ×2, Skip; Cy: Wild Draw Four"."""
    cards = get_card_set(match.settings.card_set)
    played = match.rounds[index]
    parts = [places_text(t, match.players, played.places)] if played.places else []
    parts.extend(
        t.gettext("{name}: {cards}").format(
            name=player, cards=hand_text(t, entry, cards)
        )
        for player, entry in played.hands
    )
    return "; ".join(parts)
