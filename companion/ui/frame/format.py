"""Every piece of text the UI shows that is made from data: the one formatting place."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from companion.access.sharing import Guest
from companion.engine.games import (
    REGULAR_CARDS,
    CardSet,
    Game,
    Scoring,
    get_card_set,
)
from companion.engine.match import Hand, Match, Round, Standing
from companion.engine.rounds import Origin
from companion.storage.match_merge import Outcome, TakenIn
from companion.storage.take_in import WhatCame
from companion.words import game_texts as texts
from companion.words.i18n import Translator


def game_name(t: Translator, game: Game | str) -> str:
    """The game's display name in the reader's language (a user's game: its own)."""
    return texts.game_name(t, game)


def match_title(t: Translator, match: Match) -> str:
    """The game's name, with the cards it is played with where it offers a choice."""
    name = texts.game_name(t, match.game)
    if len(match.game.card_sets) == 1:
        return name
    # TRANSLATORS: a game and the cards it is played with: "Uno (Uno cards)".
    return t.gettext("{game} ({cards})").format(
        game=name, cards=card_set_label(t, card_set(match))
    )


def game_blurb(t: Translator, game: Game | str) -> str:
    """One line telling the games apart on the new-match screen."""
    return texts.game_description(t, game)


def card_set(match: Match) -> CardSet:
    """The cards a match is played with, which name its faces."""
    return get_card_set(match.settings.card_set)


def card_set_label(t: Translator, cards: CardSet) -> str:
    """A card set as a choice: "Uno cards", "Regular decks"."""
    return texts.card_set_name(t, cards)


def face_short(t: Translator, face: str, cards: CardSet = REGULAR_CARDS) -> str:
    """The mark of a card face on keys and chips, as the card set prints it
    (J, Q, K differ by language; Uno's "0", "+2")."""
    return texts.card_label(t, cards.card(face))


def face_name(
    t: Translator, face: str, count: int = 1, cards: CardSet = REGULAR_CARDS
) -> str:
    """A card face as a word, for accessible labels ("king", "kings", "skip")."""
    return texts.card_name(t, cards.card(face), count)


def one_face_name(t: Translator, face: str, cards: CardSet = REGULAR_CARDS) -> str:
    """One card of a face, for accessible labels: "one king", nb "ett ess"."""
    return texts.one_card_name(t, cards.card(face))


def scoring_label(t: Translator, scoring: Scoring) -> str:
    """A scoring mode as a choice: "Penalty points", "Winner collects"."""
    return texts.scoring_name(t, scoring)


def chip_text(
    t: Translator, face: str, count: int, cards: CardSet = REGULAR_CARDS
) -> str:
    """A chip in a hand: "K ×2", or just "K" for a single card."""
    return texts.chip_text(t, cards.card(face), count)


def hand_text(t: Translator, hand: Hand | int, cards: CardSet = REGULAR_CARDS) -> str:
    """A recorded hand in one line: its chips, or the points typed in."""
    return texts.hand_text(t, hand, cards)


def signed(t: Translator, points: int) -> str:
    """A change in points with its sign: "+50", "0"."""
    if points > 0:
        return "+" + t.number(points)
    return t.number(points)


def points(t: Translator, value: int) -> str:
    """A number of points with its unit: "1 point", "23 points"."""
    return texts.points_count(t, value)


def standing_label(t: Translator, standing: Standing) -> str:
    """One line of the standings for screen readers: "1. Ada: 23 points"."""
    return f"{standing.rank}. {standing.player}: {points(t, standing.total)}"


def round_title(t: Translator, number: int) -> str:
    """ "Round 3"."""
    return t.gettext("Round {number}").format(number=t.number(number))


def end_text(t: Translator, match: Match) -> str:
    """How the match ends, in one line."""
    return texts.end_description(t, match.settings.end)


def progress_text(t: Translator, match: Match) -> str:
    """Where the match stands: the round to play next and what is left."""
    if match.is_over:
        return t.ngettext(
            "Finished after {n} round", "Finished after {n} rounds", len(match.rounds)
        ).format(n=t.number(len(match.rounds)))
    left = match.rounds_left
    number = round_title(t, len(match.rounds) + 1)
    if left is None:
        return number
    return t.ngettext(
        "{round} · {n} round left", "{round} · {n} rounds left", left
    ).format(round=number, n=t.number(left))


def distance_text(t: Translator, match: Match, player: str) -> str | None:
    """How far a player is from the limit; None for a round-limited match, and
    for a finished one: nothing is left "to go" then."""
    distances = match.distance_to_limit()
    if distances is None or match.is_over:
        return None
    left = distances[player]
    if left < 0:
        return t.gettext("past the limit")
    return t.ngettext("{n} to go", "{n} to go", left).format(n=t.number(left))


def winners_text(t: Translator, winners: list[str]) -> str:
    """ "Ada wins!" or "Ada and Bo share the win!"."""
    if len(winners) == 1:
        return t.gettext("{name} wins!").format(name=winners[0])
    return t.gettext("{names} share the win!").format(names=" & ".join(winners))


def dealer_text(t: Translator, match: Match) -> str:
    """Who deals and who starts the next round."""
    return t.gettext("{dealer} deals, {starter} starts").format(
        dealer=match.next_dealer, starter=match.next_starter
    )


def when_text(t: Translator, moment: datetime) -> str:
    """A stored moment as a local date for lists."""
    return t.date(moment.astimezone())


def when_time_text(t: Translator, moment: datetime) -> str:
    """A stored moment as a local date and time of day, for a list where two
    rows may share a date (a match and its rematch)."""
    return t.datetime(moment.astimezone())


def origin_text(t: Translator, origin: Origin) -> str:
    """Where a round recorded on another phone came from, and when:
    "Recorded on Åse's phone, Nov 30, 2026, 9:05 PM"."""
    when = when_time_text(t, datetime.fromtimestamp(origin.at, UTC))
    if origin.name:
        # TRANSLATORS: {name} is the name that phone gave in its Settings.
        return t.gettext("Recorded on {name}'s phone, {when}").format(
            name=origin.name, when=when
        )
    return t.gettext("Recorded on another phone, {when}").format(when=when)


def summary_text(t: Translator, match: Match, when: datetime | None = None) -> str:
    """The plain-text standings a table pastes into its group chat."""
    lines = [match_title(t, match)]
    if when is not None:
        lines[0] += " · " + when_text(t, when)
    lines.append(progress_text(t, match))
    lines.extend(f"{s.rank}. {s.player}: {points(t, s.total)}" for s in match.ranking())
    if match.is_over:
        lines.append(winners_text(t, match.winners))
    return "\n".join(lines)


def round_points_line(t: Translator, match: Match, points_by: Mapping[str, int]) -> str:
    """One round's points per player in seat order: "Ada +0 · Bo +12"."""
    return " · ".join(f"{p} {signed(t, points_by[p])}" for p in match.players)


def places_text(t: Translator, match: Match, round_: Round) -> str:
    """Everyone's place in a round played on: "1st Bo · 2nd Ada · 3rd Cy"."""
    return texts.places_text(t, match.players, round_.places)


def places_so_far(t: Translator, places: tuple[str, ...]) -> str:
    """The places taken so far while the others play on: "1st Bo · 2nd Ada"."""
    return texts.places_text(t, places, places)


def place_text(t: Translator, round_: Round, player: str) -> str:
    """The place a player who went out took in a round played on: "2nd"."""
    return texts.place_label(t, round_.places.index(player) + 1)


def went_out_text(t: Translator, round_: Round) -> str:
    """Who went out in a round, or that nobody did."""
    if round_.went_out is None:
        return t.gettext("Nobody went out")
    return t.gettext("{name} went out").format(name=round_.went_out)


def language_label(t: Translator, code: str) -> str:
    """A language named in itself, as a label: "Norsk bokmål", "Español"."""
    name = t.language_name(code)
    return name[:1].upper() + name[1:]


def join_code_spoken(code: str) -> str:
    """A join code for a screen reader: digit by digit, not as a big number."""
    return " ".join(code)


def guest_label(t: Translator, guest: Guest) -> str:
    """A joined phone: the name typed when it joined, else "Guest 3"."""
    return guest.name or t.gettext("Guest {number}").format(
        number=t.number(guest.number)
    )


def came_text(t: Translator, came: WhatCame) -> str:
    """A handed-over match in a line: "Crazy Eights · Ada, Bo, and Åse ·
    12 rounds · Ada leads with 31"."""
    game = came.game_name or game_name(t, came.game_id)
    rounds = t.ngettext("{n} round", "{n} rounds", came.round_count).format(
        n=t.number(came.round_count)
    )
    if came.is_over:
        standing = winners_text(t, list(came.winners))
    elif came.leading_total is None:
        standing = t.gettext("no round played yet")
    else:
        # TRANSLATORS: who is ahead and their total: "Ada leads with 31".
        standing = t.ngettext(
            "{names} leads with {total}", "{names} lead with {total}", len(came.leaders)
        ).format(names=t.join(came.leaders), total=t.number(came.leading_total))
    # Facts side by side, as the Matches list shows a match.
    return " · ".join((game, t.join(came.players), rounds, standing))


def taken_in_text(t: Translator, taken: TakenIn) -> str:
    """What merging a handed-over match did, in one line (the table of
    storage/match_merge.py)."""
    if taken.outcome is Outcome.ADDED:
        return t.gettext("Match added.")
    if taken.outcome is Outcome.UPDATED:
        return t.ngettext(
            "Match brought up to date: {n} round added.",
            "Match brought up to date: {n} rounds added.",
            taken.rounds_added,
        ).format(n=t.number(taken.rounds_added))
    if taken.outcome is Outcome.COPIED:
        return t.gettext(
            "This match went another way here than on the phone it came from, "
            "so it was kept as a copy beside the one you had."
        )
    if taken.outcome is Outcome.KEPT_AHEAD:
        return t.gettext(
            "This phone has this match with more rounds than the one that came. "
            "Nothing was changed."
        )
    return t.gettext("This match is already here. Nothing was changed.")
