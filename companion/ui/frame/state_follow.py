"""A session's part in following another phone's match: its copy, its changes sent."""

from __future__ import annotations

from collections.abc import Callable

from companion.access.sharing import AccessError
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.sync.session import FollowedMatch
from companion.ui.frame.state_access import SessionAccess


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

    def keep_followed(self, handed: StoredMatch, copy_id: str | None) -> str | None:
        """Keep the match a followed phone sent: taken in as a hand-over when
        there is no copy yet (`copy_id` None, or the copy was deleted), else
        the copy made that match. The copy's id, or None after reporting why not."""
        if not self._hosting():
            return None
        try:
            if copy_id is not None and self._brought_up(handed, copy_id):
                match_id = copy_id
            else:
                match_id = self.store.take_in(handed).match_id
        except StoreError as error:
            self.report(error)
            return None
        self._saved(match_id)
        return match_id

    def _brought_up(self, handed: StoredMatch, copy_id: str) -> bool:
        """Whether the copy was there to bring up to `handed` (and now is)."""
        try:
            self.store.keep_followed(handed, copy_id)
        except StoreError as error:
            if error.code != "no-such-match":
                raise
            return False
        return True
