"""Every piece of text the UI shows that is made from data: the one formatting place."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from companion.access.sharing import Guest
from companion.engine.games import Scoring
from companion.engine.match import Hand, Match, Round, Standing
from companion.words import game_texts as texts
from companion.words.i18n import Translator


def game_name(t: Translator, game_id: str) -> str:
    """The game's display name in the reader's language."""
    return texts.game_name(t, game_id)


def game_blurb(t: Translator, game_id: str) -> str:
    """One line telling the games apart on the new-match screen."""
    return texts.game_description(t, game_id)


def face_short(t: Translator, face: str) -> str:
    """The mark of a card face on keys and chips (J, Q, K differ by language)."""
    return texts.card_label(t, face)


def face_name(t: Translator, face: str, count: int = 1) -> str:
    """A card face as a word, for accessible labels ("king", "kings")."""
    return texts.card_name(t, face, count)


def scoring_label(t: Translator, scoring: Scoring) -> str:
    """A scoring mode as a choice: "Penalty points", "Winner collects"."""
    return texts.scoring_name(t, scoring)


def chip_text(t: Translator, face: str, count: int) -> str:
    """A chip in a hand: "K ×2", or just "K" for a single card."""
    short = face_short(t, face)
    if count == 1:
        return short
    # TRANSLATORS: a card face and how many of it a player holds, e.g. "K ×2".
    return t.gettext("{face} ×{count}").format(face=short, count=t.number(count))


def hand_text(t: Translator, hand: Hand | int) -> str:
    """A recorded hand in one line: its chips, or the points typed in."""
    if isinstance(hand, int):
        return t.ngettext("{n} point typed in", "{n} points typed in", hand).format(
            n=t.number(hand)
        )
    return ", ".join(chip_text(t, face, count) for face, count in hand.counts)


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
    """How far a player is from the limit, or None for a round-limited match."""
    distances = match.distance_to_limit()
    if distances is None:
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


def summary_text(t: Translator, match: Match, when: datetime | None = None) -> str:
    """The plain-text standings a table pastes into its group chat."""
    lines = [game_name(t, match.game_id)]
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
