"""Every write a session makes, each asking the share gate as it happens."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.engine.errors import MatchError
from companion.engine.games import Game
from companion.engine.match import Match
from companion.engine.origins import PHONE_ID_CHARS, Origin, stamped
from companion.storage import ImportResult, Store, StoredMatch, StoreError
from companion.storage.transfer import check_import_size
from companion.ui.frame.state_access import Seat, SessionAccess
from companion.ui.frame.state_follow import SessionFollow
from companion.ui.frame.state_settings import SessionSettings


class SessionWrites:
    """The part of AppState that changes the table: matches, players, the
    table's own games, import and export (rounds being entered, settings and
    handed-over matches are the other parts', asking the gate the same way).

    With AppState's other parts, the only place in the screens that calls a
    method of the store not marked `reads` (tests/test_gated_writes.py): each
    asks the gate when it is called, never trusting what the screen showed
    when it was drawn, since a role can change between the two. A recorder
    records, edits and deletes rounds and starts matches (adding a game of the
    table's own for one); the rest is the host's.
    """

    def __init__(
        self,
        seat: Seat,
        store: Store,
        *,
        access: SessionAccess,
        follow: SessionFollow,
        settings: SessionSettings,
        chose_game: Callable[[str], None],
    ) -> None:
        self._seat = seat
        self._store = store
        self._access = access
        self._follow = follow
        self._settings = settings
        self._chose_game = chose_game

    def add_match(self, match: Match) -> str | None:
        """Store a new match; its id, or None after reporting why it failed."""
        if not self._access.allowed():
            return None
        try:
            # An empty match is left for this one (a rematch nobody played):
            # it would sit under "In progress" for good.
            match_id = self._store.add_match(match, drop_empty=True)
        except StoreError as error:
            self._seat.report(error)
            return None
        self._seat.saved(match_id)
        self._chose_game(match.game_id)
        # The remembered game and house rules are the host's stored settings,
        # and a user's game carries its own rules: nothing to remember then.
        # The match exists now: failing to remember its rules must not hide it.
        if self._access.is_host and match.definition is None:
            self._settings.remember_rules(match.game_id, match.settings.to_dict())
        return match_id

    def save_match(
        self,
        match_id: str,
        match: Match,
        base: Match | None = None,
        rerender: bool = True,
    ) -> bool:
        """Store a changed match; False after reporting why it failed.

        With `base` (the match the change was made to), a match changed meanwhile
        in another session is not overwritten: that is reported instead. Without
        `rerender` this session's screens are not redrawn: the caller moves to the
        screen that shows the saved match, and the one it leaves must not first
        show the saved match (Save's record screen would flash the next round).
        """
        if not self._access.allowed():
            return False
        match = self._stamped(match_id, match, base)
        sent = self._follow.sent_elsewhere(match_id, match)
        if sent is not None:
            # A match followed live: the phone it follows saves it, and sends it back.
            return sent
        try:
            self._store.save_match(match_id, match, base=base)
        except StoreError as error:
            self._seat.report(error)
            self._seat.changed()
            return False
        self._seat.saved(match_id, rerender)
        return True

    def _stamped(self, match_id: str, match: Match, base: Match | None) -> Match:
        """`match` with each round recorded now saying it came from this
        phone, now (engine/origins.py); the others keep what they say."""
        if base is None:
            try:
                base = self._store.load_match(match_id)
            except StoreError:
                base = None
        before = base.rounds if base is not None else ()
        # The phone this session records on: the store's own (made the first
        # time), or for a phone at the table one made from its device.
        try:
            phone = self._store.phone_id() if self._access.is_host else self.this_phone
        except StoreError:
            # A store that cannot keep its phone's id still takes the round.
            return match
        origin = Origin(phone, int(time.time()), self._seat.phone_name)
        rounds = stamped(match.rounds, before, origin)
        return match if rounds is match.rounds else replace(match, rounds=rounds)

    @property
    def this_phone(self) -> str:
        """The id of the phone this session runs on as its rounds say, ""
        for the host's phone until it has recorded one (no round says it)."""
        if self._access.is_host:
            return self._store.known_phone_id()
        known = self._seat.device or self._seat.session_id
        return hashlib.sha256(known.encode("utf-8")).hexdigest()[:PHONE_ID_CHARS]

    def end_match(self, match_id: str, match: Match) -> Match | None:
        """End a match now, on its standings (the host decides); the ended match,
        or None after reporting why not."""
        if not self._access.hosting():
            return None
        try:
            ended = match.end_early()
        except MatchError as error:
            self._seat.report(error)
            return None
        return ended if self.save_match(match_id, ended, base=match) else None

    def delete_match(self, match_id: str) -> StoredMatch | None:
        """Delete a match (the host decides); what was deleted, to put back on
        Undo, or None after reporting why not."""
        if not self._access.hosting():
            return None
        try:
            stored = self._store.load_stored(match_id)
            self._store.delete_match(match_id)
        except StoreError as error:
            self._seat.report(error)
            self._seat.changed()
            return None
        self._seat.saved(match_id)
        return stored

    def restore_match(self, stored: StoredMatch) -> bool:
        """Put a deleted match back (the host's Undo); False after reporting why."""
        if not self._access.hosting():
            return False
        try:
            self._store.restore_match(stored)
        except StoreError as error:
            self._seat.report(error)
            return False
        self._seat.saved(stored.id)
        return True

    def save_own_game(self, definition: Mapping[str, Any]) -> Game | None:
        """Store a game of the table's own; the game, or None after reporting why not.

        A definition with an id changes a stored game, which is the host's to
        do; one without adds a game, which whoever may start a match may do
        (the game is added, never put in another's place: a name already
        taken is refused).
        """
        changes_one = bool(definition.get("id"))
        if not (self._access.hosting() if changes_one else self._access.allowed()):
            return None
        try:
            game = self._store.save_own_game(definition)
        except (MatchError, StoreError) as error:
            self._seat.report(error)
            return None
        self._seat.saved("")
        return game

    def delete_own_game(
        self, game_id: str, *, even_if_played: bool = False
    ) -> bool | StoreError:
        """Delete a game of the table's own (the host decides): True once deleted.

        When matches were played by it and not `even_if_played`, the store's
        "game-in-use" error comes back unreported, for the screen to ask first;
        any other refusal is reported, and False.
        """
        if not self._access.hosting():
            return False
        try:
            self._store.delete_own_game(game_id, even_if_played=even_if_played)
        except StoreError as error:
            if error.code == "game-in-use":
                return error
            self._seat.report(error)
            return False
        self._seat.saved("")
        return True

    def rename_player(self, old: str, new: str) -> bool:
        """Rename a player everywhere; False after reporting why it failed."""
        if not self._access.hosting():
            return False
        try:
            self._store.rename_player(old, new)
        except (StoreError, MatchError) as error:
            self._seat.report(error)
            return False
        self._seat.saved("")
        return True

    def hide_player(self, name: str, hidden: bool) -> bool:
        """Hide a player from the new-match roster, or show them again."""
        if not self._access.hosting():
            return False
        try:
            self._store.hide_player(name, hidden=hidden)
        except StoreError as error:
            self._seat.report(error)
            return False
        self._seat.saved("")
        return True

    def import_file(self, path: Path, name: str | None = None) -> ImportResult | None:
        """Add what an export file holds; None after reporting why it failed.

        `name` is the file's name as the user picked it (the path is a copy's).
        """
        if not self._access.hosting():
            return None
        try:
            result = self._store.import_file(path, name)
        except StoreError as error:
            self._seat.report(error)
            return None
        self._seat.saved("")
        return result

    def may_import(self, name: str, size: int) -> bool:
        """Whether this session may import a file `name` of `size` bytes (the
        host's, within the size limit); False after reporting why not."""
        if not self._access.hosting():
            return False
        try:
            check_import_size(size, name)
        except StoreError as error:
            self._seat.report(error)
            return False
        return True

    def export_all(self, path: Path) -> int | None:
        """Write every match, player and setting to `path` (the host only); the
        number of matches, or None after reporting why not."""
        if not self._access.hosting():
            return None
        try:
            return self._store.export_all(path)
        except StoreError as error:
            self._seat.report(error)
            return None
