"""The phone that follows: its copy is kept as a hand-over leaves it and then
made each match the host sends; while live, its changes go to the host; the
host's refusals and unreadable words are shown, and change nothing."""

from __future__ import annotations

import json

import pytest
from event_loops import run_apart
from follow_phones import FakePeers, LinkedPhone, offer_code

from companion.access.follow_messages import (
    BURST,
    match_sent,
    read_from_phone,
    refused,
)
from companion.engine.match import Match
from companion.storage import StoredMatch
from companion.storage.match_code import encode_match
from companion.sync import follow_guest
from companion.sync.follow_guest import FLOOD, HOST
from companion.sync.links import LinkStatus

HOSTS_ID = "0123456789ab"


class Follower(LinkedPhone):
    """A phone that scanned a host's offer and is live."""

    def __init__(self) -> None:
        super().__init__()
        self.guest = self.following.guest
        run_apart(self.guest.answer_offer(offer_code()))
        self.heard("open")

    def heard(self, event: str, text: str = "") -> None:
        self.deliver(HOST, event, text)

    def hosts(self, match: Match, seq: int, may_record: bool = False) -> None:
        code = encode_match(StoredMatch(HOSTS_ID, created(), None, match))
        self.heard("message", match_sent(seq, code, may_record))


def created():  # noqa: ANN201  (a datetime)
    from datetime import UTC, datetime

    return datetime(2026, 12, 5, 20, 0, tzinfo=UTC)


def _match(rounds: int) -> Match:
    match = Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
    for number in range(rounds):
        out = match.players[number % 3]
        match = match.record_round(out, {p: 5 for p in match.players if p != out})
    return match


@pytest.fixture
def follower() -> Follower:
    return Follower()


def test_the_copy_follows_the_host_even_when_it_takes_a_round_back(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3)
    copy_id = follower.guest.copy_id
    assert copy_id is not None and follower.guest.live(copy_id)
    follower.hosts(_match(3), seq=4)
    follower.hosts(_match(1), seq=5)
    assert follower.store.load_match(copy_id) == _match(1)
    assert [s.id for s in follower.store.list_matches()] == [copy_id]


def test_a_watching_phone_changes_nothing_and_a_recorder_sends_its_change(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3)
    copy_id = follower.guest.copy_id or ""
    assert not follower.state.may_change(copy_id)
    follower.hosts(_match(2), seq=3, may_record=True)
    assert follower.state.may_change(copy_id)
    assert follower.state.save_match(copy_id, _match(3), base=_match(2))
    run_apart(follower.run_pending())
    asked = read_from_phone(follower.peers.sent[HOST][-1])
    assert asked.seq == 3
    # Not saved here: the host saves it and sends it back.
    assert follower.store.load_match(copy_id) == _match(2)


def test_a_copy_no_longer_live_is_this_phones_own(follower: Follower) -> None:
    follower.hosts(_match(2), seq=3)
    copy_id = follower.guest.copy_id or ""
    follower.heard("closed")
    assert follower.guest.link is not None
    assert follower.guest.link.status is LinkStatus.GONE
    assert not follower.state.followed_live(copy_id)
    assert follower.state.may_change(copy_id)
    assert follower.state.save_match(copy_id, _match(3))
    assert follower.store.load_match(copy_id) == _match(3)


def test_a_refusal_or_unreadable_words_are_shown_and_change_nothing(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3)
    copy_id = follower.guest.copy_id or ""
    follower.heard("message", refused("view-only"))
    follower.heard(
        "message", json.dumps({"t": "match", "seq": 4, "code": "12", "record": True})
    )
    follower.heard("message", "<script>")
    codes = [problem.code for problem in follower.state.problems]
    assert codes[0] == "view-only" and codes[2] == "follow-unreadable"
    # A match code that is none: the hand-over's own words for it.
    assert codes[1].startswith("code-")
    assert follower.store.load_match(copy_id) == _match(2)


def test_a_new_offer_closes_the_old_link_before_the_new_one_is_made(
    follower: Follower, monkeypatch: pytest.MonkeyPatch
) -> None:
    follower.hosts(_match(2), seq=3)
    asked: list[str] = []

    async def close(link: str) -> None:
        asked.append(f"close {link}")

    async def answer(link: str, offer: str) -> str:
        asked.append(f"answer {link}")
        return await FakePeers.answer(follower.peers, link, offer)

    monkeypatch.setattr(follower.peers, "close", close)
    monkeypatch.setattr(follower.peers, "answer", answer)
    old = follower.guest.link
    run_apart(follower.guest.answer_offer(offer_code()))
    # Closed first: a close after would shut the new link of the same name.
    assert asked == ["close host", "answer host"]
    # And the old link's timers leave the new one be.
    assert old is not None and old.status is LinkStatus.GONE
    assert follower.guest.link is not None and follower.guest.link is not old


def test_the_same_words_from_the_host_again_and_again_are_shown_once(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3)
    for _ in range(40):
        follower.heard("message", refused("view-only"))
        follower.heard("message", "<script>")
    codes = [problem.code for problem in follower.state.problems]
    assert codes == ["view-only", "follow-unreadable"]


def test_a_host_that_floods_this_phone_is_cut_off_unread(follower: Follower) -> None:
    follower.hosts(_match(2), seq=3)
    copy_id = follower.guest.copy_id or ""
    before = follower.tasks
    for seq in range(4, 4 + FLOOD + BURST + 50):
        follower.hosts(_match(1), seq=seq)
    # Read within the budget only; then the link is closed: not live any more.
    assert follower.tasks - before <= BURST + 2
    assert follower.guest.link is not None
    assert follower.guest.link.status is LinkStatus.GONE
    assert not follower.state.followed_live(copy_id)


def test_a_change_too_large_for_the_link_is_said_and_not_saved(
    follower: Follower, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(follow_guest, "MAX_MESSAGE_CHARS", 100)
    follower.hosts(_match(2), seq=3, may_record=True)
    copy_id = follower.guest.copy_id or ""
    assert not follower.state.save_match(copy_id, _match(3), base=_match(2))
    run_apart(follower.run_pending())
    assert HOST not in follower.peers.sent
    assert [p.code for p in follower.state.problems] == ["follow-too-large"]


def test_while_the_link_is_quiet_the_copy_cannot_be_changed(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3, may_record=True)
    copy_id = follower.guest.copy_id or ""
    follower.heard("quiet")
    assert not follower.state.may_change(copy_id)
    assert not follower.state.save_match(copy_id, _match(3), base=_match(2))
    run_apart(follower.run_pending())
    assert HOST not in follower.peers.sent
    assert follower.store.load_match(copy_id) == _match(2)
    assert [p.code for p in follower.state.problems] == ["follow-quiet"]
    # Once not connected, the copy is this phone's own.
    follower.heard("closed")
    assert follower.state.save_match(copy_id, _match(3), base=_match(2))
    assert follower.store.load_match(copy_id) == _match(3)


def test_a_link_back_from_quiet_is_live_only_once_the_hosts_match_came(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3)
    assert follower.guest.live_now
    follower.heard("quiet")
    follower.heard("heard")
    # Heard again, but what the host saved meanwhile is not here yet.
    assert not follower.guest.live_now
    follower.hosts(_match(3), seq=4)
    assert follower.guest.live_now
    assert follower.store.load_match(follower.guest.copy_id or "") == _match(3)
