"""A session's part in following another phone's match: its copy, its changes sent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from companion.access.sharing import AccessError
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_merge import Followed
from companion.ui.frame.state_access import SessionAccess


class FollowedMatch(Protocol):
    """The match this phone follows live, if any (ui.frame.follow_guest)."""

    def live(self, match_id: str) -> bool:
        """Whether `match_id` is the copy of a match followed live now."""

    def may_change(self, match_id: str) -> bool:
        """Whether this phone may change `match_id` (the one it follows only
        if the phone it follows lets it)."""

    def send(self, match_id: str, match: Match) -> bool:
        """Send a change of the followed match there; False after reporting."""


class SessionFollow(SessionAccess):
    """The part of AppState that keeps the copy of a match this phone follows.

    The copy is this phone's, as a hand-over leaves it: taken in the first
    time a link brings the match, then brought to each version the other phone
    sends (the host's data is the truth). While the link is live a change to
    it goes to that phone, which checks and saves it and sends it back.
    """

    # AppState, which this part is mixed into, supplies these.
    store: Store
    _saved: Callable[..., None]
    report: Callable[[AccessError | StoreError], None]
    _followed: FollowedMatch | None

    def follow_with(self, followed: FollowedMatch) -> None:
        """Set the match this phone follows live: its changes go there."""
        self._followed = followed

    def followed_live(self, match_id: str) -> bool:
        """Whether `match_id` is a match followed live from another phone:
        that phone alone ends it, deletes it, lets it be followed."""
        return self._followed is not None and self._followed.live(match_id)

    def may_change(self, match_id: str) -> bool:
        """Whether this session may record, edit and delete the match's rounds:
        a match followed live only if the phone it follows lets this one."""
        followed = self._followed
        return self.can_change and (followed is None or followed.may_change(match_id))

    def _sent_elsewhere(self, match_id: str, match: Match) -> bool | None:
        """A change of a match followed live, sent to the phone it follows
        (whether it went); None for any other match, saved here."""
        if not self.followed_live(match_id):
            return None
        assert self._followed is not None
        return self._followed.send(match_id, match)

    def keep_followed(
        self, handed: StoredMatch, follows: Followed | None
    ) -> str | None:
        """Keep the match a followed phone sent, merged as every arriving match
        is (storage/match_merge.py): taken in when there is no copy yet
        (`follows` None, or the copy was deleted), else merged with the copy
        alone, which it replaces while the copy is still the host's last
        version. The id of the match it is now, or None after reporting why not."""
        if not self._hosting():
            return None
        try:
            match_id = self.store.merge(handed, follows).match_id
        except StoreError as error:
            self.report(error)
            return None
        self._saved(match_id)
        return match_id
