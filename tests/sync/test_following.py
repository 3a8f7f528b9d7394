"""Two phones linked, as at a table: every message carried from one to the
other, each side counting what comes against its sender's budget first.

The evening of issue 52: the host's tab closes, the follower records alone,
the host comes back and the follower follows again: its round is offered to
the host through the host's gate, or kept beside; never lost."""

from __future__ import annotations

from event_loops import run_apart
from follow_phones import (
    CREATED,
    HOSTS_ID,
    LinkedPhone,
    answer_code,
    offer_code,
    played,
)

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.sync.follow_guest import HOST
from companion.sync.follow_host import CameFrom

OWN_ROUND = {"Ada": 1, "Bo": 2}
"""The points of the round the follower records alone (Åse went out)."""


def _carry(host: LinkedPhone, guest: LinkedPhone, name: str) -> None:
    """Carry what each phone sent over link `name` to the other, until
    neither has more to say."""
    while host.peers.sent.get(name) or guest.peers.sent.get(HOST):
        for text in host.peers.sent.pop(name, []):
            guest.deliver(HOST, "message", text)
        for text in guest.peers.sent.pop(HOST, []):
            host.deliver(name, "message", text)


def _link(host: LinkedPhone, guest: LinkedPhone, may_record: bool = False) -> str:
    """The host offers its match, the guest answers, the link opens; the
    host lets the phone record first if `may_record`. The link's name."""
    sides = host.following.host
    run_apart(sides.make_offer(HOSTS_ID))
    assert sides.offer is not None
    name = sides.offer.name
    run_apart(guest.following.guest.answer_offer(offer_code()))
    run_apart(sides.take_answer(answer_code()))
    if may_record:
        sides.let_record(name, True)
        run_apart(host.run_pending())
        host.peers.sent.pop(name, None)
    host.deliver(name, "open")
    guest.deliver(HOST, "open")
    _carry(host, guest, name)
    return name


def _evening(may_record: bool) -> tuple[LinkedPhone, LinkedPhone, Match]:
    """Both phones already hold matches; the guest follows the host's match
    of 3 rounds, the host's tab closes, the guest records a 4th alone, the
    host comes back (a new session on its store) and the guest follows again.
    The phones then, and the guest's round."""
    host_store = Store.in_memory()
    host_store.merge(StoredMatch(HOSTS_ID, CREATED, None, played(3)))
    host_store.merge(
        StoredMatch("abcdef012345", CREATED, None, played(2, ["Cy", "Di"]))
    )
    guest_store = Store.in_memory()
    guest_store.merge(StoredMatch("fedcba543210", CREATED, None, played(1)))
    host, guest = LinkedPhone(host_store), LinkedPhone(guest_store)
    name = _link(host, guest)
    copy_id = guest.following.guest.copy_id or ""
    assert guest.store.load_match(copy_id) == played(3)
    # The host's tab closes: its link goes, and so does the session.
    guest.deliver(HOST, "closed")
    alone = played(3).record_round("Åse", OWN_ROUND)
    assert guest.state.save_match(copy_id, alone, base=played(3))
    host = LinkedPhone(host_store)
    host.deliver(name, "closed")
    _link(host, guest, may_record)
    return host, guest, alone


def test_a_round_played_alone_is_offered_to_a_host_that_lets_record() -> None:
    host, guest, alone = _evening(may_record=True)
    # Saved on the host, through its gate, and said where it came from.
    assert host.store.load_match(HOSTS_ID) == alone
    assert host.following.host.came_from[HOSTS_ID] == CameFrom(1, 4, 4)
    # And the follower, its round now the host's, is live on one copy.
    side = guest.following.guest
    assert side.live_now and side.beside is None
    assert guest.store.load_match(side.copy_id or "") == alone
    assert len(guest.store.list_matches()) == 2


def test_a_round_played_alone_is_kept_beside_when_the_host_only_lets_watch() -> None:
    host, guest, alone = _evening(may_record=False)
    assert host.store.load_match(HOSTS_ID) == played(3)
    side = guest.following.guest
    assert side.live_now and side.beside is not None
    assert guest.store.load_match(side.copy_id or "") == played(3)
    assert guest.store.load_match(side.beside) == alone
    # The host records its own 4th round: it reaches the phone, and the
    # phone's own still stands beside it.
    theirs = played(4)
    assert host.state.save_match(HOSTS_ID, theirs, base=played(3))
    run_apart(host.run_pending())
    _carry(host, guest, "phone-1")
    assert guest.store.load_match(side.copy_id or "") == theirs
    assert guest.store.load_match(side.beside) == alone
