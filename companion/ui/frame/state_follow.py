"""A session's part in following another phone's match: its copy, its changes sent."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.match_copies import next_copy_id
from companion.storage.match_merge import Followed, TakenIn
from companion.sync.session import FollowedMatch
from companion.ui.frame.state_access import Seat, SessionAccess


class SessionFollow:
    """The part of AppState that keeps the copy of a match this phone follows.

    The copy is this phone's, as a hand-over leaves it: taken in the first
    time a link brings the match, then brought to each version the other phone
    sends (the host's data is the truth). While the link is live a change to
    it goes to that phone, which checks and saves it and sends it back.
    """

    def __init__(self, seat: Seat, store: Store, access: SessionAccess) -> None:
        self._seat = seat
        self._store = store
        self._access = access
        self._followed: FollowedMatch | None = None

    def follow_with(self, followed: FollowedMatch) -> None:
        """Set the match this phone follows live: its changes go there."""
        self._followed = followed

    def followed_live(self, match_id: str) -> bool:
        """Whether `match_id` is a match followed from another phone now, its
        link live or quiet: that phone alone ends it, deletes it, lets it be
        followed."""
        return self._followed is not None and self._followed.live(match_id)

    def may_change(self, match_id: str) -> bool:
        """Whether this session may record, edit and delete the match's rounds:
        a match followed live only if the phone it follows lets this one."""
        followed = self._followed
        return self._access.can_change and (
            followed is None or followed.may_change(match_id)
        )

    def sent_elsewhere(self, match_id: str, match: Match) -> bool | None:
        """A change of a match followed live, sent to the phone it follows
        (whether it went); None for any other match, saved here."""
        if not self.followed_live(match_id):
            return None
        assert self._followed is not None
        return self._followed.send(match_id, match)

    def keep_followed(
        self, handed: StoredMatch, follows: Followed | None
    ) -> TakenIn | None:
        """Keep the match a followed phone sent, merged as every arriving match
        is (storage/match_merge.py): taken in when there is no copy yet
        (`follows` None, or the copy was deleted), else merged with the copy
        alone, which it replaces while the copy is still the host's last
        version. What it did; None if the gate refused (reported); StoreError
        unreported, for the link to say once however often it comes."""
        if not self._access.hosting():
            return None
        taken = self._store.merge(handed, follows)
        self._seat.saved(taken.match_id)
        return taken

    def keep_followed_beside(self, handed: StoredMatch) -> TakenIn | None:
        """Keep the match a followed phone sent as a new copy beside its
        kind here (this phone's own copy has rounds that phone lacks, which
        stay where they are). As keep_followed, for what it returns."""
        if not self._access.hosting():
            return None
        stored_ids = {summary.id for summary in self._store.list_matches()}
        taken = self._store.merge(
            replace(handed, id=next_copy_id(handed.id, stored_ids))
        )
        self._seat.saved(taken.match_id)
        return taken
