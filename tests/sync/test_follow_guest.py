"""The phone that follows: its copy is kept as a hand-over leaves it and then
made each match the host sends; while live, its changes go to the host; the
host's refusals and unreadable words are shown, and change nothing."""

from __future__ import annotations

import json

import pytest
from event_loops import run_apart
from follow_phones import (
    CREATED,
    HOSTS_ID,
    FakePeers,
    Follower,
    answer_code,
    offer_code,
    played,
)

from companion.access.follow_messages import (
    BURST,
    read_from_phone,
    refused,
)
from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.match_code import decode_match
from companion.sync import follow_guest
from companion.sync.follow_guest import FLOOD, HOST
from companion.sync.links import LinkProblem, LinkStatus


def _match(rounds: int) -> Match:
    return played(rounds)


@pytest.fixture
def follower() -> Follower:
    return Follower()


def test_a_phone_with_a_name_says_it_to_the_host_once_the_link_opens() -> None:
    store = Store.in_memory()
    store.update_settings(phone_name="Åse")
    named = Follower(store)
    assert [json.loads(text) for text in named.peers.sent[HOST]] == [
        {"t": "name", "name": "Åse"}
    ]


def test_a_phone_with_no_name_says_none_until_it_is_given(follower: Follower) -> None:
    assert follower.peers.sent.get(HOST, []) == []
    follower.guest.tell_name("Bo")
    run_apart(follower.run_pending())
    assert [json.loads(text) for text in follower.peers.sent[HOST]] == [
        {"t": "name", "name": "Bo"}
    ]
    # A link gone hears nothing more.
    follower.heard("closed")
    follower.guest.tell_name("Åse")
    run_apart(follower.run_pending())
    assert len(follower.peers.sent[HOST]) == 1


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
    assert not follower.state.follow.may_change(copy_id)
    follower.hosts(_match(2), seq=3, may_record=True)
    assert follower.state.follow.may_change(copy_id)
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
    assert not follower.state.follow.followed_live(copy_id)
    assert follower.state.follow.may_change(copy_id)
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
    assert not follower.state.follow.followed_live(copy_id)


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
    assert not follower.state.follow.may_change(copy_id)
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


def _holding(*matches: tuple[str, Match]) -> Store:
    """A phone's store that already holds `matches` (id, match)."""
    store = Store.in_memory()
    for match_id, match in matches:
        store.merge(StoredMatch(match_id, CREATED, None, match))
    return store


OTHERS = (
    ("a1b2c3d4e5f6", Match.new("uno", ["Cy", "Di"]).record_round("Cy", {"Di": 20})),
    ("f6e5d4c3b2a1", played(4, ["Ada", "Eirik"])),
)
"""Matches a phone at the table already holds, which no follow may touch."""


def _everything(follower: Follower) -> dict[str, Match]:
    return {
        s.id: follower.store.load_match(s.id) for s in follower.store.list_matches()
    }


def _played_alone(follower: Follower) -> str:
    """The host's 3 rounds followed, the link gone, a 4th recorded alone."""
    follower.hosts(_match(3), seq=3)
    own = follower.guest.copy_id or ""
    follower.heard("closed")
    own_round = _match(3).record_round("Åse", {"Ada": 1, "Bo": 2})
    assert follower.state.save_match(own, own_round, base=_match(3))
    return own


@pytest.mark.parametrize(
    ("match", "match_id"),
    [
        (played(2), "abcdef012345"),
        (played(2, ["Ada", "Bo", "Cy"]), HOSTS_ID),
        (Match.new("uno", ["Ada", "Bo", "Åse"]), HOSTS_ID),
        (Match.new("crazy-eights", ["Ada", "Bo", "Åse"], limit=150), HOSTS_ID),
    ],
    ids=["another id", "other players", "another game", "other rules"],
)
def test_a_host_message_for_another_match_is_refused_and_said(
    match: Match, match_id: str
) -> None:
    follower = Follower(_holding(*OTHERS))
    follower.hosts(_match(2), seq=3)
    before = _everything(follower)
    for seq in (4, 5):
        follower.hosts(match, seq=seq, match_id=match_id)
    assert _everything(follower) == before
    assert [p.code for p in follower.state.problems] == ["follow-other-match"]


def test_following_again_a_copy_played_on_alone_keeps_its_round_beside() -> None:
    follower = Follower(_holding(*OTHERS))
    own = _played_alone(follower)
    kept = follower.store.load_match(own)
    follower.again()
    follower.hosts(_match(3), seq=4)
    # The host's match is followed live in a copy of its own...
    followed = follower.guest.copy_id or ""
    assert followed != own and follower.guest.live_now
    assert follower.store.load_match(followed) == _match(3)
    # ...and this phone's round stays where it was, with a line to it.
    assert follower.guest.beside == own
    assert follower.store.load_match(own) == kept
    # The host plays on its own way: still nothing of this phone's is lost.
    follower.hosts(_match(4), seq=5)
    assert follower.store.load_match(followed) == _match(4)
    assert follower.store.load_match(own) == kept
    assert {i: m for i, m in _everything(follower).items() if i in dict(OTHERS)} == (
        dict(OTHERS)
    )


def _offered(follower: Follower) -> tuple[str, Match]:
    """A round played alone, then the host's 3 rounds on a new link, the
    phone let record: this phone's copy and its match."""
    own = _played_alone(follower)
    kept = follower.store.load_match(own)
    follower.again()
    follower.hosts(_match(3), seq=4, may_record=True)
    return own, kept


def test_following_again_offers_the_round_played_alone_to_a_host_that_lets_record(
    follower: Follower,
) -> None:
    own, kept = _offered(follower)
    asked = read_from_phone(follower.peers.sent[HOST][-1])
    assert asked.seq == 4 and decode_match(asked.code).match == kept
    # Never live while showing a round the host does not have.
    assert not follower.guest.live_now
    assert follower.store.load_match(own) == kept
    # The host took it: its match is now this one, followed live.
    follower.hosts(kept, seq=5, may_record=True)
    assert follower.guest.live_now and follower.guest.copy_id == own
    assert follower.guest.beside is None
    assert list(_everything(follower).values()) == [kept]


def test_a_round_offered_that_the_host_refuses_is_kept_beside(
    follower: Follower,
) -> None:
    own, kept = _offered(follower)
    follower.heard("message", refused("follow-not-rounds"))
    followed = follower.guest.copy_id or ""
    assert followed != own and follower.guest.beside == own
    assert follower.store.load_match(followed) == _match(3)
    assert follower.store.load_match(own) == kept


def test_a_phone_holding_the_match_with_more_rounds_keeps_them() -> None:
    # The phone had the match with 3 rounds; the host's copy of it has 1.
    follower = Follower(_holding((HOSTS_ID, _match(3)), *OTHERS))
    follower.hosts(_match(1), seq=1)
    follower.hosts(_match(1).record_round("Åse", {"Ada": 9, "Bo": 9}), seq=2)
    assert follower.store.load_match(HOSTS_ID) == _match(3)
    assert follower.guest.beside == HOSTS_ID
    assert len(_everything(follower)) == 4


def test_a_copy_left_as_the_host_sent_it_takes_the_hosts_edits_when_followed_again(
    follower: Follower,
) -> None:
    follower.hosts(_match(3), seq=3)
    copy_id = follower.guest.copy_id or ""
    follower.heard("closed")
    follower.again()
    # The host took its third round back meanwhile: the host's data is the truth.
    follower.hosts(_match(2), seq=4)
    assert follower.guest.copy_id == copy_id and follower.guest.live_now
    assert list(_everything(follower).values()) == [_match(2)]


def test_a_code_that_is_no_offer_is_said_and_leaves_the_link_be(
    follower: Follower,
) -> None:
    follower.hosts(_match(2), seq=3)
    link = follower.guest.link
    # A following phone's answer, scanned where the host's offer was meant.
    run_apart(follower.guest.answer_offer(answer_code()))
    assert follower.guest.problem is LinkProblem.WRONG_KIND
    assert follower.guest.link is link and follower.guest.live_now
