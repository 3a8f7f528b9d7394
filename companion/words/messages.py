"""Translated sentences for the error and notice codes of the engine, store and gate."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from companion.access.sharing import AccessError
from companion.engine.errors import MatchError
from companion.engine.game_definitions import MAX_GAME_NAME
from companion.engine.games import REGULAR_CARDS, CardSet
from companion.engine.names import MAX_NAME_LENGTH
from companion.engine.unicode_text import grapheme_clusters
from companion.words.game_texts import GAME_NAMES, card_name, game_name
from companion.words.i18n import Translator


@dataclass(frozen=True)
class Message:
    """A sentence for one code; `plural` and `count` when a number picks the form."""

    singular: str
    plural: str | None = None
    count: str | None = None


def N_(singular: str) -> Message:
    """Mark a sentence for extraction; it is translated when it is shown."""
    return Message(singular)


def NP_(singular: str, plural: str, count: str) -> Message:
    """Mark a plural sentence whose form the parameter `count` picks."""
    return Message(singular, plural, count)


class Coded(Protocol):
    """Anything with a stable code and parameters: MatchError, StoreError, notices."""

    # Read-only properties: an error's own `params` (a dict) then matches.
    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, object]: ...


ERROR_MESSAGES: dict[str, Message] = {
    "unknown-game": N_("There is no game called “%(game)s”."),
    # TRANSLATORS: %(face)s is a card name in the plural, e.g. "red jokers".
    "unknown-face": N_("%(game)s has no %(face)s."),
    # TRANSLATORS: %(face)s is a card name in the plural, e.g. "red jokers".
    "unknown-card": N_("%(player)s: this game has no %(face)s."),
    # TRANSLATORS: %(face)s is a card name in the plural, e.g. "kings".
    "bad-count": N_("%(player)s: “%(count)s” is not a valid number of %(face)s."),
    # TRANSLATORS: %(face)s is a card name in the plural, e.g. "kings" (more are
    # entered than are in play, so at least two); the form follows %(limit)s.
    "deck-limit": NP_(
        "%(count)s %(face)s entered, but only %(limit)s is in play.",
        "%(count)s %(face)s entered, but only %(limit)s are in play.",
        "limit",
    ),
    "went-out-holds-cards": N_("%(player)s went out, so they hold no cards."),
    "empty-hand": N_("%(player)s did not go out, so they hold at least one card."),
    "unknown-player": N_("“%(player)s” is not playing in this match."),
    "missing-hand": N_("Enter the cards %(player)s is holding."),
    "missing-points": N_("Enter the points for %(player)s."),
    "player-count": NP_(
        "This game takes %(min)s to %(max)s player, not %(count)s.",
        "This game takes %(min)s to %(max)s players, not %(count)s.",
        "max",
    ),
    "too-many-for-decks": NP_(
        "With %(decks)s deck there is room for %(max)s players, not %(count)s.",
        "With %(decks)s decks there is room for %(max)s players, not %(count)s.",
        "decks",
    ),
    "empty-name": N_("Enter a name."),
    # TRANSLATORS: %(char)s is a character's code, e.g. "U+200B".
    "hidden-character": N_(
        "A name cannot hold invisible or control characters (this one holds "
        "%(char)s): type it again."
    ),
    # The limit comes first: a long name, even shortened, would push it out of
    # a three-line message.
    "name-too-long": NP_(
        "Use at most %(max)s character for a name: “%(name)s” is too long.",
        "Use at most %(max)s characters for a name: “%(name)s” is too long.",
        "max",
    ),
    "duplicate-name": N_("There is already a player called “%(name)s”."),
    "look-alike-name": N_(
        "“%(name)s” looks the same as “%(known)s” but is spelt with letters of "
        "another alphabet: use another name, or “%(known)s” itself."
    ),
    "match-over": N_("This match is over, so no more rounds can be added."),
    "round-after-end": N_(
        "With this change the match would have ended after round %(round)s, so "
        "the rounds after it could not have been played. Nothing was changed."
    ),
    "nothing-to-end": N_(
        "Record a round first: a match ends on its standings, and it has none yet."
    ),
    "already-over": N_("This match is over already."),
    "too-many-rounds": NP_(
        "A match holds at most %(max)s round.",
        "A match holds at most %(max)s rounds.",
        "max",
    ),
    "bad-points": N_("%(player)s: “%(points)s” is not a valid number of points."),
    "points-too-high": NP_(
        "%(player)s: %(points)s point is too many (at most %(max)s).",
        "%(player)s: %(points)s points is too many (at most %(max)s).",
        "points",
    ),
    "nobody-out-not-allowed": N_(
        "Choose who went out: with this scoring every round has a winner."
    ),
    "no-such-round": N_("There is no round %(round)s."),
    "bad-limit": N_(
        "The limit must be a whole number from 1 to %(max)s, not “%(value)s”."
    ),
    "bad-rounds": N_(
        "The number of rounds must be a whole number from 1 to %(max)s, "
        "not “%(value)s”."
    ),
    "bad-decks": N_("Number of decks: choose %(options)s, not “%(value)s”."),
    # TRANSLATORS: %(face)s is a card name in the plural, e.g. "eights".
    "bad-card-value": N_(
        "Points for %(face)s must be a whole number from 0 to %(max)s, not “%(value)s”."
    ),
    "bad-scoring": N_("Unknown way of scoring: “%(value)s”."),
    "bad-limit-rule": N_("Unknown limit rule: “%(value)s”."),
    "conflicting-end": N_(
        "Choose either a points limit or a number of rounds, not both."
    ),
    "unknown-dealer": N_("“%(player)s” is not at the table, so cannot deal."),
    # TRANSLATORS: %(reason)s is a technical detail for a bug report.
    "bad-match-data": N_(
        "This saved match is damaged and cannot be read (%(reason)s)."
    ),
    "places-not-allowed": N_(
        "With these rules the round ends when the first player goes out."
    ),
    "placed-twice": N_("%(player)s can only be placed once."),
    "places-first-out": N_(
        "The places start with the player who went out first, not %(player)s."
    ),
    "places-leave-one": NP_(
        "Tap who went out next until one player is left; %(count)s is left.",
        "Tap who went out next until one player is left; %(count)s are left.",
        "count",
    ),
    "game-name-empty": N_("Give the game a name."),
    "game-name-too-long": NP_(
        "Use at most %(max)s character for a game's name: “%(name)s” is too long.",
        "Use at most %(max)s characters for a game's name: “%(name)s” is too long.",
        "max",
    ),
    "game-name-taken": N_("There is already a game called “%(name)s”."),
    "game-no-faces": N_("Choose at least one card the game is played with."),
    # TRANSLATORS: %(face)s is a card name in the plural, e.g. "kings".
    "bad-copies": N_(
        "Copies of %(face)s in a deck must be a whole number from 1 to %(max)s, "
        "not “%(value)s”."
    ),
    "bad-player-range": N_(
        "The fewest players (%(min)s) cannot be more than the most (%(max)s)."
    ),
    # TRANSLATORS: %(reason)s is a technical detail for a bug report.
    "bad-game-definition": N_(
        "This game's definition is damaged and cannot be read (%(reason)s)."
    ),
    "unknown-card-set": N_("This game cannot be played with “%(value)s”."),
    "bad-extra-wilds": N_(
        "Extra wild cards must be a whole number from 0 to %(max)s, not “%(value)s”."
    ),
}
"""A sentence for every code of companion.engine.errors.ERROR_CODES."""

STORE_ERROR_MESSAGES: dict[str, Message] = {
    # TRANSLATORS: %(reason)s is the system's own error text, often in English.
    "save-failed": N_("Could not save (%(reason)s). Nothing was lost."),
    "read-only-directory": N_(
        "The data folder %(path)s cannot be written to. Nothing was changed."
    ),
    "data-dir-unusable": N_("The data folder %(path)s cannot be used (%(reason)s)."),
    "data-locked": N_(
        "The data in %(path)s is open in another copy of the app. Close it first."
    ),
    "newer-schema": N_(
        "%(path)s was written by a newer version of the app (format %(version)s; "
        "this one reads up to %(supported)s). It was left untouched."
    ),
    "no-such-match": N_("This match no longer exists (%(id)s)."),
    "match-exists": N_("This match is stored already (%(id)s): nothing was changed."),
    "not-copies": N_(
        "These two matches are not copies of one match (%(id)s): nothing was changed."
    ),
    "match-changed": N_(
        "This match was changed in another window (%(id)s). Reload it and try again."
    ),
    "no-such-player": N_("There is no player called “%(player)s”."),
    "duplicate-player": N_("There is already a player called “%(player)s”."),
    "player-in-match": NP_(
        "“%(player)s” played in %(matches)s match, so they can only be hidden.",
        "“%(player)s” played in %(matches)s matches, so they can only be hidden.",
        "matches",
    ),
    # TRANSLATORS: %(name)s is the internal name of a setting.
    "unknown-setting": N_("Unknown setting “%(name)s”."),
    # TRANSLATORS: %(name)s is the internal name of a setting.
    "bad-setting": N_("The value for the setting “%(name)s” is not valid."),
    "import-unreadable": N_(
        "Could not read %(path)s (%(reason)s). Nothing was imported."
    ),
    "import-not-json": N_(
        "%(path)s is not an export from this app. Nothing was imported."
    ),
    # TRANSLATORS: %(where)s points to the faulty part of the file, for experts.
    "import-wrong-shape": N_(
        "%(path)s is not a valid export (problem at %(where)s). Nothing was imported."
    ),
    "import-newer-version": N_(
        "%(path)s comes from a newer version of the app (format %(version)s; "
        "this one reads up to %(supported)s). Nothing was imported."
    ),
    "import-bad-match": N_(
        "%(path)s holds a damaged match %(id)s (%(reason)s). Nothing was imported."
    ),
    "import-round-after-end": N_(
        "%(path)s holds a match %(id)s with a round after its end, which the app "
        "never records. Nothing was imported."
    ),
    # TRANSLATORS: %(max)s is a size in megabytes.
    "import-too-large": N_(
        "%(path)s is larger than %(max)s MB, more than any export of a real "
        "table. Nothing was imported."
    ),
    "import-too-many-matches": NP_(
        "%(path)s holds %(count)s match; at most %(max)s can be imported at "
        "once. Nothing was imported.",
        "%(path)s holds %(count)s matches; at most %(max)s can be imported at "
        "once. Nothing was imported.",
        "count",
    ),
    "import-too-many-players": NP_(
        "%(path)s holds %(count)s player; at most %(max)s can be imported at "
        "once. Nothing was imported.",
        "%(path)s holds %(count)s players; at most %(max)s can be imported at "
        "once. Nothing was imported.",
        "count",
    ),
    "import-bad-game": N_(
        "%(path)s holds a game %(id)s that cannot be added (%(reason)s). "
        "Nothing was imported."
    ),
    "game-in-use": NP_(
        "%(matches)s stored match was played with “%(game)s”. Delete the game "
        "anyway? The match keeps its own copy of the rules.",
        "%(matches)s stored matches were played with “%(game)s”. Delete the game "
        "anyway? The matches keep their own copy of the rules.",
        "matches",
    ),
    "no-such-game": N_("This game no longer exists (%(id)s)."),
    # TRANSLATORS: %(where)s is a place in the file, e.g. "players[2].name"; in
    # %(name)s, characters nobody can see are spelt out, e.g. "Ada<U+200B>".
    "import-bad-name": N_(
        "%(path)s holds a player name that cannot be used, at %(where)s: "
        "“%(name)s” (empty, too long, or with invisible or control characters). "
        "Nothing was imported."
    ),
    "import-look-alike": N_(
        "In %(path)s, “%(name)s” reads the same as the player “%(known)s” but is "
        "spelt differently: rename one of them first. Nothing was imported."
    ),
    "export-failed": N_("Could not export to %(path)s (%(reason)s)."),
    "code-not-a-match": N_(
        "This is not a match from Card Table Companion. Nothing was added."
    ),
    "code-cut-short": N_(
        "This link is cut short: part of the match is missing. Ask for the code "
        "again, or for the whole link. Nothing was added."
    ),
    "code-damaged": N_(
        "This link was changed on the way and cannot be read. Ask for the code "
        "again. Nothing was added."
    ),
    "code-newer-version": N_(
        "This match comes from a newer version of the app (format %(version)s; "
        "this one reads up to %(supported)s). Update the app to take it in. "
        "Nothing was added."
    ),
    "code-too-large": N_("This link holds more than any match can. Nothing was added."),
    # TRANSLATORS: %(reason)s is a technical detail for a bug report.
    "code-round-after-end": N_(
        "This match has a round after its end, which the app never records, so it "
        "cannot be taken in. Nothing was added."
    ),
    "code-bad-match": N_(
        "This match breaks the game's rules and cannot be taken in (%(reason)s). "
        "Nothing was added."
    ),
    # TRANSLATORS: in %(name)s, characters nobody can see are spelt out, e.g.
    # "Ada<U+200B>".
    "code-bad-name": N_(
        "This match has a player name that cannot be used: “%(name)s” (empty, too "
        "long, with invisible or control characters, or reading the same as "
        "another player's). Nothing was added."
    ),
    "code-name-too-long": N_(
        "This match has a player name far longer than any name the app takes. "
        "Nothing was added."
    ),
    "code-look-alike": N_(
        "In this match, “%(name)s” reads the same as the player “%(known)s” on this "
        "phone but is spelt differently: rename one of them first. Nothing was added."
    ),
    "follow-other-match": N_(
        "The phone you follow sent another match than the one you follow (other "
        "players, game or rules). Your copy was left as it was."
    ),
    "match-too-large": N_(
        "This match is too large to hand over by a code or a link. Export it to a "
        "file instead."
    ),
    "bad-site-address": N_(
        "Give the full address of the site the app runs on without a computer, "
        "starting with https://."
    ),
}
"""A sentence for every code of companion.storage.errors.STORE_ERROR_CODES."""

STORE_NOTICE_MESSAGES: dict[str, Message] = {
    "backup-restored": N_(
        "%(path)s was damaged. The last good copy was restored; "
        "the damaged file was kept as %(moved_to)s."
    ),
    "file-moved-aside": N_(
        "%(path)s was damaged and had no good copy. "
        "It was kept as %(moved_to)s and the app started afresh."
    ),
    "index-repaired": NP_(
        "The list of matches was rebuilt: %(matches)s match found.",
        "The list of matches was rebuilt: %(matches)s matches found.",
        "matches",
    ),
    "data-migrated": N_(
        "Your data was upgraded from format %(from_version)s to %(to_version)s."
    ),
}
"""A sentence for every code of companion.storage.errors.STORE_NOTICE_CODES."""

ACCESS_ERROR_MESSAGES: dict[str, Message] = {
    "join-code-format": N_("The join code is six digits, like 123 456."),
    "join-code-wrong": NP_(
        "That is not the join code. %(attempts_left)s try left before a pause.",
        "That is not the join code. %(attempts_left)s tries left before a pause.",
        "attempts_left",
    ),
    "join-rate-limited": NP_(
        "Too many wrong codes. Try again in %(seconds)s second.",
        "Too many wrong codes. Try again in %(seconds)s seconds.",
        "seconds",
    ),
    "view-only": N_("You can only view this table. Ask the host to let you record."),
    "host-only": N_("Only the host can do that, on the host's own device."),
    "host-could-not-save": N_(
        "The host's device could not save this. Nothing was changed: tell the host."
    ),
    "guest-gone": N_("That guest is no longer at the table."),
    "guest-name-taken": N_(
        "A phone at this table has already joined as “%(name)s”: choose another name."
    ),
    "guest-name-look-alike": N_(
        "“%(name)s” looks the same as “%(known)s”, the name of a phone that "
        "already joined, but is spelt with letters of another alphabet: choose "
        "another name."
    ),
    "follow-full": NP_(
        "%(most)s phone follows this one already, as many as it carries.",
        "%(most)s phones follow this one already, as many as it carries.",
        "most",
    ),
    "follow-after-end": N_(
        "The phone that keeps the score took no change: the match is over there, "
        "so no more rounds can be added."
    ),
    "follow-not-rounds": N_(
        "The phone that keeps the score took no change: a following phone "
        "records, edits and deletes rounds, nothing else of the match."
    ),
    "follow-unreadable": N_(
        "The other phone sent something this app cannot read. Nothing was changed."
    ),
    "follow-stale": N_(
        "The match had changed on the phone that keeps the score before your "
        "change came, so it was not saved. Check the score, then try again."
    ),
    "follow-match-gone": N_(
        "The phone that keeps the score has deleted this match, so your change "
        "was not saved there. The match stays on this phone."
    ),
    "follow-quiet": N_(
        "The phone that keeps the score has not been heard from for a few "
        "seconds, so your change was not sent. Try again once it is back."
    ),
    "follow-too-large": N_(
        "This match is too large to send over the link between the phones, so "
        "it was not sent and nothing was changed."
    ),
}
"""A sentence for every code of companion.access.sharing.ACCESS_ERROR_CODES."""

UNKNOWN_CODE = N_("Something went wrong (%(code)s).")


def _count(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return len(value)
    return 2


def _shown(
    t: Translator, name: str, params: Mapping[str, object], cards: CardSet
) -> str:
    """One parameter as the sentence shows it: numbers the local way, card and
    game ids as translated names (cards as the table's card set calls them),
    rounds counted from 1."""
    value = params[name]
    if name == "face" and isinstance(value, str):
        return card_name(t, cards.card(value), 2)
    if name == "game" and value in GAME_NAMES:
        return game_name(t, str(value))
    if name == "round" and isinstance(value, int) and not isinstance(value, bool):
        return t.number(value + 1)
    if isinstance(value, list | tuple):
        return t.join((_plain(t, item) for item in value), style="or")
    if name in QUOTED_NAMES and isinstance(value, str):
        return _shortened(value)
    return _plain(t, value)


QUOTED_NAMES = frozenset({"name", "player", "known"})
"""The parameters that quote a name someone typed."""

LONGEST_NAME = max(MAX_NAME_LENGTH, MAX_GAME_NAME)
"""The longest name a player or a game may have: any longer is shortened."""

SHORTENED_TO = 16
"""How much of a name longer than any name may be a message quotes (in
grapheme clusters, as names are counted), before an ellipsis."""


def _shortened(name: str) -> str:
    """`name`, or its start and "…" if it is longer than a name may be."""
    clusters = grapheme_clusters(name)
    if len(clusters) <= LONGEST_NAME:
        return name
    return "".join(clusters[:SHORTENED_TO]) + "…"


def _plain(t: Translator, value: object) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return t.number(value)
    return str(value)


def _render(
    t: Translator,
    message: Message,
    params: Mapping[str, object],
    cards: CardSet = REGULAR_CARDS,
) -> str:
    if message.plural is None or message.count is None:
        text = t.gettext(message.singular)
    else:
        text = t.ngettext(
            message.singular, message.plural, _count(params.get(message.count))
        )
    return text % {name: _shown(t, name, params, cards) for name in params}


def _message(
    t: Translator,
    table: Mapping[str, Message],
    item: Coded,
    cards: CardSet = REGULAR_CARDS,
) -> str:
    message = table.get(item.code)
    params = dict(item.params)
    if message is None:
        return _render(t, UNKNOWN_CODE, {"code": item.code})
    try:
        return _render(t, message, params, cards)
    except (KeyError, TypeError, ValueError):
        # A code whose parameters changed must still say something useful.
        return _render(t, UNKNOWN_CODE, {"code": item.code})


def error_message(t: Translator, error: Coded, cards: CardSet = REGULAR_CARDS) -> str:
    """The translated sentence for a MatchError, StoreError or AccessError; cards
    are named as `cards` (the match's card set) calls them."""
    if isinstance(error, MatchError):
        return _message(t, ERROR_MESSAGES, error, cards)
    if isinstance(error, AccessError):
        return _message(t, ACCESS_ERROR_MESSAGES, error)
    return _message(t, STORE_ERROR_MESSAGES, error)


def notice_message(t: Translator, notice: Coded) -> str:
    """The translated sentence for a StoreNotice (what the store repaired)."""
    return _message(t, STORE_NOTICE_MESSAGES, notice)
